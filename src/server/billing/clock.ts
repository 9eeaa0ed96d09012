/** The billing clock: real time, moved forward only by the sandbox's test clock (browser tests). */
export type BillingClock = {
  now(): Date
  /** Moves the clock forward (never back). */
  advance(ms: number): void
}

export function createBillingClock(base: () => number = Date.now): BillingClock {
  let offset = 0
  return {
    now: () => new Date(base() + offset),
    advance(ms) {
      if (Number.isFinite(ms) && ms > 0) offset += ms
    },
  }
}

/** One calendar month later (PayPal bills monthly plans on the same day of the month). */
export function addMonth(date: Date): Date {
  const next = new Date(date)
  const day = next.getUTCDate()
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + 1)
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(day, lastDay))
  return next
}
