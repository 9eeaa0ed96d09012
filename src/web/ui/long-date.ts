import { dateTimeFormat } from '../i18n/formats'

/** A long date in the page's language ("July 26, 2025"), or null when the value is missing or cannot be read. */
export function longDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null
  const time = value instanceof Date ? value.getTime() : Date.parse(value)
  if (Number.isNaN(time)) return null
  return dateTimeFormat({ year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(time))
}

/**
 * A day as the trial's mails name it, in the page's language: "Monday, November 30, 2026" (the day
 * in UTC, as the server counts it). A value that cannot be read is shown as it came.
 */
export function fullDate(value: string | Date): string {
  const time = value instanceof Date ? value.getTime() : Date.parse(value)
  if (Number.isNaN(time)) return String(value)
  return dateTimeFormat({
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(time))
}
