import { setSpinDecider } from '../../state/draw-spin'
import { useWheelStore } from '../../state/wheel-store'

/** A spin that never ends (the wheel was busy or waiting) gives up after its duration and this. */
const GIVE_UP_MS = 4000

/**
 * Spins the wheel on the page so that it lands on entry `index`, as a verifiable draw's spin does
 * (the decider answers the revealed winner), and resolves once the spin has ended (the result is
 * in the spin history). The spin starts as the keyboard shortcut does (Ctrl+Enter).
 */
export function spinTo(index: number): Promise<void> {
  const before = setSpinDecider(async () => ({ winnerIndex: index }))
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe()
      window.clearTimeout(timer)
      setSpinDecider(before)
      resolve()
    }
    const unsubscribe = useWheelStore.subscribe((state, previous) => {
      if (state.spinHistory !== previous.spinHistory) done()
    })
    const duration = useWheelStore.getState().currentWheel.settings.spinDuration
    const timer = window.setTimeout(done, duration + GIVE_UP_MS)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true }))
  })
}
