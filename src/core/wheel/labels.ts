/**
 * Segment labels: the text of an item drawn along its segment's bisector (along the radius, up to
 * the rim), at most two lines, with an ellipsis when it is still too long. Labels are not made
 * smaller than 14 px while the segment is wide enough for 14 px; thinner segments (big wheels)
 * get smaller labels, down to 8 px, so they stay readable instead of vanishing. Pure: the page
 * passes a `measure` callback (canvas measureText at the given size).
 */

/** The smallest size a label takes while its segment has room for it. */
export const MIN_LABEL_PX = 14
/** The smallest size at all: thinner segments than this get no label. */
export const SMALLEST_LABEL_PX = 8
export const MAX_LABEL_PX = 28
/** Line height as a multiple of the font size. */
export const LABEL_LINE_HEIGHT = 1.15
export const MAX_LABEL_LINES = 2
/** The shortest room along the radius worth a label: about two glyphs at the smallest size. */
export const MIN_LABEL_LENGTH = 2 * SMALLEST_LABEL_PX
const ELLIPSIS = '…'

/** A rectangle along the segment's bisector that the label must stay inside, in px. */
export type LabelBox = {
  /** Room along the radius (the width of a line of text). */
  length: number
  /** Room across the segment (the height of all lines together). */
  height: number
}

export type FittedLabel = { lines: string[]; fontPx: number }

/** measure(text, fontPx) → the width of the text in px at that font size. */
export type Measure = (text: string, fontPx: number) => number

/**
 * Whether a box can hold any label at all: one line at the minimum size. O(1) and measures
 * nothing, so a wheel of 10,000 thin segments decides "no labels" at once.
 */
export const hasRoomForLabel = (box: LabelBox): boolean =>
  box.height >= SMALLEST_LABEL_PX * LABEL_LINE_HEIGHT && box.length >= MIN_LABEL_LENGTH

/** The smallest size this box's labels take: 14 px when one line of 14 px fits across, else less (≥ 8). */
export const labelFloor = (box: LabelBox): number =>
  Math.max(SMALLEST_LABEL_PX, Math.min(MIN_LABEL_PX, Math.floor(box.height / LABEL_LINE_HEIGHT)))

/**
 * The label box of one segment for a wheel of `radius` px with `count` items: a rectangle centred
 * on the bisector that lies wholly inside the segment, ending at 92 % of the radius (labels are
 * drawn right-aligned there) and starting between 20 % and 52 % of the radius. It starts further
 * out on thin segments, where the segment is wider, so two lines of 18 px fit when they can, and
 * further still (towards the rim) on very thin ones, so one line of 8 px fits.
 */
export function wheelLabelBox(radius: number, count: number): LabelBox {
  const outer = radius * 0.92
  const maxHeight = MAX_LABEL_LINES * MAX_LABEL_PX * LABEL_LINE_HEIGHT
  if (count <= 1) return { length: outer - radius * 0.2, height: Math.min(maxHeight, radius) }
  // The rectangle [inner, outer] × [−h/2, h/2] is inside the wedge when h/2 ≤ inner · tan(half angle).
  const tan = Math.tan(Math.min(Math.PI / count, Math.PI / 3))
  const wanted = (MAX_LABEL_LINES * 18 * LABEL_LINE_HEIGHT) / (2 * tan)
  let inner = Math.min(radius * 0.52, Math.max(radius * 0.2, wanted))
  // Thin segments: move the label's start outwards until one line of 8 px fits across, as long
  // as two glyphs still fit before the rim.
  const smallest = (SMALLEST_LABEL_PX * LABEL_LINE_HEIGHT) / (2 * tan)
  if (2 * inner * tan < SMALLEST_LABEL_PX * LABEL_LINE_HEIGHT && smallest <= outer - MIN_LABEL_LENGTH)
    inner = Math.max(inner, smallest)
  return { length: outer - inner, height: Math.min(maxHeight, 2 * inner * tan) }
}

