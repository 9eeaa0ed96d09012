import { PALETTE } from '../wheel/model'

/** The categories of the preset catalogue (SPEC §9), in the order the dropdown lists them. */
export const PRESET_CATEGORIES = [
  'Decision',
  'Numbers',
  'Colors',
  'Food',
  'Entertainment',
  'Education',
  'Sports',
  'Games',
  'Geography',
  'Work',
  'Travel',
  'Party',
  'Hobbies',
  'Nature',
  'Time',
  'Emotions',
  'Technology',
  'Health',
  'Music',
  'Arts',
  'Career',
  'Fantasy',
] as const

export type PresetCategory = (typeof PRESET_CATEGORIES)[number]

export type Preset = {
  id: string
  name: string
  description: string
  category: PresetCategory
  items: { text: string; color: string }[]
}

/** A preset from item texts; colours follow the palette in turn unless given. */
export function preset(
  id: string,
  name: string,
  category: PresetCategory,
  description: string,
  texts: readonly string[],
  colors: readonly string[] = PALETTE,
): Preset {
  return {
    id,
    name,
    category,
    description,
    items: texts.map((text, i) => ({ text, color: colors[i % colors.length] as string })),
  }
}
