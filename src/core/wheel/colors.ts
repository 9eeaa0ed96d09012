import type { RandomSource } from '../random/random'
import { randomInt } from '../random/random'
import { DEFAULT_ITEM_COLOR, PALETTE } from './model'

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** True for '#rgb' and '#rrggbb' (either case). Nothing else: no names, no alpha, no spaces. */
export const isValidHexColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX.test(value)

/** #rgb or #rrggbb to [r, g, b] in 0..255; null when it is not a hex colour. */
export function parseHex(color: unknown): [number, number, number] | null {
  if (!isValidHexColor(color)) return null
  const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1)
  return [
    Number.parseInt(hex.slice(0, 2), 16),
    Number.parseInt(hex.slice(2, 4), 16),
    Number.parseInt(hex.slice(4, 6), 16),
  ]
}

/** '#rrggbb' in lower case (from #rgb or #rrggbb, spaces around ignored); anything else gives the fallback. */
export function normalizeHex(color: unknown, fallback: string = DEFAULT_ITEM_COLOR): string {
  const rgb = parseHex(typeof color === 'string' ? color.trim() : color)
  if (!rgb) return fallback
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The colour's luminance from 0 (black) to 1 (white), weighted as the eye sees it:
 * (0.299 R + 0.587 G + 0.114 B) / 255. The spec's rule "black text above 0.5" is meant on this
 * scale; on WCAG's linearised scale the palette's yellow (#eab308) would get white text, which
 * reads worse. A value that is not a hex colour counts as 0 (dark).
 */
export function luminance(color: unknown): number {
  const rgb = parseHex(typeof color === 'string' ? color.trim() : color)
  if (!rgb) return 0
  return (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) / 255
}

/** Segment text colour: black on light colours (luminance above 0.5), white on dark ones. */
export const textColorFor = (background: unknown): '#000000' | '#ffffff' =>
  luminance(background) > 0.5 ? '#000000' : '#ffffff'

/** One of the ten palette colours, uniformly. */
export const randomPaletteColor = (source: RandomSource): string =>
  PALETTE[randomInt(source, PALETTE.length)] as string
