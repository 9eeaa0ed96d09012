import { dateTimeFormat } from '../i18n/formats'

/** The moment a date or an ISO string names, or null when it cannot be read. */
function readDate(value: string | Date): Date | null {
  const time = value instanceof Date ? value.getTime() : Date.parse(value)
  return Number.isNaN(time) ? null : new Date(time)
}

/** A long date in the page's language ("July 26, 2025"), or null when the value is missing or cannot be read. */
export function longDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null
  const date = readDate(value)
  return date && dateTimeFormat({ year: 'numeric', month: 'long', day: 'numeric' }).format(date)
}

/**
 * A day as the trial's mails name it, in the page's language: "Monday, November 30, 2026" (the day
 * in UTC, as the server counts it). A value that cannot be read is shown as it came.
 */
export function fullDate(value: string | Date): string {
  const date = readDate(value)
  if (!date) return String(value)
  return dateTimeFormat({
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date)
}
