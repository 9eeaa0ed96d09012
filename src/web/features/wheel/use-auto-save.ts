import { useEffect, useRef, useState } from 'react'
import { AUTO_SAVE_DELAY_MS, type AutoSaveState, autoSaveState } from '../../../core/wheel/auto-save'
import { useWheelStore } from '../../state/wheel-store'

/** What the wheel page shows beside Save Wheel about auto-save. */
export type AutoSaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saved' }
  | { kind: 'waiting'; reason: Extract<AutoSaveState, 'renamed' | 'elimination'> }
  | { kind: 'failed'; message: string }

/**
 * Auto-save (the global `autoSave` setting, premium): a loaded saved wheel saves itself a second
 * after each change. Runs on the wheel page whatever tab is open, since spins change the wheel too.
 */
export function useAutoSave(premium: boolean): AutoSaveStatus {
  const current = useWheelStore((s) => s.currentWheel)
  const autoSave = useWheelStore((s) => s.settings.autoSave)
  const [status, setStatus] = useState<AutoSaveStatus>({ kind: 'idle' })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const first = useRef(true)
  const options = useRef({ premium, autoSave })
  options.current = { premium, autoSave }

  useEffect(() => {
    // The wheel as the page opened with it (a load, a reload) is nothing to save.
    if (first.current) {
      first.current = false
      return
    }
    const now = autoSaveState(current, useWheelStore.getState().savedWheels, options.current)
    if (now === 'off' || now === 'not-saved') {
      setStatus({ kind: 'idle' })
      return
    }
    if (now === 'unchanged') {
      // Saved by hand (or nothing left to save): a save still waiting, or the renamed note, is over.
      clearTimeout(timer.current)
      timer.current = undefined
      setStatus((was) => (was.kind === 'saved' ? was : { kind: 'idle' }))
      return
    }
    setStatus({ kind: 'pending' })
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      timer.current = undefined
      const store = useWheelStore.getState()
      const state = autoSaveState(store.currentWheel, store.savedWheels, options.current)
      if (state === 'renamed' || state === 'elimination') setStatus({ kind: 'waiting', reason: state })
      else if (state !== 'due') setStatus({ kind: 'idle' })
      else {
        const outcome = store.saveCurrentWheel()
        setStatus(outcome.ok ? { kind: 'saved' } : { kind: 'failed', message: outcome.error })
      }
    }, AUTO_SAVE_DELAY_MS)
  }, [current])

  // Leaving the page saves a change that is still waiting, rather than dropping it.
  useEffect(
    () => () => {
      if (timer.current === undefined) return
      clearTimeout(timer.current)
      const store = useWheelStore.getState()
      if (autoSaveState(store.currentWheel, store.savedWheels, options.current) === 'due')
        store.saveCurrentWheel()
    },
    [],
  )
  return status
}

export const AUTO_SAVE_TEXT = {
  pending: 'Saving…',
  saved: 'Saved',
  renamed: 'Not saved automatically: you renamed the wheel. Press Save Wheel to update it or save it as new.',
  elimination:
    'Not saved automatically in elimination mode, so a game never shrinks the saved wheel. Press Save Wheel to keep the changes.',
} as const
