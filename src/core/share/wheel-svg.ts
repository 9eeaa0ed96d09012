import { formatCount } from '../format/count'
import { textColorFor } from '../wheel/colors'
import {
  ellipsize,
  fitWheelLabels,
  LABEL_LINE_HEIGHT,
  type Measure,
  readsUpsideDown,
  wheelLabelBox,
} from '../wheel/labels'
import type { Item } from '../wheel/model'
import { segmentStarts } from '../wheel/weighted-spin'
import { weightOf } from '../wheel/weights'

/**
 * The link preview of a shared wheel: a 1200×630 SVG (the og:image size) with the wheel drawn
 * exactly as the page draws it (segment i spans [start(i), start(i+1)) clockwise from +x, the
 * starts in proportion to the weights by core/wheel/weighted-spin, so an unweighted wheel's are
 * i·360/n; labels along the bisectors, fitted by core/wheel/labels), the pointer on top, and the name and item count beside
 * it. Every text is escaped: item text and names show literally.
 */

export const PREVIEW_WIDTH = 1200
export const PREVIEW_HEIGHT = 630
/** Above this many items segments are under 3° wide. */
const CRISP_ABOVE = 120
const FONT_FAMILY = 'DejaVu Sans, Arial, Helvetica, sans-serif'

/** Text for XML: the five special characters escaped, characters XML forbids dropped. */
export function escapeXml(text: string): string {
  let allowed = ''
  for (const ch of text) {
    const code = ch.codePointAt(0) as number
    if (
      (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) &&
      code !== 0xfffe &&
      code !== 0xffff
    )
      allowed += ch
  }
  return allowed
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/**
 * Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). The image's renderer
 * obeys them, so an override would draw an item's text reversed; the page shows text as typed,
 * and so does the image.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g

/** A name or item text as the preview draws it: bidi controls removed, everything else kept. */
export const previewText = (text: string): string => text.replace(BIDI_CONTROLS, '')

/**
 * Widths without a font engine: a generous estimate per character (wide for CJK and emoji), so a
 * label that fits here fits in the rendered image.
 */
export const estimateWidth: Measure = (text, fontPx) => {
  let units = 0
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0
    units += code >= 0x1100 ? 1.05 : /[ilj.,:;'|!]/.test(ch) ? 0.32 : /[A-Z0-9mwMW@%]/.test(ch) ? 0.8 : 0.66
  }
  return units * fontPx
}

const f = (n: number) => (Math.round(n * 100) / 100).toString()

/** Every segment's start angle in degrees, plus 360 at the end (the canvas drawing's numbers). */
const startsOf = (items: Item[]) => segmentStarts(items.map(weightOf))

function segments(items: Item[], c: { x: number; y: number }, r: number): string {
  const n = items.length
  const starts = startsOf(items)
  if (n === 1) return `<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(r)}" fill="${items[0]?.color}"/>`
  const parts: string[] = []
  const rad = Math.PI / 180
  for (let i = 0; i < n; i++) {
    const start = starts[i] as number
    const end = starts[i + 1] as number
    // The same hair of overlap as the canvas drawing, so no seams show between segments.
    const stop = end + (i < n - 1 ? 0.1 : 0)
    const x0 = c.x + r * Math.cos(start * rad)
    const y0 = c.y + r * Math.sin(start * rad)
    const x1 = c.x + r * Math.cos(stop * rad)
    const y1 = c.y + r * Math.sin(stop * rad)
    const large = stop - start > 180 ? 1 : 0
    parts.push(
      `<path d="M${f(c.x)} ${f(c.y)}L${f(x0)} ${f(y0)}A${f(r)} ${f(r)} 0 ${large} 1 ${f(x1)} ${f(y1)}Z" fill="${items[i]?.color}"/>`,
    )
  }
  // Thin segments are drawn without anti-aliasing: at that density the wheel reads as a texture
  // either way, and the image renders about five times faster (and compresses far better).
  return n > CRISP_ABOVE ? `<g shape-rendering="crispEdges">${parts.join('')}</g>` : parts.join('')
}

function labels(items: Item[], c: { x: number; y: number }, r: number): string {
  const n = items.length
  const starts = startsOf(items)
  const weighted = items.some((item) => weightOf(item) !== 1)
  const box = wheelLabelBox(r, n)
  // One size for every label, as on the page; a label pointing into the left half reads from the rim.
  const fitted = fitWheelLabels(
    items.map((item) => previewText(item.text)),
    // A weighted segment gets the label box of a wheel whose segments are all as wide as it (as on the page).
    (i) => (weighted ? wheelLabelBox(r, 360 / ((starts[i + 1] as number) - (starts[i] as number))) : box),
    estimateWidth,
  )
  if (!fitted) return ''
  const outer = r * 0.92
  const lineHeight = fitted.fontPx * LABEL_LINE_HEIGHT
  const parts: string[] = []
  for (let i = 0; i < n; i++) {
    const own = fitted.lines[i]
    if (!own) continue
    const item = items[i] as Item
    const angle = ((starts[i] as number) + (starts[i + 1] as number)) / 2
    const flip = readsUpsideDown((angle * Math.PI) / 180)
    const x = flip ? -outer : outer
    const lines = own
      .map((line, k) => {
        const y = (k - (own.length - 1) / 2) * lineHeight
        return `<tspan x="${f(x)}" y="${f(y)}" dy="0.35em">${escapeXml(line)}</tspan>`
      })
      .join('')
    parts.push(
      `<text transform="translate(${f(c.x)} ${f(c.y)}) rotate(${f(flip ? angle + 180 : angle)})" text-anchor="${flip ? 'start' : 'end'}" font-size="${fitted.fontPx}" fill="${textColorFor(item.color)}">${lines}</text>`,
    )
  }
  return parts.join('')
}

/** The preview image of a shared wheel, as SVG markup. */
export function wheelPreviewSvg(name: string, items: Item[]): string {
  const c = { x: 330, y: 325 }
  const r = 270
  const title = ellipsize(previewText(name).replace(/\s+/g, ' ').trim() || 'Wheel', 52, 500, estimateWidth)
  const count = `${formatCount(items.length)} ${items.length === 1 ? 'item' : 'items'}`
  const hub = Math.max(10, r * 0.09)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}" font-family="${FONT_FAMILY}" font-weight="600">`,
    `<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="#eef2ff"/>`,
    `<circle cx="${c.x}" cy="${c.y}" r="${r + 6}" fill="#1e293b"/>`,
    segments(items, c, r),
    labels(items, c, r),
    `<circle cx="${c.x}" cy="${c.y}" r="${f(hub)}" fill="#ffffff" stroke="#1e293b" stroke-width="3"/>`,
    `<path d="M${c.x - 22} ${c.y - r - 30}L${c.x + 22} ${c.y - r - 30}L${c.x} ${c.y - r + 14}Z" fill="#1e293b" stroke="#ffffff" stroke-width="3" stroke-linejoin="round"/>`,
    `<text x="660" y="270" font-size="52" font-weight="700" fill="#0f172a">${escapeXml(title)}</text>`,
    `<text x="660" y="340" font-size="34" fill="#334155">${escapeXml(count)}</text>`,
    `<text x="660" y="520" font-size="30" fill="#4f46e5">Spin it on Whirl</text>`,
    '</svg>',
  ].join('')
}
