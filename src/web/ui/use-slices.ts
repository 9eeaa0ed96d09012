import { useEffect, useState } from 'react'

type Scheduler = { yield?: () => Promise<void> }

/**
 * Gives the browser a turn (paint, input) before going on: `scheduler.yield()` where Chromium has
 * it, else a new task (`setTimeout(0)`).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * How many of `total` rows to render now: `first` at once, then `step` more after each turn of the
 * browser until all are there. A long list is rendered in slices, each its own short task, rather
 * than in one task as long as the list (issue 36: no task over 50 ms).
 */
export function useSlices(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first)
  useEffect(() => {
    if (shown >= total) return
    let live = true
    void yieldToBrowser().then(() => {
      if (live) setShown((n) => Math.min(total, n + step))
    })
    return () => {
      live = false
    }
  }, [shown, total, step])
  return Math.min(shown, total)
}
