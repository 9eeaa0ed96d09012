import { describe, expect, it } from 'vitest'
import { wheelSchema } from '../wheel/schema'
import { PRESETS, searchPresets } from './catalogue'
import { PRESET_CATEGORIES } from './preset'

describe('preset catalogue', () => {
  it('has about fifty presets with unique ids covering every category', () => {
    expect(PRESETS.length).toBeGreaterThanOrEqual(48)
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length)
    expect(new Set(PRESETS.map((p) => p.category))).toEqual(new Set(PRESET_CATEGORIES))
    expect(PRESET_CATEGORIES).toHaveLength(22)
  })

  it('every preset is a valid wheel of 2 to 100 distinct items with #rrggbb colours', () => {
    for (const p of PRESETS) {
      expect(p.items.length, p.id).toBeGreaterThanOrEqual(2)
      expect(p.items.length, p.id).toBeLessThanOrEqual(100)
      expect(new Set(p.items.map((i) => i.text)).size, p.id).toBe(p.items.length)
      for (const item of p.items) expect(item.color, p.id).toMatch(/^#[0-9a-f]{6}$/)
      expect(p.name.trim().length, p.id).toBeGreaterThan(0)
      expect(p.description.trim().length, p.id).toBeGreaterThan(0)
      const wheel = {
        id: null,
        name: p.name,
        items: p.items.map((item, i) => ({ id: `i${i}`, ...item })),
        settings: {
          spinDuration: 3000,
          soundEnabled: true,
          confettiEnabled: true,
          wheelSize: 300,
          mode: 'normal',
        },
      }
      expect(wheelSchema.safeParse(wheel).success, p.id).toBe(true)
    }
    const sizes = PRESETS.map((p) => p.items.length)
    expect(Math.min(...sizes)).toBe(2)
    expect(Math.max(...sizes)).toBe(100)
    expect(PRESETS.find((p) => p.name === 'Yes or No')?.items.map((i) => i.text)).toEqual(['Yes', 'No'])
    expect(PRESETS.find((p) => p.name === 'Numbers 1-100')?.items).toHaveLength(100)
  })

  it('searches name, description and items, case- and accent-insensitively, within a category', () => {
    expect(searchPresets(PRESETS, '').length).toBe(PRESETS.length)
    expect(searchPresets(PRESETS, 'yes or no').map((p) => p.id)).toContain('yes-no')
    expect(searchPresets(PRESETS, 'SUSHI').map((p) => p.id)).toEqual(['dinner'])
    expect(searchPresets(PRESETS, 'cafe').map((p) => p.id)).toContain('weekend-plans')
    expect(searchPresets(PRESETS, 'settle what').map((p) => p.id)).toEqual(['movie-genres'])
    expect(searchPresets(PRESETS, '', 'Music').every((p) => p.category === 'Music')).toBe(true)
    expect(searchPresets(PRESETS, 'dragon', 'Food')).toEqual([])
    expect(searchPresets(PRESETS, 'zzzz-nothing')).toEqual([])
  })
})
