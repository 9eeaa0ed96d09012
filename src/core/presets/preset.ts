import { msg } from '../i18n/message-id'
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

/** Each category's name as the page shows it (translated there). */
export const CATEGORY_NAMES: Record<PresetCategory, string> = {
  Decision: msg('Decision'),
  Numbers: msg('Numbers'),
  Colors: msg('Colors'),
  Food: msg('Food'),
  Entertainment: msg('Entertainment'),
  Education: msg('Education'),
  Sports: msg('Sports'),
  Games: msg('Games'),
  Geography: msg('Geography'),
  Work: msg('Work'),
  Travel: msg('Travel'),
  Party: msg('Party'),
  Hobbies: msg('Hobbies'),
  Nature: msg('Nature'),
  Time: msg('Time'),
  Emotions: msg('Emotions'),
  Technology: msg('Technology'),
  Health: msg('Health'),
  Music: msg('Music'),
  Arts: msg('Arts'),
  Career: msg('Career'),
  Fantasy: msg('Fantasy'),
}

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
