export const MIN_LABEL_PX = 14
export const MAX_LABEL_PX = 28
const LINE_HEIGHT = 1.15
const ELLIPSIS = '…'

export type LabelBox = {
  /** Room along the radius, from near the hub to near the rim (px). */
  length: number
  /** Room across the segment at the label (the chord height available), px. */
  height: number
}

export type FittedLabel = { lines: string[]; fontPx: number }

/** measure(text, fontPx) → the text's width in px at that size. */
export type Measure = (text: string, fontPx: number) => number

/**
 * Fits a label into a segment: the largest font from MAX to MIN that shows the text on one line,
 * else two lines, else two lines with an ellipsis at the minimum size. Null when the segment
 * cannot hold one line at the minimum size: that is decided before any measuring, so drawing
 * 10,000 thin segments costs nothing here.
 */
export function fitLabel(text: string, box: LabelBox, measure: Measure): FittedLabel | null {
  if (box.height < MIN_LABEL_PX * LINE_HEIGHT || box.length < MIN_LABEL_PX * 2) return null
  const clean = text.replace(/\s+/g, ' ').trim()
  if (!clean) return null
  const maxPx = Math.min(MAX_LABEL_PX, Math.floor(box.height / LINE_HEIGHT))
  for (let px = maxPx; px >= MIN_LABEL_PX; px -= 2) {
    if (measure(clean, px) <= box.length) return { lines: [clean], fontPx: px }
  }
  const twoLines = box.height >= 2 * MIN_LABEL_PX * LINE_HEIGHT
  if (twoLines) {
    const maxTwo = Math.min(maxPx, Math.floor(box.height / (2 * LINE_HEIGHT)))
    for (let px = maxTwo; px >= MIN_LABEL_PX; px -= 2) {
      const split = splitInTwo(clean, px, box.length, measure)
      if (split) return { lines: split, fontPx: px }
    }
  }
  const px = MIN_LABEL_PX
  if (!twoLines) return { lines: [ellipsize(clean, px, box.length, measure)], fontPx: px }
  const first = takeWords(clean, px, box.length, measure)
  const rest = clean.slice(first.length).trim()
  return { lines: [first, ellipsize(rest, px, box.length, measure)].filter(Boolean), fontPx: px }
}

function takeWords(text: string, px: number, width: number, measure: Measure): string {
  const words = text.split(' ')
  let line = ''
  for (const word of words) {
    const next = line ? `${line} ${word}` : word
    if (measure(next, px) > width) break
    line = next
  }
  return line || ellipsize(text, px, width, measure).replace(ELLIPSIS, '')
}

function splitInTwo(text: string, px: number, width: number, measure: Measure): string[] | null {
  const first = takeWords(text, px, width, measure)
  const rest = text.slice(first.length).trim()
  if (!rest || measure(rest, px) > width || !text.startsWith(first)) return null
  return [first, rest]
}

/** The longest prefix that fits with an ellipsis (binary search on the length). */
export function ellipsize(text: string, px: number, width: number, measure: Measure): string {
  if (measure(text, px) <= width) return text
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (measure(text.slice(0, mid).trimEnd() + ELLIPSIS, px) <= width) lo = mid
    else hi = mid - 1
  }
  return lo === 0 ? ELLIPSIS : text.slice(0, lo).trimEnd() + ELLIPSIS
}
