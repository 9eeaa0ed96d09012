import { ArrowDownAZ, Shuffle, Undo2 } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { cryptoRandomSource } from '../../../core/random/random'
import { t } from '../../i18n/i18n'
import { useEditorPrefs } from '../../state/editor-prefs'
import { useListUndo } from '../../state/list-undo'
import { useWheelStore } from '../../state/wheel-store'
import { Button } from '../../ui/button'
import { buttonClass } from '../../ui/button-class'
import { ClearAllButton } from './clear-all-button'

const random = cryptoRandomSource((array) => crypto.getRandomValues(array))

export const shuffleList = () => useWheelStore.getState().shuffleItems(random)
export const sortList = () => useWheelStore.getState().sortItems()
const undoListChange = () => useWheelStore.getState().undoListChange()

/** True when a key press belongs to a text field (its own Ctrl+Z undoes typing there). */
function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT'
}

/** Shuffle, Sort A–Z, Undo and Clear all for the item list, with a live region that says what happened. */
export function ListToolbar({ count }: { count: number }) {
  const canUndo = useListUndo((s) => s.entries.length > 0)
  const announcement = useListUndo((s) => s.announcement)
  const seq = useListUndo((s) => s.seq)
  const advanced = useEditorPrefs((s) => s.advanced)
  const setAdvanced = useEditorPrefs((s) => s.setAdvanced)
  const undo = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        (event.ctrlKey || event.metaKey) &&
        !event.shiftKey &&
        !event.altKey &&
        event.key.toLowerCase() === 'z'
      ) {
        if (inTextField(event.target)) return
        if (undoListChange()) event.preventDefault()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" disabled={count < 2} onClick={shuffleList}>
        <Shuffle aria-hidden className="size-4" />
        {t('Shuffle')}
      </Button>
      <Button variant="outline" size="sm" disabled={count < 2} onClick={sortList}>
        <ArrowDownAZ aria-hidden className="size-4" />
        {t('Sort A–Z')}
      </Button>
      {/* A plain button for its ref: focus comes here after Clear all. */}
      <button
        ref={undo}
        type="button"
        className={buttonClass('outline', 'sm')}
        disabled={!canUndo}
        onClick={undoListChange}
        aria-keyshortcuts="Control+Z"
      >
        <Undo2 aria-hidden className="size-4" />
        {t('Undo')}
      </button>
      <ClearAllButton count={count} undo={undo} />
      <button
        type="button"
        role="switch"
        aria-checked={advanced}
        onClick={() => setAdvanced(!advanced)}
        className="ms-auto inline-flex items-center gap-2 rounded-lg px-2 py-2 text-sm font-semibold"
      >
        <span
          aria-hidden
          className={`relative h-5 w-9 rounded-full transition-colors ${advanced ? 'bg-brand-600' : 'bg-slate-400 dark:bg-slate-600'}`}
        >
          <span
            className={`absolute top-0.5 size-4 rounded-full bg-white transition-all ${advanced ? 'start-4.5' : 'start-0.5'}`}
          />
        </span>
        {t('Advanced')}
      </button>
      <p aria-live="polite" className="sr-only" data-testid="list-announcer">
        <span key={seq}>{announcement}</span>
      </p>
    </div>
  )
}
