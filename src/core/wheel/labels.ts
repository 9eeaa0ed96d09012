/**
 * Segment labels: the text of an item drawn along its segment's bisector (along the radius, up to
 * the rim), at most two lines, with an ellipsis when it is still too long. A wheel's labels all
 * take one font size, the largest (up to 28 px) at which the longest of them still fits, and never
 * less than 14 px: a label that does not fit at 14 px is cut, and a wheel whose segments cannot
 * carry a 14 px line draws no labels at all (the ticker names the segment under the pointer).
 * Pure: the page passes a `measure` callback (canvas measureText at the given size).
 */

/** The one size below which no label is drawn. */
export const MIN_LABEL_PX = 14
export const MAX_LABEL_PX = 28
/** Line height as a multiple of the font size. */
export const LABEL_LINE_HEIGHT = 1.15
export const MAX_LABEL_LINES = 2
/** The shortest room along the radius worth a label: about two glyphs at the smallest size. */
export const MIN_LABEL_LENGTH = 2 * MIN_LABEL_PX
const ELLIPSIS = '…'

/** A rectangle along the segment's bisector that the label must stay inside, in px. */
export type LabelBox = {
  /** Room along the radius (the width of a line of text). */
  length: number
  /** Room across the segment (the height of all lines together). */
  height: number
}

/** measure(text, fontPx) → the width of the text in px at that font size. */
export type Measure = (text: string, fontPx: number) => number

/** A wheel's labels: one font size, and each item's lines (null: no label for that item). */
export type WheelLabels = { fontPx: number; lines: (string[] | null)[] }

/**
 * Whether a box can hold any label at all: one line at 14 px. O(1) and measures nothing, so a
 * wheel of 10,000 thin segments decides "no labels" at once.
 */
export const hasRoomForLabel = (box: LabelBox): boolean =>
  box.height >= MIN_LABEL_PX * LABEL_LINE_HEIGHT && box.length >= MIN_LABEL_LENGTH

/**
 * The label box of one segment for a wheel of `radius` px with `count` items: a rectangle centred
 * on the bisector that lies wholly inside the segment, ending at 92 % of the radius (labels are
 * drawn right-aligned there) and starting between 20 % and 52 % of the radius. It starts further
 * out on thin segments, where the segment is wider, so two lines of 18 px fit when they can, and
 * further still (towards the rim) on thinner ones, so one line of 14 px fits when it can. On a
 * wheel with pictures the label starts beyond them (PICTURE_RING: pictures sit between 20 % and
 * 40 % of the radius), so no label runs over a picture.
 */
export function wheelLabelBox(radius: number, count: number, pictures = false): LabelBox {
  const box = labelBoxFrom(radius, count)
  if (!pictures) return box
  const outer = radius * 0.92
  const inner = Math.max(outer - box.length, radius * PICTURE_RING.labelsFrom)
  // The box only moves outwards, where the wedge is wider: its height still fits.
  return { length: Math.max(0, outer - inner), height: box.height }
}

/** Where pictures sit on a wheel, as fractions of the radius (draw-pictures.ts and the label box). */
export const PICTURE_RING = { centre: 0.3, side: 0.2, labelsFrom: 0.44 } as const

