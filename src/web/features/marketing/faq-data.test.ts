import { afterEach, describe, expect, it } from 'vitest'
import { loadLocale } from '../../i18n/i18n'
import { FAQS, searchFaqs, translatedFaqs } from './faq-data'

describe('FAQ search', () => {
  afterEach(() => loadLocale('en'))

  it('has the 18 entries of the FAQ page', () => {
    expect(FAQS).toHaveLength(18)
  })
  it('matches every word in question or answer, any case', () => {
    const faqs = translatedFaqs(FAQS)
    expect(searchFaqs(faqs, '  ')).toHaveLength(18)
    expect(searchFaqs(faqs, 'CANCEL premium').map((f) => f.q)).toEqual([
      'How do I cancel Premium?',
      'Is there a free trial?',
    ])
    expect(searchFaqs(faqs, 'cryptographic').map((f) => f.q)).toEqual(['Are the spins really random?'])
    expect(searchFaqs(faqs, 'verifiable draw').map((f) => f.q)).toEqual([
      'Can my audience check that a giveaway was fair?',
    ])
    expect(searchFaqs(faqs, 'zebra')).toEqual([])
  })
  it('shows the price in the English answers as written', () => {
    expect(translatedFaqs(FAQS)[0]?.a).toContain('Premium ($6.99 a month) adds saved wheels')
  })
  it("searches the entries in the page's language, with its own case rules", async () => {
    await loadLocale('es')
    const spanish = translatedFaqs(FAQS)
    expect(spanish[0]?.q).toBe('¿Whirl es gratis?')
    expect(searchFaqs(spanish, 'CRIPTOGRÁFICO').map((f) => f.q)).toEqual([
      '¿Los giros son de verdad aleatorios?',
    ])
    expect(searchFaqs(spanish, 'cryptographic')).toEqual([])

    await loadLocale('tr')
    const turkish = translatedFaqs(FAQS)
    // Turkish capital İ is the capital of i: "İPTAL" finds "iptal".
    expect(searchFaqs(turkish, 'İPTAL').length).toBeGreaterThan(0)
    expect(searchFaqs(turkish, 'İPTAL', 'en')).toEqual([])
  })
})
