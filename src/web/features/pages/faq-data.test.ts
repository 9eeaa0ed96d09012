import { describe, expect, it } from 'vitest'
import { FAQS, searchFaqs } from './faq-data'

describe('FAQ search', () => {
  it('has the 15 entries of the FAQ page', () => {
    expect(FAQS).toHaveLength(15)
  })
  it('matches every word in question or answer, any case', () => {
    expect(searchFaqs(FAQS, '  ')).toHaveLength(15)
    expect(searchFaqs(FAQS, 'CANCEL premium').map((f) => f.q)).toEqual(['How do I cancel Premium?'])
    expect(searchFaqs(FAQS, 'cryptographic').map((f) => f.q)).toEqual(['Are the spins really random?'])
    expect(searchFaqs(FAQS, 'zebra')).toEqual([])
  })
})
