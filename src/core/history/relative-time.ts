const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * When a spin happened, as the history shows it (SPEC §9): 'Just now' under a minute, 'Nm ago'
 * under an hour, 'Nh ago' under a day, otherwise the date. A time in the future (a clock that moved)
 * reads 'Just now'; an unreadable one reads ''.
 */
export function relativeTime(timestamp: string, now: Date, locale?: string): string {
  const age = spinAge(timestamp, now)
  if (age === null) return ''
  if (age.unit === 'now') return 'Just now'
  if (age.unit === 'date')
    return new Date(age.time).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' })
  return age.unit === 'minute' ? `${age.amount}m ago` : `${age.amount}h ago`
}

/** How long ago a spin was, for a page that words it in its own language; null when unreadable. */
export type SpinAge =
  | { unit: 'now' }
  | { unit: 'minute' | 'hour'; amount: number }
  | { unit: 'date'; time: number }

export function spinAge(timestamp: string, now: Date): SpinAge | null {
  const t = Date.parse(timestamp)
  if (Number.isNaN(t)) return null
  const age = now.getTime() - t
  if (age < MINUTE) return { unit: 'now' }
  if (age < HOUR) return { unit: 'minute', amount: Math.floor(age / MINUTE) }
  if (age < DAY) return { unit: 'hour', amount: Math.floor(age / HOUR) }
  return { unit: 'date', time: t }
}
