import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_ITEM_TEXT } from './model'
import { isMultiLine } from './multi-line'
import { MAX_PASTE_BYTES, PASTE_TOO_LARGE_MESSAGE, parseLines, pasteSummary, utf8Length } from './paste'

describe('parseLines', () => {
  it('makes each non-empty line an item, trimmed, skipping blank and whitespace-only lines', () => {
    const result = parseLines('  Alice \n\n   \r\nBob\r\n\tCarol\t\n', 100)
    expect(result).toEqual({ ok: true, texts: ['Alice', 'Bob', 'Carol'], lines: 3, cut: 0 })
  })

  it('keeps only as many lines as there is room for and counts them all', () => {
    const text = Array.from({ length: 40 }, (_, i) => `Pupil ${i + 1}`).join('\n')
    const result = parseLines(text, 15)
    expect(result.ok && result.texts).toEqual(Array.from({ length: 15 }, (_, i) => `Pupil ${i + 1}`))
    expect(result.ok && result.lines).toBe(40)
  })

  it('cuts lines over 200 characters and counts them', () => {
    const result = parseLines(`${'x'.repeat(250)}\nshort`, 10)
    expect(result.ok && result.texts.map((t) => t.length)).toEqual([MAX_ITEM_TEXT, 5])
    expect(result.ok && result.cut).toBe(1)
  })

  it('refuses a text over 5 MB whole', () => {
    expect(parseLines('a\n'.repeat(MAX_PASTE_BYTES / 2 + 1), 10_000)).toEqual({
      ok: false,
      error: PASTE_TOO_LARGE_MESSAGE,
    })
    // Multi-byte characters count by their UTF-8 size.
    expect(parseLines('é'.repeat(MAX_PASTE_BYTES / 2 + 1), 10).ok).toBe(false)
    expect(parseLines('é'.repeat(MAX_PASTE_BYTES / 2 - 1), 10).ok).toBe(true)
  })

  it('never returns a blank, untrimmed or over-long item, nor more than the room (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 300 }), { maxLength: 30 }), fc.nat(40), (lines, room) => {
        const result = parseLines(lines.join('\n'), room)
        if (!result.ok) return false
        const nonEmpty = lines.flatMap((l) => l.split(/\r\n|\r|\n/)).filter((l) => l.trim())
        expect(result.lines).toBe(nonEmpty.length)
        expect(result.texts.length).toBe(Math.min(room, nonEmpty.length))
        for (const t of result.texts) {
          expect(t.trim()).toBe(t)
          expect(t.length).toBeGreaterThan(0)
          expect(t.length).toBeLessThanOrEqual(MAX_ITEM_TEXT)
        }
        return true
      }),
    )
  })
})

describe('utf8Length', () => {
  it('agrees with TextEncoder', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        (s) => utf8Length(s) === new TextEncoder().encode(s).length,
      ),
    )
  })
})

describe('isMultiLine and pasteSummary', () => {
  it('tells a multi-line paste from a single line', () => {
    expect(isMultiLine('one')).toBe(false)
    expect(isMultiLine('one\n\n  ')).toBe(false)
    expect(isMultiLine('one\ntwo')).toBe(true)
  })

  it('says how many lines were left out at the free limit, and how many were cut', () => {
    const texts = Array.from({ length: 15 }, () => 'x')
    expect(pasteSummary({ texts, lines: 40, cut: 0 }, { maxItems: 15, free: true })).toBe(
      'Added 15 of 40 lines: free wheels hold up to 15 items.',
    )
    expect(pasteSummary({ texts, lines: 15, cut: 2 }, { maxItems: 15, free: true })).toBe(
      '2 lines were longer than 200 characters and were cut.',
    )
    expect(pasteSummary({ texts, lines: 20, cut: 0 }, { maxItems: 10_000, free: false })).toBe(
      'Added 15 of 20 lines: a wheel holds up to 10,000 items.',
    )
    expect(pasteSummary({ texts, lines: 15, cut: 0 }, { maxItems: 15, free: true })).toBeNull()
  })
})
