/**
 * Whether a wheel on this page is turning, for work that should wait until none is: the service
 * worker's first install (app/service-worker.ts) cost a spin started during it a frame now and then.
 */
let turning = 0
const listeners = new Set<(turning: boolean) => void>()

/** A listener that fails is reported and never stops a spin. */
function tell(now: boolean) {
  for (const listener of listeners) {
    try {
      listener(now)
    } catch (error) {
      console.error(error)
    }
  }
}

/** Marks a wheel as turning; call the function it returns when the wheel stops (once). */
export function wheelStartsTurning(): () => void {
  turning++
  if (turning === 1) tell(true)
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    turning--
    if (turning === 0) tell(false)
  }
}

/** Calls `listener` with true when the first wheel starts turning and false when the last stops. */
export function onWheelTurning(listener: (turning: boolean) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
