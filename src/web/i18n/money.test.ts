import { afterEach, describe, expect, it } from 'vitest'
import { loadLocale } from './i18n'
import { money } from './money'

/** The text with its invisible direction marks named, so a test says where each one is. */
const marked = (text: string) =>
  text
    .replace(/\u2066/g, '<LRI>')
    .replace(/\u2069/g, '<PDI>')
    .replace(/\u200f/g, '<RLM>')
    .replace(/\u00a0/g, ' ')

describe('money', () => {
  afterEach(() => loadLocale('en'))

  it('writes an amount as the page’s language does, cents left out only when asked', async () => {
    expect(money('6.99')).toBe('$6.99')
    expect(money(0, 'USD', { short: true })).toBe('$0')
    expect(money(7)).toBe('$7.00')
    expect(money('12.5', 'EUR')).toBe('€12.50')
    await loadLocale('fr')
    expect(marked(money('6.99'))).toBe('6,99 $US')
  })

  it('keeps “US$” whole on a right-to-left page: the symbol is isolated as left-to-right text', async () => {
    await loadLocale('ar')
    const text = money(0, 'USD', { short: true })
    expect(marked(text)).toBe('<RLM>0 <LRI>US$<PDI>')
    // The same digits and symbol as Intl's own answer; only the isolation marks are added.
    const plain = new Intl.NumberFormat('ar', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    })
    expect(text.replace(/[\u2066\u2069]/g, '')).toBe(plain.format(0))
  })

  it('shows what it cannot read as it came, and a currency Intl refuses after the number', () => {
    expect(money('')).toBe('—')
    expect(money('  ')).toBe('—')
    expect(money('n/a')).toBe('n/a')
    expect(money('6.99', 'US-DOLLAR')).toBe('6.99 US-DOLLAR')
  })
})
