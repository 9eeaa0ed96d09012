/** Idle time a big wheel's write waits for: more than is left between two frames of a busy page. */
const IDLE_MS = 20
/** The longest a big wheel's write waits for that idle time. */
const IDLE_WAIT_MS = 1000

/**
 * Runs `run` in the first idle period long enough for it (the page draws no frame soon), and after
 * IDLE_WAIT_MS at the latest. Without requestIdleCallback, after the next frame.
 */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback !== 'function') {
    requestAnimationFrame(() => setTimeout(run, 0))
    return
  }
  const until = performance.now() + IDLE_WAIT_MS
  const attempt = (deadline: IdleDeadline) => {
    if (deadline.didTimeout || deadline.timeRemaining() >= IDLE_MS) run()
    else requestIdleCallback(attempt, { timeout: Math.max(1, until - performance.now()) })
  }
  requestIdleCallback(attempt, { timeout: IDLE_WAIT_MS })
}
