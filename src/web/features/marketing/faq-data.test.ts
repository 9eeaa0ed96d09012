import { describe, expect, it } from 'vitest'
import { FAQS, searchFaqs } from './faq-data'

describe('FAQ search', () => {
  it('has the 18 entries of the FAQ page', () => {
    expect(FAQS).toHaveLength(18)
  })
  it('matches every word in question or answer, any case', () => {
    expect(searchFaqs(FAQS, '  ')).toHaveLength(18)
    expect(searchFaqs(FAQS, 'CANCEL premium').map((f) => f.q)).toEqual([
      'How do I cancel Premium?',
      'Is there a free trial?',
    ])
    expect(searchFaqs(FAQS, 'cryptographic').map((f) => f.q)).toEqual(['Are the spins really random?'])
    expect(searchFaqs(FAQS, 'verifiable draw').map((f) => f.q)).toEqual([
      'Can my audience check that a giveaway was fair?',
    ])
    expect(searchFaqs(FAQS, 'zebra')).toEqual([])
  })
})
