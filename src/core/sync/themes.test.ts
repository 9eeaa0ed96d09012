import { describe, expect, it } from 'vitest'
import { MAX_DELETED_THEME_IDS, mergeThemes } from './themes'

const theme = (id: string) => ({ id, name: `Theme ${id}`, colors: ['#000000', '#ffffff'] })

describe('mergeThemes', () => {
  it('keeps both sides’ themes once each, the base’s first, in order', () => {
    const merged = mergeThemes(
      { themes: [theme('a'), theme('b')], deleted: [] },
      { themes: [theme('c'), theme('a')], deleted: [] },
    )
    expect(merged.themes.map((t) => t.id)).toEqual(['a', 'b', 'c'])
  })

  it('drops a theme either side removed, and remembers the removal', () => {
    const merged = mergeThemes(
      { themes: [theme('a'), theme('b')], deleted: ['x'] },
      { themes: [theme('a'), theme('x')], deleted: ['b'] },
    )
    expect(merged).toEqual({ themes: [theme('a')], deleted: ['x', 'b'] })
  })

  it('remembers only the newest removals', () => {
    const old = Array.from({ length: MAX_DELETED_THEME_IDS }, (_, i) => `o${i}`)
    const merged = mergeThemes({ themes: [], deleted: old }, { themes: [], deleted: ['new'] })
    expect(merged.deleted).toHaveLength(MAX_DELETED_THEME_IDS)
    expect(merged.deleted.at(-1)).toBe('new')
    expect(merged.deleted).not.toContain('o0')
  })
})
