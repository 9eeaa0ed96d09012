/**
 * Fixed-window counters in this process's memory, for a limit that guards this process's own work
 * (drawing preview images): counting costs no database query, so a refusal is free even when the
 * database is slow. Every other limit is counted in the database (limits/counter.ts).
 */
export function createMemoryWindowLimiter(windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  let sweptAt = 0
  return {
    /** Counts one hit under `key`: 0 while within `max`, else the ms until its window ends. */
    hit(key: string, max: number): number {
      const t = now()
      // Ended windows are dropped once a window, so the map holds only the addresses of the last one.
      if (t - sweptAt >= windowMs) {
        sweptAt = t
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k)
      }
      let window = windows.get(key)
      if (!window || window.resetAt <= t) {
        window = { count: 0, resetAt: t + windowMs }
        windows.set(key, window)
      }
      window.count += 1
      return window.count > max ? window.resetAt - t : 0
    },
    /** How many keys are held (tests). */
    get size(): number {
      return windows.size
    },
  }
}
