import { Upload } from 'lucide-react'
import { useRef } from 'react'
import type { ImportResult, NoteText } from '../../../core/wheel/import-export'
import { isolate, t } from '../../i18n/i18n'
import { clearListUndo } from '../../state/list-undo'
import { showNotice } from '../../state/notice-store'
import { usePlan } from '../../state/use-plan'
import { useWheelStore } from '../../state/wheel-store'
import { buttonClass } from '../../ui/button-class'

/** What an import changed or left out, in the page's language. */
export const importNote = (parts: readonly NoteText[]) =>
  parts
    .map((part) => {
      const text = t(part.message, part.values)
      return part.wheel === undefined
        ? text
        : t('“{name}”: {note}', { name: isolate(part.wheel), note: text })
    })
    .join(' ')

export type ImportOutcome = { ok: true; name: string } | { ok: false; error: string }

/**
 * "Import": picks a .json wheel file, reads it with `read` (readWheelFile, which a page may load on
 * first use) and adds it to the saved wheels as the current wheel, with the file's other wheels
 * when it held several and the plan saves wheels (else only the first). What the reading changed
 * or left out (a Wheel of Names file) is shown as a notice. The page says how it went (`onImported`); a bad
 * file changes nothing.
 */
export function ImportWheelButton({
  read,
  onImported,
  onStart,
}: {
  read: (file: File) => Promise<ImportResult>
  onImported: (outcome: ImportOutcome) => void
  onStart?: () => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const canSave = usePlan().canSave

  const importFile = async (file: File | undefined) => {
    if (!file) return
    onStart?.()
    const result = await read(file)
    if (!result.ok) return onImported(result)
    const outcome = useWheelStore.getState().importWheel(result.wheel, canSave ? result.more : undefined)
    if (outcome.ok) clearListUndo()
    if (outcome.ok && result.note) showNotice(result.noteText ? importNote(result.noteText) : result.note)
    onImported(outcome.ok ? { ok: true, name: result.wheel.name } : outcome)
  }

  return (
    <>
      <button type="button" className={buttonClass('outline', 'sm')} onClick={() => input.current?.click()}>
        <Upload aria-hidden className="size-4" />
        {t('Import')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="hidden"
        aria-label={t('Import a wheel file')}
        data-testid="import-file"
        onChange={(e) => {
          void importFile(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </>
  )
}
