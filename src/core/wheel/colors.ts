import type { RandomSource } from '../random/random'
import { randomInt } from '../random/random'
import { PALETTE } from './model'

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

export const isValidHexColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX.test(value)

/** #rgb or #rrggbb to [r, g, b] in 0..255; null when it is not a hex colour. */
export function parseHex(color: string): [number, number, number] | null {
  if (!isValidHexColor(color)) return null
  const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1)
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
}

/** Normalises #rgb to #rrggbb, lower case; anything else gives the fallback. */
export function normalizeHex(color: unknown, fallback = '#3b82f6'): string {
  if (!isValidHexColor(color)) return fallback
  const rgb = parseHex(color) as [number, number, number]
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}

/** Perceived luminance, 0 (black) to 1 (white): (0.299 R + 0.587 G + 0.114 B) / 255. */
export function relativeLuminance(color: string): number {
  const rgb = parseHex(color)
  if (!rgb) return 0
  return (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) / 255
}

/** Black text on light segments (luminance above 0.5), white on dark ones. */
export const textColorFor = (background: string): '#000000' | '#ffffff' =>
  relativeLuminance(background) > 0.5 ? '#000000' : '#ffffff'

export const randomPaletteColor = (source: RandomSource): string =>
  PALETTE[randomInt(source, PALETTE.length)] as string
