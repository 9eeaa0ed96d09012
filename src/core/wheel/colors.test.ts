import { describe, expect, it } from 'vitest'
import { seededRandomSource } from '../random/random'
import { chiSquareTest } from '../testing/chi-square'
import {
  isValidHexColor,
  luminance,
  normalizeHex,
  parseHex,
  randomPaletteColor,
  textColorFor,
} from './colors'
import { DEFAULT_COLORS, PALETTE } from './model'

describe('colours', () => {
  it('black text on light colours, white on dark, by luminance above 0.5', () => {
    expect(textColorFor('#eab308')).toBe('#000000')
    expect(textColorFor('#ffffff')).toBe('#000000')
    expect(textColorFor('#FFF')).toBe('#000000')
    expect(textColorFor('#3b82f6')).toBe('#ffffff')
    expect(textColorFor('#000')).toBe('#ffffff')
    expect(textColorFor('#808080')).toBe('#000000') // 128/255 = 0.502
    expect(textColorFor('#7f7f7f')).toBe('#ffffff') // 127/255 = 0.498
  })

  it('treats what is not a hex colour as dark (white text) without throwing', () => {
    for (const bad of ['not a colour', '', '#12', '#abcd', 'fff', null, undefined, 42, {}])
      expect(textColorFor(bad)).toBe('#ffffff')
    expect(luminance('#ff0000')).toBeCloseTo(0.299, 6)
  })

  it('gives every palette and default colour a text colour', () => {
    const expected: Record<string, string> = {
      '#ef4444': '#ffffff',
      '#f97316': '#000000',
      '#eab308': '#000000',
      '#22c55e': '#000000',
      '#06b6d4': '#000000',
      '#3b82f6': '#ffffff',
      '#8b5cf6': '#ffffff',
      '#ec4899': '#000000',
      '#f43f5e': '#ffffff',
      '#84cc16': '#000000',
    }
    for (const c of [...PALETTE, ...DEFAULT_COLORS]) expect(textColorFor(c)).toBe(expected[c])
  })

  it('validates, parses and normalises hex colours', () => {
    expect(isValidHexColor('#abc')).toBe(true)
    expect(isValidHexColor('#ABCDEF')).toBe(true)
    for (const bad of ['red', '#abcd', '#abcdef0', 'abc', '#ggg', ' #abc', 7])
      expect(isValidHexColor(bad)).toBe(false)
    expect(parseHex('#1a2')).toEqual([0x11, 0xaa, 0x22])
    expect(parseHex('nope')).toBeNull()
    expect(normalizeHex('#ABC')).toBe('#aabbcc')
    expect(normalizeHex(' #00FF00 ')).toBe('#00ff00')
    expect(normalizeHex('javascript:alert(1)')).toBe('#3b82f6')
    expect(normalizeHex(undefined, '#000000')).toBe('#000000')
  })

  it('picks palette colours uniformly', () => {
    const source = seededRandomSource(10)
    const counts = new Map<string, number>()
    for (let i = 0; i < 50_000; i++) {
      const c = randomPaletteColor(source)
      counts.set(c, (counts.get(c) ?? 0) + 1)
    }
    expect([...counts.keys()].sort()).toEqual([...PALETTE].sort())
    expect(chiSquareTest([...counts.values()]).pValue).toBeGreaterThan(1e-6)
  })
})
