import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ellipsize,
  fitLabel,
  hasRoomForLabel,
  LABEL_LINE_HEIGHT,
  type LabelBox,
  labelFloor,
  MAX_LABEL_PX,
  type Measure,
  MIN_LABEL_PX,
  SMALLEST_LABEL_PX,
  wheelLabelBox,
} from './labels'

/** A monospace font: every glyph 0.6 em wide. */
const mono: Measure = (text, px) => text.length * px * 0.6
/** A proportional font: glyph widths from 0.3 to 0.9 em, depending on the character. */
const proportional: Measure = (text, px) => {
  let em = 0
  for (const ch of text) em += 0.3 + ((ch.codePointAt(0) ?? 0) % 7) / 10
  return em * px
}

function counting(measure: Measure) {
  const counter = {
    calls: 0,
    measure: (t: string, px: number) => {
      counter.calls += 1
      return measure(t, px)
    },
  }
  return counter
}

describe('fitLabel', () => {
  it('uses one line at the largest size that fits', () => {
    expect(fitLabel('Pizza', { length: 200, height: 60 }, mono)).toEqual({ lines: ['Pizza'], fontPx: 28 })
    // 10 glyphs in 120 px: 0.6 · 10 · px ≤ 120 → px = 20
    expect(fitLabel('abcdefghij', { length: 120, height: 60 }, mono)).toEqual({
      lines: ['abcdefghij'],
      fontPx: 20,
    })
    // the height limits the size: floor(20 / 1.15) = 17
    expect(fitLabel('ab', { length: 200, height: 20 }, mono)?.fontPx).toBe(17)
  })

  it('splits between words into two lines before shrinking below the minimum', () => {
    const fitted = fitLabel('Chocolate ice cream', { length: 120, height: 60 }, mono)
    // one line needs px ≤ 10; two lines of whole words fit at 22 px (9 glyphs each: 0.6 · 9 · 22 ≤ 120)
    expect(fitted).toEqual({ lines: ['Chocolate', 'ice cream'], fontPx: 22 })
  })

  it('cuts with an ellipsis at 14 px, at most two lines', () => {
    const long = 'The quick brown fox jumps over the lazy dog again and again and again'
    const fitted = fitLabel(long, { length: 120, height: 40 }, mono)
    expect(fitted?.fontPx).toBe(MIN_LABEL_PX)
    expect(fitted?.lines).toHaveLength(2)
    expect(fitted?.lines[0]).toBe('The quick') // 'The quick brown' is 15 · 8.4 = 126 px
    expect(fitted?.lines[1]?.endsWith('…')).toBe(true)
    const oneLine = fitLabel(long, { length: 120, height: 20 }, mono)
    expect(oneLine?.lines).toHaveLength(1)
    expect(oneLine?.lines[0]?.endsWith('…')).toBe(true)
    const oneWord = fitLabel('Supercalifragilisticexpialidocious', { length: 120, height: 60 }, mono)
    expect(oneWord?.lines).toEqual(['Supercalifrag…']) // 14 glyphs of 8.4 px
  })

  it('collapses whitespace and skips blank text', () => {
    expect(fitLabel('  a \n\t b ', { length: 200, height: 60 }, mono)?.lines).toEqual(['a b'])
    expect(fitLabel(' \n ', { length: 200, height: 60 }, mono)).toBeNull()
  })

  it('gives up at once, without measuring, when the segment has no room for 8 px', () => {
    const counter = counting(mono)
    expect(fitLabel('Anything', { length: 150, height: 0.1 }, counter.measure)).toBeNull()
    expect(fitLabel('Anything', { length: 10, height: 100 }, counter.measure)).toBeNull()
    expect(counter.calls).toBe(0)
    expect(hasRoomForLabel({ length: 16, height: SMALLEST_LABEL_PX * LABEL_LINE_HEIGHT })).toBe(true)
    expect(hasRoomForLabel({ length: 15.9, height: 100 })).toBe(false)
    expect(hasRoomForLabel({ length: 100, height: SMALLEST_LABEL_PX * LABEL_LINE_HEIGHT - 0.01 })).toBe(false)
  })

  it('measures only a few times for a short text', () => {
    const counter = counting(proportional)
    fitLabel('Option 12', { length: 90, height: 50 }, counter.measure)
    expect(counter.calls).toBeLessThanOrEqual(6)
  })

  it('always respects the box, the line limit and the sizes, and keeps the text when nothing is cut', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9éß]{1,14}$/)
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(' ')),
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.constantFrom(mono, proportional),
        (text, length, height, measure) => {
          const box: LabelBox = { length, height }
          const fitted = fitLabel(text, box, measure)
          if (!hasRoomForLabel(box)) {
            expect(fitted).toBeNull()
            return
          }
          expect(fitted).not.toBeNull()
          if (!fitted) return
          const { lines, fontPx } = fitted
          expect(Number.isInteger(fontPx) && fontPx >= labelFloor(box) && fontPx <= MAX_LABEL_PX).toBe(true)
          expect(labelFloor(box)).toBeGreaterThanOrEqual(SMALLEST_LABEL_PX)
          expect(lines.length >= 1 && lines.length <= 2).toBe(true)
          expect(lines.length * fontPx * LABEL_LINE_HEIGHT).toBeLessThanOrEqual(height + 1e-9)
          for (const line of lines) expect(measure(line, fontPx)).toBeLessThanOrEqual(length + 1e-9)
          const shown = lines.join(' ')
          if (!shown.endsWith('…')) {
            expect(shown).toBe(text)
            // the largest size: one size up would not fit the same lines, or is not allowed
            const up = fontPx + 1
            const roomUp = up <= MAX_LABEL_PX && lines.length * up * LABEL_LINE_HEIGHT <= height
            if (roomUp && lines.length === 1) expect(measure(text, up)).toBeGreaterThan(length)
          } else {
            expect(text.startsWith(shown.slice(0, -1).trimEnd())).toBe(true)
            expect(fontPx).toBe(labelFloor(box))
          }
        },
      ),
      { numRuns: 1000 },
    )
  })
})