/**
 * Fits a label into a box: one line at the largest size from 28 down to 14 px that shows the whole
 * text; else two lines (split between words) at the largest size that fits; else, at the box's floor (labelFloor: 14 px, less on thin segments), the
 * first line of whole words and the rest cut with an ellipsis (or one cut line when two lines do
 * not fit). Null when the box has no room (see hasRoomForLabel) or the text is blank.
 * Assumes widths grow with the font size. Costs a few measurements for a short text.
 */
export function fitLabel(text: string, box: LabelBox, measure: Measure): FittedLabel | null {
  if (!hasRoomForLabel(box)) return null
  const min = labelFloor(box)
  const clean = text.replace(/\s+/g, ' ').trim()
  if (!clean) return null
  const width = box.length
  const maxOne = Math.min(MAX_LABEL_PX, Math.floor(box.height / LABEL_LINE_HEIGHT))
  const guess = (px: number, lines: number) => (px * lines * width) / Math.max(1e-9, measure(clean, px))
  if (maxOne >= min) {
    const one = largestSize(min, maxOne, guess(maxOne, 1), (px) => measure(clean, px) <= width)
    if (one !== null) return { lines: [clean], fontPx: one }
  }

  const maxTwo = Math.min(MAX_LABEL_PX, Math.floor(box.height / (2 * LABEL_LINE_HEIGHT)))
  if (maxTwo >= min && clean.includes(' ')) {
    const two = largestSize(
      min,
      maxTwo,
      guess(maxTwo, 2),
      (px) => splitInTwo(clean, px, width, measure) !== null,
    )
    if (two !== null) return { lines: splitInTwo(clean, two, width, measure) as string[], fontPx: two }
    const first = leadingWords(clean, min, width, measure)
    if (first) {
      const rest = ellipsize(clean.slice(first.length + 1), min, width, measure)
      return { lines: [first, rest], fontPx: min }
    }
  }
  if (measure(ELLIPSIS, min) > width) return null
  return { lines: [ellipsize(clean, min, width, measure)], fontPx: min }
}

/**
 * The largest size in [min, maxPx] for which `fits` holds, or null (`fits` must hold for
 * all sizes below one where it holds). Tries maxPx, then walks from `guess` (the size a linear
 * width would allow), so it usually measures two or three times.
 */
function largestSize(
  min: number,
  maxPx: number,
  guess: number,
  fits: (px: number) => boolean,
): number | null {
  if (maxPx < min) return null
  if (fits(maxPx)) return maxPx
  let px = Math.min(maxPx - 1, Math.max(min, Math.floor(guess)))
  if (px < min) return null
  if (fits(px)) {
    while (px + 1 < maxPx && fits(px + 1)) px += 1
    return px
  }
  for (px -= 1; px >= min; px -= 1) if (fits(px)) return px
  return null
}

/** The longest run of whole leading words that fits on one line ('' when even the first does not). */
function leadingWords(text: string, px: number, width: number, measure: Measure): string {
  let line = ''
  let end = text.indexOf(' ')
  for (;;) {
    const next = end < 0 ? text : text.slice(0, end)
    if (measure(next, px) > width) return line
    line = next
    if (end < 0) return line
    end = text.indexOf(' ', end + 1)
  }
}

/** Two lines of whole words, each fitting, or null. */
function splitInTwo(text: string, px: number, width: number, measure: Measure): [string, string] | null {
  const first = leadingWords(text, px, width, measure)
  if (!first || first.length === text.length) return null
  const rest = text.slice(first.length + 1)
  return measure(rest, px) <= width ? [first, rest] : null
}

/** The text, or its longest prefix that fits with an ellipsis (binary search on the length). */
export function ellipsize(text: string, px: number, width: number, measure: Measure): string {
  if (measure(text, px) <= width) return text
  let lo = 0
  let hi = text.length - 1
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (measure(text.slice(0, mid).trimEnd() + ELLIPSIS, px) <= width) lo = mid
    else hi = mid - 1
  }
  return text.slice(0, lo).trimEnd() + ELLIPSIS
}
