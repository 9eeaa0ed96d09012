import { afterEach, describe, expect, it } from 'vitest'
import { loadLocale } from '../i18n/i18n'
import { fullDate } from './long-date'

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
