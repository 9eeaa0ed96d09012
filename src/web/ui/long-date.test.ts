import { afterEach, describe, expect, it } from 'vitest'
import { loadLocale } from '../i18n/i18n'
import { fullDate, longDate } from './long-date'

describe('fullDate', () => {
  afterEach(() => loadLocale('en'))

  it('names the UTC day with its weekday, in the page’s language', async () => {
    expect(fullDate('2026-11-30T23:30:00.000Z')).toBe('Monday, November 30, 2026')
    expect(fullDate(new Date('2026-12-01T00:10:00.000Z'))).toBe('Tuesday, December 1, 2026')
    await loadLocale('de')
    expect(fullDate('2026-11-30T12:00:00.000Z')).toBe('Montag, 30. November 2026')
  })

  it('shows a value it cannot read as it came', () => {
    expect(fullDate('someday')).toBe('someday')
  })
})

describe('longDate', () => {
  it('writes the date in the page’s language, and nothing for a missing or unreadable value', () => {
    expect(longDate('2025-07-26T12:00:00.000Z')).toBe('July 26, 2025')
    expect(longDate(new Date('2025-07-26T12:00:00.000Z'))).toBe('July 26, 2025')
    expect(longDate(null)).toBeNull()
    expect(longDate('')).toBeNull()
    expect(longDate('someday')).toBeNull()
  })
})
