/**
 * The app's first frame, for work that may wait until the first page has been painted. The first
 * commit of a page builds its whole DOM, and the browser then works out its styles and layout and
 * paints it in one go: on a slow phone that is one long task, and every piece of work added to it
 * makes it longer (Total Blocking Time, decision 0019). Work that can show a frame later (the
 * wheel's first drawing) runs after it, each piece in a task of its own. Once the first frame has
 * passed, everything runs at once.
 */
let passed = typeof window === 'undefined'
let queue: (() => void)[] | null = null

/** After 250 ms at the latest: a frame that never comes (a hidden tab) must not hold anything back. */
const LATEST_MS = 250

/** Whether the app's first frame has been painted. */
export const firstFramePassed = () => passed

/**
 * Runs `run` in a task of its own after the app's first frame has been painted, or at once when
 * it already has. Answers a function that cancels it.
 */
export function afterFirstFrame(run: () => void): () => void {
  if (passed) {
    run()
    return () => {}
  }
  let live = true
  if (!queue) {
    const waiting: (() => void)[] = []
    queue = waiting
    const pass = () => {
      if (passed) return
      passed = true
      // One task each: together they would be one long task again.
      for (const next of waiting) setTimeout(next)
    }
    // The frame callback runs just before the frame is drawn; the task after it, once it has been.
    requestAnimationFrame(() => setTimeout(pass))
    setTimeout(pass, LATEST_MS)
  }
  queue.push(() => live && run())
  return () => {
    live = false
  }
}
