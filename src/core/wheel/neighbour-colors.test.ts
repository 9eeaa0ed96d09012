import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PALETTE } from './model'
import { colorBetween, colorsForAppended, colorsForList } from './neighbour-colors'

const ringOk = (colors: readonly string[]) =>
  colors.length < 2 || colors.every((c, i) => c !== colors[(i + 1) % colors.length])

describe('neighbour colours', () => {
  it('picks a palette colour unlike both neighbours', () => {
    expect(colorBetween(PALETTE[0], PALETTE[1], 0)).toBe(PALETTE[2])
    expect(colorBetween('#EF4444', undefined, 0)).toBe(PALETTE[1])
  })

  it('gives the seventh item of the default wheel a colour unlike Option 6 and Option 1', () => {
    const defaults = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#8b5cf6'].map((color) => ({
      color,
    }))
    const [seventh] = colorsForAppended(defaults, 1)
    expect(seventh).not.toBe('#8b5cf6')
    expect(seventh).not.toBe('#ef4444')
  })

  it('keeps every pair of neighbours apart, first and last included, for any appended run (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PALETTE), { maxLength: 20 }),
        fc.integer({ min: 1, max: 40 }),
        (start, n) => {
          // Start from a wheel whose neighbours already differ.
          const base = ringOk(start) ? start : colorsForList(start.length)
          const added = colorsForAppended(
            base.map((color) => ({ color })),
            n,
          )
          const all = [...base, ...added]
          expect(all.every((c) => (PALETTE as readonly string[]).includes(c))).toBe(true)
          if (all.length > 1) expect(ringOk(all)).toBe(true)
        },
      ),
    )
  })

  it('colours a whole list with no two neighbours alike and no one-colour disc', () => {
    for (let n = 2; n <= 30; n++) expect(ringOk(colorsForList(n))).toBe(true)
    expect(new Set(colorsForList(12)).size).toBeGreaterThan(2)
  })
})
