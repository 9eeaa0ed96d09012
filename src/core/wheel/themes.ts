import { msg } from '../i18n/message-id'
import { isStorableText } from '../text/storable'
import { isHexColor, isValidId, pick } from './check-basics'
import { MAX_THEME_COLORS, MIN_THEME_COLORS, type WheelLook } from './look'
import type { Item } from './model'
import { colorsForList } from './neighbour-colors'

/**
 * Wheel themes (Premium): palettes that recolour the items, and the look of the wheel (label
 * colour, label font, centre dot). A wheel without a look is drawn as before.
 */

export type Palette = { id: string; name: string; colors: readonly string[] }

export const PALETTES: readonly Palette[] = [
  {
    id: 'rainbow',
    name: msg('Rainbow'),
    colors: ['#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#8b5cf6'],
  },
  {
    id: 'pastel',
    name: msg('Pastel'),
    colors: ['#fecaca', '#fed7aa', '#fef08a', '#bbf7d0', '#bfdbfe', '#ddd6fe'],
  },
  { id: 'ocean', name: msg('Ocean'), colors: ['#0c4a6e', '#0369a1', '#0ea5e9', '#67e8f9', '#14b8a6'] },
  { id: 'forest', name: msg('Forest'), colors: ['#14532d', '#15803d', '#4ade80', '#a3e635', '#854d0e'] },
  { id: 'sunset', name: msg('Sunset'), colors: ['#7c2d12', '#ea580c', '#fb923c', '#fbbf24', '#db2777'] },
  { id: 'neon', name: msg('Neon'), colors: ['#f0abfc', '#22d3ee', '#a3e635', '#facc15', '#fb7185'] },
  { id: 'candy', name: msg('Candy'), colors: ['#ec4899', '#f9a8d4', '#a855f7', '#fde047', '#38bdf8'] },
  { id: 'earth', name: msg('Earth'), colors: ['#78350f', '#a16207', '#d6d3d1', '#57534e', '#65a30d'] },
  { id: 'mono', name: msg('Greyscale'), colors: ['#111827', '#4b5563', '#9ca3af', '#e5e7eb'] },
  { id: 'royal', name: msg('Royal'), colors: ['#1e3a8a', '#7c3aed', '#fbbf24', '#be123c'] },
  { id: 'retro', name: msg('Retro'), colors: ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'] },
  { id: 'berry', name: msg('Berry'), colors: ['#4c0519', '#9f1239', '#e11d48', '#fda4af', '#7e22ce'] },
  { id: 'mint', name: msg('Mint'), colors: ['#064e3b', '#10b981', '#a7f3d0', '#0891b2', '#ecfeff'] },
]

export const MAX_THEME_NAME = 40

export type CustomTheme = { id: string; name: string; colors: string[] }

/**
 * A stored or synced custom theme as `customThemeSchema` (sync/theme-schema.ts) returns it, or
 * null where the schema refuses it; without zod, for the wheel page.
 */
export function strictCustomTheme(value: unknown): CustomTheme | null {
  const theme = pick(value, ['id', 'name', 'colors'])
  const ok =
    theme !== null &&
    isValidId(theme.id) &&
    typeof theme.name === 'string' &&
    theme.name.length <= MAX_THEME_NAME &&
    theme.name.trim().length > 0 &&
    isStorableText(theme.name) &&
    Array.isArray(theme.colors) &&
    theme.colors.length >= MIN_THEME_COLORS &&
    theme.colors.length <= MAX_THEME_COLORS &&
    theme.colors.every(isHexColor)
  return ok ? (theme as CustomTheme) : null
}

/**
 * Checks a custom theme the user made: the reason it is refused, or null when it is fine. The numbers
 * in the messages are MAX_THEME_NAME, MIN_THEME_COLORS and MAX_THEME_COLORS (a test keeps them together).
 */
export function customThemeProblem(name: string, colors: readonly string[]): string | null {
  if (!name.trim()) return msg('Give the theme a name.')
  if (name.trim().length > MAX_THEME_NAME) return msg('A theme name has at most 40 characters.')
  if (colors.length < MIN_THEME_COLORS || colors.length > MAX_THEME_COLORS)
    return msg('A theme has 2 to 12 colours.')
  if (!colors.every((c) => /^#[0-9a-f]{6}$/.test(c))) return msg('Every colour must be a #rrggbb colour.')
  return null
}

/**
 * Recolours every item in order with the palette (item i takes colour i mod k), except that two
 * neighbours, the first and the last included, never share a colour when the palette has three
 * or more colours (the last items then take the next colour that differs).
 */
export function applyPalette(items: readonly Item[], palette: readonly string[]): Item[] {
  const colors = colorsForList(items.length, palette)
  return items.map((item, i) => (item.color === colors[i] ? item : { ...item, color: colors[i] as string }))
}

/** The label colour on a segment: the theme's choice, or black/white by the segment's luminance. */
export const labelColorFor = (look: WheelLook | undefined, auto: string): string =>
  look?.labelColor === 'black' ? '#000000' : look?.labelColor === 'white' ? '#ffffff' : auto