function labelBoxFrom(radius: number, count: number): LabelBox {
  const outer = radius * 0.92
  const maxHeight = MAX_LABEL_LINES * MAX_LABEL_PX * LABEL_LINE_HEIGHT
  if (count <= 1) return { length: outer - radius * 0.2, height: Math.min(maxHeight, radius) }
  // The rectangle [inner, outer] × [−h/2, h/2] is inside the wedge when h/2 ≤ inner · tan(half angle).
  const tan = Math.tan(Math.min(Math.PI / count, Math.PI / 3))
  const wanted = (MAX_LABEL_LINES * 18 * LABEL_LINE_HEIGHT) / (2 * tan)
  let inner = Math.min(radius * 0.52, Math.max(radius * 0.2, wanted))
  // Thin segments: move the label's start outwards until one line of 14 px fits across, as long
  // as two glyphs still fit before the rim.
  const smallest = (MIN_LABEL_PX * LABEL_LINE_HEIGHT) / (2 * tan)
  if (2 * inner * tan < MIN_LABEL_PX * LABEL_LINE_HEIGHT && smallest <= outer - MIN_LABEL_LENGTH)
    inner = Math.max(inner, smallest)
  return { length: outer - inner, height: Math.min(maxHeight, 2 * inner * tan) }
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim()
const maxOneLine = (box: LabelBox) => Math.min(MAX_LABEL_PX, Math.floor(box.height / LABEL_LINE_HEIGHT))
const maxTwoLines = (box: LabelBox) =>
  Math.min(MAX_LABEL_PX, Math.floor(box.height / (MAX_LABEL_LINES * LABEL_LINE_HEIGHT)))

/** Whether the whole text fits the box at this size: on one line, or on two split between words. */
function fitsAt(text: string, px: number, box: LabelBox, measure: Measure): boolean {
  if (px <= maxOneLine(box) && measure(text, px) <= box.length) return true
  return px <= maxTwoLines(box) && splitInTwo(text, px, box.length, measure) !== null
}

/**
 * Lays out a wheel's labels at one font size: the largest size from 28 down to 14 px at which
 * every label fits whole (one line, or two split between words) in its own segment's box; labels
 * that do not fit even at 14 px are cut there with an ellipsis (the first line whole words, at most
 * two lines). An item whose box has no room (hasRoomForLabel) or whose text is blank gets null.
 * Null when no item gets a label. Assumes widths grow with the font size. Each label costs a few
 * measurements: one check at the size so far, and a search only when that size has to come down.
 */
export function fitWheelLabels(
  texts: readonly string[],
  boxOf: (index: number) => LabelBox,
  measure: Measure,
): WheelLabels | null {
  const boxes = texts.map((_, i) => boxOf(i))
  // The texts that can get a label, cleaned; '' for a blank text or a box without room. Only those
  // are cleaned: on a 10,000-item wheel none has room, and the regular expression over every text
  // was 1.5 ms of each drawing.
  const cleaned = texts.map((text, i) => (hasRoomForLabel(boxes[i] as LabelBox) ? clean(text) : ''))
  let size = MAX_LABEL_PX
  let any = false
  for (let i = 0; i < cleaned.length; i++) {
    const text = cleaned[i] as string
    const box = boxes[i] as LabelBox
    if (!text) continue
    any = true
    if (size === MIN_LABEL_PX || fitsAt(text, size, box, measure)) continue
    const one = (size * box.length) / Math.max(1e-9, measure(text, size))
    const best = largestSize(MIN_LABEL_PX, size - 1, one, (px) => fitsAt(text, px, box, measure))
    size = best ?? MIN_LABEL_PX
  }
  if (!any) return null
  const lines = cleaned.map((text, i) => (text ? layoutAt(text, size, boxes[i] as LabelBox, measure) : null))
  return { fontPx: size, lines }
}

/**
 * One label at a given size: one line when it fits, else two lines split between words, else the
 * first line of whole words and the rest cut with an ellipsis, else one cut line; null when not
 * even the ellipsis fits.
 */
function layoutAt(text: string, px: number, box: LabelBox, measure: Measure): string[] | null {
  const width = box.length
  if (measure(text, px) <= width && px <= maxOneLine(box)) return [text]
  if (px <= maxTwoLines(box) && canBreak(text)) {
    const two = splitInTwo(text, px, width, measure)
    if (two) return two
    const first = leadingWords(text, px, width, measure)
    if (first.line) return [first.line, ellipsize(text.slice(first.rest), px, width, measure)]
  }
  if (measure(ELLIPSIS, px) > width) return null
  return [ellipsize(text, px, width, measure)]
}

/**
 * Whether a label whose bisector points at `angle` (radians, clockwise from +x, as drawn on the
 * screen: the segment's angle plus the wheel's rotation) would read upside down: it points into the
 * left half. Such labels are drawn turned by half a turn, reading from the rim inwards.
 */
export function readsUpsideDown(angle: number): boolean {
  return Math.cos(angle) < -1e-9
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

// Chinese, Japanese and Korean characters: a line may break between any two of them (they are
// written without spaces between words), as a browser breaks them.
const CJK =
  /[\u1100-\u11ff\u2e80-\u2fdf\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/
// Marks that never start a line (Japanese closing brackets and punctuation, small kana).
const NO_START = /[、。，．・：；？！ー々〉》」』】〕）］｝ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ]/

/** Where a line may end: before a space (the next line starts after it) or between CJK characters. */
type Break = { end: number; rest: number }

function breaksOf(text: string): Break[] {
  const breaks: Break[] = []
  for (let i = 1; i < text.length; i++) {
    const ch = text[i] as string
    const before = text[i - 1] as string
    if (ch === ' ') breaks.push({ end: i, rest: i + 1 })
    else if (before !== ' ' && (CJK.test(before) || CJK.test(ch)) && !NO_START.test(ch))
      breaks.push({ end: i, rest: i })
  }
  return breaks
}

const canBreak = (text: string) => text.includes(' ') || CJK.test(text)

/**
 * The longest run of whole leading words (or CJK characters) that fits on one line ('' when even
 * the first does not), and where the rest of the text starts.
 */
function leadingWords(
  text: string,
  px: number,
  width: number,
  measure: Measure,
): { line: string; rest: number } {
  let best = { line: '', rest: 0 }
  for (const { end, rest } of [...breaksOf(text), { end: text.length, rest: text.length }]) {
    const next = text.slice(0, end)
    if (measure(next, px) > width) return best
    best = { line: next, rest }
  }
  return best
}

/** Two lines of whole words, each fitting, or null. */
function splitInTwo(text: string, px: number, width: number, measure: Measure): [string, string] | null {
  const first = leadingWords(text, px, width, measure)
  if (!first.line || first.line.length === text.length) return null
  const rest = text.slice(first.rest)
  return measure(rest, px) <= width ? [first.line, rest] : null
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
