import { useEffect } from 'react'

/** What the user does before acting on a page: a pointer moving, a press, a touch, a key. */
const FIRST_SIGNS = ['pointermove', 'pointerdown', 'touchstart', 'keydown'] as const

/**
 * Calls `run` once, at the user's first sign of life on the page (the events above, anywhere),
 * for code a later action needs and the page's first load does not: it then loads while the user
 * reaches for the control rather than during what the control starts. Nothing happens for a page
 * no one touches. `run` should be stable (a module-level function).
 */
export function useOnFirstInput(run: () => void): void {
  useEffect(() => {
    const stop = () => {
      for (const type of FIRST_SIGNS) window.removeEventListener(type, once, true)
    }
    const once = () => {
      stop()
      run()
    }
    for (const type of FIRST_SIGNS) window.addEventListener(type, once, { capture: true, passive: true })
    return stop
  }, [run])
}
