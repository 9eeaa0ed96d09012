/** A long US date ("July 26, 2025"), or null when the value is missing or cannot be read. */
export function longDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null
  const time = value instanceof Date ? value.getTime() : Date.parse(value)
  if (Number.isNaN(time)) return null
  return new Date(time).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
}
