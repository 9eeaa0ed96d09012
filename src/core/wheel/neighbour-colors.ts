import { normalizeHex } from './colors'
import { type Item, PALETTE } from './model'

/**
 * Colours that tell neighbours apart. On a wheel the first item also touches the last, so an
 * item's neighbours are the ones before and after it, wrapping round.
 */

const same = (a: string | undefined, b: string) => a !== undefined && normalizeHex(a, a) === b

/**
 * The first palette colour, starting from `start`, that differs from both neighbours. With a
 * palette of three or more colours one always exists.
 */
export function colorBetween(
  before: string | undefined,
  after: string | undefined,
  start = 0,
  palette: readonly string[] = PALETTE,
): string {
  const n = palette.length
  for (let k = 0; k < n; k++) {
    const color = palette[(((start + k) % n) + n) % n] as string
    if (!same(before, color) && !same(after, color)) return color
  }
  return palette[0] as string
}

/**
 * Colours for `count` new items appended to `items`: each differs from the item before it and the
 * last one also differs from the wheel's first item (its neighbour across the seam). The palette
 * is followed in turn from the position the wheel has reached.
 */
export function colorsForAppended(
  items: readonly Pick<Item, 'color'>[],
  count: number,
  palette: readonly string[] = PALETTE,
): string[] {
  const colors: string[] = []
  const first = items[0]?.color
  let before = items[items.length - 1]?.color
  for (let i = 0; i < count; i++) {
    const isLast = i === count - 1
    // The wheel's first item (or the first new one, on an empty wheel) closes the circle.
    const after = isLast ? (first ?? colors[0]) : undefined
    const start = (items.length + i) % palette.length
    const color = colorBetween(before, isLast && count + items.length > 1 ? after : undefined, start, palette)
    colors.push(color)
    before = color
  }
  return colors
}

/**
 * Colours for a whole list (an imported file without colours): each item differs from both
 * neighbours, the first and last included.
 */
export function colorsForList(count: number, palette: readonly string[] = PALETTE): string[] {
  return colorsForAppended([], count, palette)
}
