import { EVERYDAY_PRESETS } from './everyday'
import { LEISURE_PRESETS } from './leisure'
import type { Preset, PresetCategory } from './preset'
import { WORLD_PRESETS } from './world'

/** Every preset, in category order then as written. */
export const PRESETS: readonly Preset[] = [...EVERYDAY_PRESETS, ...LEISURE_PRESETS, ...WORLD_PRESETS]

/**
 * The presets whose name, description, category or any item text contains the query (case- and
 * accent-insensitive), in the chosen category ('All' for every category).
 */
export function searchPresets(
  presets: readonly Preset[],
  query: string,
  category: PresetCategory | 'All' = 'All',
): Preset[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  const words = fold(query).split(/\s+/).filter(Boolean)
  return presets.filter((p) => {
    if (category !== 'All' && p.category !== category) return false
    if (words.length === 0) return true
    const haystack = fold([p.name, p.description, p.category, ...p.items.map((i) => i.text)].join('\n'))
    return words.every((word) => haystack.includes(word))
  })
}
