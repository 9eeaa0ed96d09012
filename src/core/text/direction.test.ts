import { describe, expect, it } from 'vitest'
import { hasLetter, hasRightToLeft, textDirectionOf } from './direction'

describe('textDirectionOf', () => {
  it('follows the first strong character, as dir="auto" does', () => {
    expect(textDirectionOf('علي Ali')).toBe('rtl')
    expect(textDirectionOf('Ali علي')).toBe('ltr')
    expect(textDirectionOf('12 – שלום')).toBe('rtl')
    expect(textDirectionOf('(3) محمد')).toBe('rtl')
    expect(textDirectionOf('東京 علي')).toBe('ltr')
    expect(textDirectionOf('서울')).toBe('ltr')
  })

  it('reads text without letters left to right', () => {
    expect(textDirectionOf('')).toBe('ltr')
    expect(textDirectionOf('42 🎉')).toBe('ltr')
  })
})

describe('hasRightToLeft', () => {
  it('finds a right-to-left letter anywhere in the text', () => {
    expect(hasRightToLeft('Ali علي')).toBe(true)
    expect(hasRightToLeft('שלום!')).toBe(true)
    expect(hasRightToLeft('Pizza (2)!')).toBe(false)
    expect(hasRightToLeft('東京 123')).toBe(false)
    expect(hasRightToLeft('')).toBe(false)
  })
})

describe('hasLetter', () => {
  it('finds a letter of any script, and nothing in digits, marks and spaces', () => {
    expect(hasLetter('10 دقائق')).toBe(true)
    expect(hasLetter('東京')).toBe(true)
    expect(hasLetter('Pizza')).toBe(true)
    expect(hasLetter('10 ?! 🎉')).toBe(false)
    expect(hasLetter('')).toBe(false)
  })
})
