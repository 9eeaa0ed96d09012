import { useEffect, useMemo, useRef, useState } from 'react'
import { AUTO_SAVE_DELAY_MS, autoSaveState } from '../../../core/wheel/auto-save'
import type { Wheel } from '../../../core/wheel/model'
import { writeSavedNow } from '../../state/browser-data'
import { useWheelStore } from '../../state/wheel-store'
import { type AutoSaveStatus, autoSaveStatus } from './auto-save-status'

/**
 * Auto-save (the global `autoSave` setting, premium): a loaded saved wheel saves itself a second
 * after each change, a rename included. Runs on the wheel page whatever tab is open, since spins
 * change the wheel too. What it says is worked out from the wheel and its saved copy each time, so
 * a loaded saved wheel always shows its state: saved, saving, or not saved and why (decision 0032).
 */
export function useAutoSave(premium: boolean): AutoSaveStatus {
  const current = useWheelStore((s) => s.currentWheel)
  const savedWheels = useWheelStore((s) => s.savedWheels)
  const autoSave = useWheelStore((s) => s.settings.autoSave)
  const state = useMemo(
    () => autoSaveState(current, savedWheels, { premium, autoSave }),
    [current, savedWheels, premium, autoSave],
  )
  // The wheel auto-save last dealt with: the one the page opened with (a load, a reload: nothing to
  // save), then each one that was the same as its saved copy or that it saved. Only a change away
  // from it is saved, so a newer copy from elsewhere is never overwritten by an older one here.
  const settled = useRef(current)
  const [failure, setFailure] = useState<{ wheel: Wheel; message: string } | null>(null)
  // The wheel just saved, while the browser is still storing it.
  const [writing, setWriting] = useState<Wheel | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const options = useRef({ premium, autoSave })
  options.current = { premium, autoSave }

  useEffect(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    const now = autoSaveState(current, useWheelStore.getState().savedWheels, { premium, autoSave })
    if (now === 'unchanged') settled.current = current
    if (now !== 'due' || current === settled.current) return
    timer.current = setTimeout(() => {
      timer.current = undefined
      const store = useWheelStore.getState()
      if (autoSaveState(store.currentWheel, store.savedWheels, options.current) === 'due') {
        const outcome = store.saveCurrentWheel({ keepTypedName: true })
        setFailure(outcome.ok ? null : { wheel: store.currentWheel, message: outcome.error })
        if (outcome.ok) {
          const written = useWheelStore.getState().currentWheel
          setWriting(written)
          void writeSavedNow().then(() => setWriting((w) => (w === written ? null : w)))
        }
      }
      settled.current = useWheelStore.getState().currentWheel
    }, AUTO_SAVE_DELAY_MS)
  }, [current, premium, autoSave])

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

  return autoSaveStatus(state, {
    scheduled: current !== settled.current,
    writing: writing === current,
    failed: failure?.wheel === current ? failure.message : null,
  })
}
