import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ellipsize,
  fitWheelLabels,
  hasRoomForLabel,
  LABEL_LINE_HEIGHT,
  type LabelBox,
  MAX_LABEL_PX,
  type Measure,
  MIN_LABEL_PX,
  PICTURE_RING,
  readsUpsideDown,
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

const same = (box: LabelBox) => () => box

describe('fitWheelLabels', () => {
  it('gives every label of a wheel one size: the largest at which the longest still fits', () => {
    // 'Mia White' alone would take 28 px; 'Lucas Thompson' on one line needs px ≤ 200 / (14 · 0.6) = 23.8.
    const fitted = fitWheelLabels(['Mia White', 'Lucas Thompson'], same({ length: 200, height: 33 }), mono)
    expect(fitted).toEqual({ fontPx: 23, lines: [['Mia White'], ['Lucas Thompson']] })
    // Alone, the short name takes the largest size the box allows.
    expect(fitWheelLabels(['Mia White'], same({ length: 200, height: 60 }), mono)?.fontPx).toBe(MAX_LABEL_PX)
  })

  it('splits a label between words into two lines when that keeps the size larger', () => {
    const fitted = fitWheelLabels(['Chocolate ice cream', 'Tea'], same({ length: 120, height: 60 }), mono)
    // one line needs px ≤ 10; two lines of whole words fit at 22 px (9 glyphs each: 0.6 · 9 · 22 ≤ 120)
    expect(fitted).toEqual({ fontPx: 22, lines: [['Chocolate', 'ice cream'], ['Tea']] })
  })

  it('breaks Japanese and Korean labels between characters, as they have no spaces between words', () => {
    // A CJK glyph is a full em wide: 10 glyphs on one line need px ≤ 12; on two lines of 5, px ≤ 24.
    const fullWidth: Measure = (text, px) => [...text].length * px
    const fitted = fitWheelLabels(
      ['東京スカイツリー展望台', '대한민국서울특별시청'],
      same({ length: 120, height: 60 }),
      fullWidth,
    )
    expect(fitted?.fontPx).toBe(20)
    expect(fitted?.lines).toEqual([
      ['東京スカイツ', 'リー展望台'],
      ['대한민국서울', '특별시청'],
    ])
    // Every line fits its box: no glyph is clipped at the rim.
    for (const line of fitted?.lines.flatMap((l) => l ?? []) ?? [])
      expect(fullWidth(line, 20)).toBeLessThanOrEqual(120)
  })

  it('does not start a Japanese line with a closing mark or a small kana', () => {
    const fullWidth: Measure = (text, px) => [...text].length * px
    const fitted = fitWheelLabels(['あいうえおっかきくけ'], same({ length: 100, height: 60 }), fullWidth)
    expect(fitted?.lines[0]?.[1]?.startsWith('っ')).toBe(false)
  })

  it('never goes below 14 px: what does not fit there is cut with an ellipsis, in at most two lines', () => {
    const long = 'The quick brown fox jumps over the lazy dog again and again and again'
    const fitted = fitWheelLabels(
      [long, 'Supercalifragilisticexpialidocious', 'Yes'],
      same({ length: 120, height: 40 }),
      mono,
    )
    expect(fitted?.fontPx).toBe(MIN_LABEL_PX)
    const [first, word, short] = fitted?.lines ?? []
    expect(first).toHaveLength(2)
    expect(first?.[0]).toBe('The quick') // 'The quick brown' is 15 · 8.4 = 126 px
    expect(first?.[1]?.endsWith('…')).toBe(true)
    expect(word).toEqual(['Supercalifrag…']) // 14 glyphs of 8.4 px
    expect(short).toEqual(['Yes'])
    const oneLine = fitWheelLabels([long], same({ length: 120, height: 20 }), mono)
    expect(oneLine?.lines[0]).toHaveLength(1)
    expect(oneLine?.lines[0]?.[0]?.endsWith('…')).toBe(true)
  })

  it('collapses whitespace and skips blank text', () => {
    expect(fitWheelLabels(['  a \n\t b ', ' \n '], same({ length: 200, height: 60 }), mono)?.lines).toEqual([
      ['a b'],
      null,
    ])
    expect(fitWheelLabels([' ', ''], same({ length: 200, height: 60 }), mono)).toBeNull()
  })

  it('draws no labels, without measuring, when the segments have no room for a 14 px line', () => {
    const counter = counting(mono)
    expect(fitWheelLabels(['Anything'], same({ length: 150, height: 16 }), counter.measure)).toBeNull()
    expect(fitWheelLabels(['Anything'], same({ length: 27, height: 100 }), counter.measure)).toBeNull()
    expect(counter.calls).toBe(0)
    expect(hasRoomForLabel({ length: 28, height: MIN_LABEL_PX * LABEL_LINE_HEIGHT })).toBe(true)
    expect(hasRoomForLabel({ length: 100, height: MIN_LABEL_PX * LABEL_LINE_HEIGHT - 0.01 })).toBe(false)
  })

  it('labels only the segments with room on a weighted wheel, at one size', () => {
    const boxes = [
      { length: 200, height: 60 },
      { length: 200, height: 5 },
      { length: 100, height: 40 },
    ]
    const fitted = fitWheelLabels(['Big one', 'Thin', 'Mid one'], (i) => boxes[i] as LabelBox, mono)
    // 'Mid one' in 100 px: px ≤ 100 / 4.2 = 23.8, and two lines need 2 · 1.15 · px ≤ 40
    expect(fitted).toEqual({ fontPx: 23, lines: [['Big one'], null, ['Mid one']] })
  })

  it('measures a few times per label, not a search per label', () => {
    const counter = counting(proportional)
    const texts = Array.from({ length: 100 }, (_, i) => `Option ${i + 1}`)
    fitWheelLabels(texts, same({ length: 90, height: 50 }), counter.measure)
    expect(counter.calls).toBeLessThanOrEqual(9 * texts.length)
  })

  it('always respects the boxes, the line limit and one size ≥ 14 px, and keeps a text whole when it fits', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9éß]{1,14}$/)
    const text = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '))
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.constantFrom(mono, proportional),
        (texts, length, height, measure) => {
          const box: LabelBox = { length, height }
          const fitted = fitWheelLabels(texts, same(box), measure)
          if (!hasRoomForLabel(box)) {
            expect(fitted).toBeNull()
            return
          }
          if (!fitted) return
          const { lines, fontPx } = fitted
          expect(Number.isInteger(fontPx) && fontPx >= MIN_LABEL_PX && fontPx <= MAX_LABEL_PX).toBe(true)
          let cut = false
          texts.forEach((t, i) => {
            const own = lines[i]
            if (!own) return
            expect(own.length >= 1 && own.length <= 2).toBe(true)
            expect(own.length * fontPx * LABEL_LINE_HEIGHT).toBeLessThanOrEqual(height + 1e-9)
            for (const line of own) expect(measure(line, fontPx)).toBeLessThanOrEqual(length + 1e-9)
            const shown = own.join(' ')
            if (shown.endsWith('…')) {
              cut = true
              expect(t.startsWith(shown.slice(0, -1).trimEnd().split(' ')[0] ?? '')).toBe(true)
            } else expect(shown).toBe(t)
          })
          // A label was cut only at the smallest size.
          if (cut) expect(fontPx).toBe(MIN_LABEL_PX)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('readsUpsideDown', () => {
  it('turns the labels that point into the left half of the screen, and only those', () => {
    const deg = (d: number) => (d * Math.PI) / 180
    for (const d of [100, 180, 225, 260, -100, 180 + 720]) expect(readsUpsideDown(deg(d)), `${d}°`).toBe(true)
    for (const d of [0, 45, 90, 270, 300, -45, 360 + 10]) expect(readsUpsideDown(deg(d)), `${d}°`).toBe(false)
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

  it('carries 14 px labels up to 30 items at 300 px and 120 on a full-screen wheel, none on 500 items at 500 px', () => {
    for (const [radius, count] of [
      [148, 30],
      [148, 12],
      [500, 120],
    ] as const) {
      const box = wheelLabelBox(radius, count)
      expect(hasRoomForLabel(box), `${count} items at radius ${radius}`).toBe(true)
      const fitted = fitWheelLabels(['Alexandra Richardson-Smythe'], same(box), proportional)
      expect(fitted?.fontPx).toBeGreaterThanOrEqual(MIN_LABEL_PX)
    }
    expect(hasRoomForLabel(wheelLabelBox(248, 500))).toBe(false)
    expect(hasRoomForLabel(wheelLabelBox(98, 40))).toBe(false)
  })
})

describe('the label box on a wheel with pictures', () => {
  it('starts beyond the pictures, ends where the others end and keeps its height', () => {
    for (const count of [2, 6, 12, 40]) {
      const plain = wheelLabelBox(150, count)
      const pictured = wheelLabelBox(150, count, true)
      const outer = 150 * 0.92
      const pictureEnd = 150 * (PICTURE_RING.centre + PICTURE_RING.side / 2)
      expect(outer - pictured.length).toBeGreaterThanOrEqual(pictureEnd)
      expect(pictured.length).toBeLessThanOrEqual(plain.length)
      expect(pictured.height).toBe(plain.height)
    }
  })
})
