import type { CustomTheme } from '../wheel/themes'

/**
 * Cloud sync of custom themes (Premium), like saved wheels: the browser keeps its themes and the
 * account keeps a copy. A theme is never edited, only added or removed, so the two sides merge by
 * id; a removed theme's id is remembered (`deleted`), so another device that still holds it does
 * not bring it back.
 */
export const MAX_CUSTOM_THEMES = 50
/** How many removed theme ids are remembered (the newest). */
export const MAX_DELETED_THEME_IDS = 200

export type ThemeSync = { themes: CustomTheme[]; deleted: string[] }

export const THEME_SYNC_MESSAGES = {
  premiumRequired: 'Syncing custom themes needs a Premium plan.',
  invalid: 'The themes sent could not be read. Nothing was changed.',
  tooMany: `You can keep up to ${MAX_CUSTOM_THEMES} custom themes. Delete some to make room.`,
} as const

/**
 * Both sides' themes in one list: `base`'s first, in their order, then `incoming`'s new ones,
 * without any id either side removed. The removed ids are joined, the newest kept.
 */
export function mergeThemes(base: ThemeSync, incoming: ThemeSync): ThemeSync {
  const deleted = [...new Set([...base.deleted, ...incoming.deleted])].slice(-MAX_DELETED_THEME_IDS)
  const gone = new Set(deleted)
  const seen = new Set<string>()
  const themes: CustomTheme[] = []
  for (const theme of [...base.themes, ...incoming.themes]) {
    if (gone.has(theme.id) || seen.has(theme.id)) continue
    seen.add(theme.id)
    themes.push(theme)
  }
  return { themes, deleted }
}
