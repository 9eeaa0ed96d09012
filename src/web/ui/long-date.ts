import { dateTimeFormat } from '../i18n/formats'

/** A long date in the page's language ("July 26, 2025"), or null when the value is missing or cannot be read. */
export function longDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null
  const time = value instanceof Date ? value.getTime() : Date.parse(value)
  if (Number.isNaN(time)) return null
  return dateTimeFormat({ year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(time))
}
