import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LOOK } from './look'
import { createItem } from './model'
import { lookSchema } from './schema'
import { applyPalette, customThemeProblem, labelColorFor, PALETTES } from './themes'

describe('themes', () => {
  it('has at least 12 built-in palettes of valid, distinct colours', () => {
    expect(PALETTES.length).toBeGreaterThanOrEqual(12)
    for (const p of PALETTES) {
      expect(new Set(p.colors).size).toBe(p.colors.length)
      expect(lookSchema.safeParse({ ...DEFAULT_LOOK, palette: [...p.colors] }).success).toBe(true)
    }
  })

  it('recolours every item in order, neighbours apart (first and last too) (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PALETTES), fc.integer({ min: 0, max: 60 }), (palette, n) => {
        const items = Array.from({ length: n }, (_, i) => createItem(`Item ${i}`, '#000000'))
        const colored = applyPalette(items, palette.colors)
        expect(colored.map((i) => i.text)).toEqual(items.map((i) => i.text))
        expect(colored.every((i) => palette.colors.includes(i.color))).toBe(true)
        if (n > 1)
          for (const [i, item] of colored.entries()) expect(item.color).not.toBe(colored[(i + 1) % n]?.color)
        if (n >= palette.colors.length)
          expect(colored.slice(0, palette.colors.length - 1).map((i) => i.color)).toEqual(
            palette.colors.slice(0, -1),
          )
      }),
    )
  })

  it('checks a custom theme: a name and 2–12 colours', () => {
    expect(customThemeProblem('Stream', ['#000000', '#ffffff'])).toBeNull()
    expect(customThemeProblem('  ', ['#000000', '#ffffff'])).toBe('Give the theme a name.')
    expect(customThemeProblem('One', ['#000000'])).toBe('A theme has 2 to 12 colours.')
    expect(
      customThemeProblem(
        'Many',
        Array.from({ length: 13 }, () => '#000000'),
      ),
    ).toBe('A theme has 2 to 12 colours.')
  })

  it('picks the label colour the theme asks for, or the automatic one', () => {
    expect(labelColorFor(undefined, '#ffffff')).toBe('#ffffff')
    expect(labelColorFor({ ...DEFAULT_LOOK, labelColor: 'black' }, '#ffffff')).toBe('#000000')
    expect(labelColorFor({ ...DEFAULT_LOOK, labelColor: 'white' }, '#000000')).toBe('#ffffff')
  })
})
