const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * When a spin happened, as the history shows it (SPEC §9): 'Just now' under a minute, 'Nm ago'
 * under an hour, 'Nh ago' under a day, otherwise the date. A time in the future (a clock that moved)
 * reads 'Just now'; an unreadable one reads ''.
 */
export function relativeTime(timestamp: string, now: Date, locale?: string): string {
  const t = Date.parse(timestamp)
  if (Number.isNaN(t)) return ''
  const age = now.getTime() - t
  if (age < MINUTE) return 'Just now'
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m ago`
  if (age < DAY) return `${Math.floor(age / HOUR)}h ago`
  return new Date(t).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' })
}