describe('ellipsize', () => {
  it('keeps the longest prefix that fits with the ellipsis', () => {
    expect(ellipsize('abcdefghij', 10, 40, mono)).toBe('abcde…') // 'abcdef…' is 7 · 6 = 42 px
    expect(ellipsize('abc', 10, 40, mono)).toBe('abc')
    expect(ellipsize('abcdefghij', 10, 5, mono)).toBe('…')
  })
})

describe('wheelLabelBox', () => {
  it('lies inside the segment and leaves thin segments without labels', () => {
    for (const count of [1, 2, 3, 6, 12, 20, 50, 100, 1000, 10_000]) {
      const radius = 150
      const box = wheelLabelBox(radius, count)
      const outer = radius * 0.92
      const inner = outer - box.length
      expect(inner).toBeGreaterThanOrEqual(radius * 0.2 - 1e-9)
      if (count > 1) {
        const half = Math.PI / count
        // the corners of the rectangle at the inner end stay within the wedge
        expect(Math.atan2(box.height / 2, inner)).toBeLessThanOrEqual(half + 1e-9)
      }
    }
    expect(hasRoomForLabel(wheelLabelBox(150, 6))).toBe(true)
    expect(hasRoomForLabel(wheelLabelBox(250, 10_000))).toBe(false)
  })

  it('keeps labels of at least 8 px up to 60 items at 300 px and 150 items on a full-screen wheel', () => {
    for (const [radius, count] of [
      [148, 60],
      [148, 31],
      [500, 150],
    ] as const) {
      const box = wheelLabelBox(radius, count)
      expect(hasRoomForLabel(box), `${count} items at radius ${radius}`).toBe(true)
      const fitted = fitLabel('Alexandra Richardson-Smythe', box, proportional)
      expect(fitted?.fontPx).toBeGreaterThanOrEqual(SMALLEST_LABEL_PX)
      const inner = radius * 0.92 - box.length
      expect(Math.atan2(box.height / 2, inner)).toBeLessThanOrEqual(Math.PI / count + 1e-9)
    }
    expect(fitLabel('Option 1', wheelLabelBox(150, 6), proportional)).not.toBeNull()
  })
})
