import { textColorFor } from '../../../core/wheel/colors'
import { fitLabel, hasRoomForLabel, wheelLabelBox } from '../../../core/wheel/labels'
import { DEFAULT_LOOK, FONT_STACKS, type WheelLook } from '../../../core/wheel/look'
import type { Item } from '../../../core/wheel/model'
import { labelColorFor } from '../../../core/wheel/themes'
import { segmentStarts } from '../../../core/wheel/weighted-spin'
import { weightOf } from '../../../core/wheel/weights'

/** Segments narrower than this many device pixels at the rim are painted pixel by pixel. */
const THIN_PX = 2

/** The pixels of a disc: each one's angle, angle bin and rim coverage, worked out once per size. */
type Disc = {
  key: string
  index: Uint32Array
  angle: Float64Array
  bin: Uint16Array
  alpha: Uint8Array
  /** The last image painted at this size. */
  image?: ImageData
}
const BINS = 65_536
const EDGE = 1e-9
let disc: Disc | null = null

function discOf(px: number, c: number, r: number): Disc {
  const key = `${px}:${c}:${r}`
  if (disc?.key === key) return disc
  const index: number[] = []
  const angles: number[] = []
  const alphas: number[] = []
  const TWO_PI = 2 * Math.PI
  for (let y = 0; y < px; y++) {
    const dy = y + 0.5 - c
    if (Math.abs(dy) > r + 1) continue
    for (let x = 0; x < px; x++) {
      const dx = x + 0.5 - c
      const cover = r + 0.5 - Math.sqrt(dx * dx + dy * dy)
      if (cover <= 0) continue
      let angle = Math.atan2(dy, dx)
      if (angle < 0) angle += TWO_PI
      index.push(y * px + x)
      angles.push(angle)
      alphas.push(cover >= 1 ? 255 : Math.round(cover * 255))
    }
  }
  const angle = Float64Array.from(angles)
  const bin = new Uint16Array(angle.length)
  for (let i = 0; i < angle.length; i++)
    bin[i] = Math.min(BINS - 1, Math.floor(((angle[i] as number) / TWO_PI) * BINS))
  disc = { key, index: Uint32Array.from(index), angle, bin, alpha: Uint8Array.from(alphas) }
  return disc
}

/**
 * A wheel whose every segment is under THIN_PX device pixels wide at the rim (thousands of items):
 * each pixel takes the colour of the segment at its centre's angle, and the rim is anti-aliased by
 * coverage. Filling 10,000 sub-pixel wedges as paths cost far more (a path set-up and an
 * anti-aliased raster of each wedge) for the same look. The pixels' angles depend only on the size,
 * so they are kept between draws (with the image itself); a table of 65,536 angle bins gives each
 * pixel its segment, and a pixel in a bin that a segment boundary crosses is looked up exactly, on
 * the same start angles the spin uses, from the segment the bin starts in.
 */
function paintThinSegments(
  ctx: CanvasRenderingContext2D,
  items: Item[],
  starts: number[],
  px: number,
  c: number,
  r: number,
): void {
  const disc = discOf(px, c, r)
  // Every pixel of the disc is written below and none outside it ever is: the image is reused.
  disc.image ??= ctx.createImageData(px, px)
  const { image } = disc
  const pixels = new Uint32Array(image.data.buffer)
  const n = items.length
  // Colours as the canvas stores them (RGBA bytes, read as one little-endian word: ABGR), alpha 0.
  // A wheel has few distinct colours: each is read once.
  const abgr = new Uint32Array(n)
  const read = new Map<string, number>()
  for (let i = 0; i < n; i++) {
    const color = (items[i] as Item).color
    let word = read.get(color)
    if (word === undefined) {
      const rgb = Number.parseInt(color.slice(1), 16)
      word = ((rgb & 255) << 16) | (rgb & 0xff00) | ((rgb >> 16) & 255)
      read.set(color, word)
    }
    abgr[i] = word
  }
  const TWO_PI = 2 * Math.PI
  // segment[b]: the one segment covering all of bin b; or, when a boundary lies inside the bin,
  // ~s for the segment s its start lies in (every pixel of the bin is at or after start(s)).
  const segment = new Int32Array(BINS)
  let s = 0
  for (let b = 0; b < BINS; b++) {
    const from = (b / BINS) * TWO_PI
    const to = ((b + 1) / BINS) * TWO_PI
    // Widened by a hair, so a pixel whose angle rounds into this bin is never past a boundary.
    while (s < n - 1 && (starts[s + 1] as number) <= from - EDGE) s++
    segment[b] = s < n - 1 && (starts[s + 1] as number) < to + EDGE ? ~s : s
  }
  const { index, angle, bin, alpha } = disc
  const last = n - 1
  for (let p = 0; p < index.length; p++) {
    let seg = segment[bin[p] as number] as number
    if (seg < 0) {
      // The last start at or before the pixel's angle: a bin holds few boundaries, so walk them.
      const a = angle[p] as number
      seg = ~seg
      while (seg < last && (starts[seg + 1] as number) <= a) seg++
    }
    pixels[index[p] as number] = ((abgr[seg] as number) | ((alpha[p] as number) << 24)) >>> 0
  }
  ctx.putImageData(image, 0, 0)
}

/**
 * Draws the wheel once, unrotated, at the device's pixel ratio. Segment i covers the angles
 * [i·s, (i+1)·s) clockwise from the +x axis (see core/wheel/spin.ts); the spin rotates the canvas
 * element, never redraws it.
 */
/** The one font size labels are measured at (see `measure` in drawWheel). */
const MEASURE_PX = 100

/**
 * What one call draws: everything, or the wheel without its labels and then the labels over it in
 * a second call (the first drawing of a page, split in two tasks: see wheel-view.tsx).
 */
export type WheelPart = 'all' | 'shapes' | 'labels'

export function drawWheel(
  canvas: HTMLCanvasElement,
  items: Item[],
  size: number,
  dpr: number,
  look: WheelLook = DEFAULT_LOOK,
  part: WheelPart = 'all',
): void {
  const FONT = `600 {px}px ${FONT_STACKS[look.labelFont]}`
  const px = Math.round(size * dpr)
  const shapes = part !== 'labels'
  if (shapes && canvas.width !== px) canvas.width = px
  if (shapes && canvas.height !== px) canvas.height = px
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
  if (shapes) ctx.clearRect(0, 0, size, size)
  const c = size / 2
  const r = c - 2
  const n = items.length
  if (n === 0) return
  // Segment i spans [start(i), start(i + 1)): angles proportional to the weights (core/wheel/weighted-spin).
  const starts = segmentStarts(items.map(weightOf)).map((deg) => (deg * Math.PI) / 180)
  const at = (i: number) => starts[i] as number
  const weighted = items.some((item) => weightOf(item) !== 1)

  let widest = 0
  for (let i = 0; i < n; i++) widest = Math.max(widest, at(i + 1) - at(i))
  if (shapes) {
    if (n > 1 && widest * r * dpr < THIN_PX) {
      paintThinSegments(ctx, items, starts, px, c * dpr, r * dpr)
    } else
      for (let i = 0; i < n; i++) {
        const item = items[i] as Item
        ctx.beginPath()
        ctx.moveTo(c, c)
        // A hair of overlap hides anti-aliasing seams; the last segment gets none, so it never paints over segment 0.
        ctx.arc(c, c, r, at(i), at(i + 1) + (n > 1 && i < n - 1 ? 0.002 : 0))
        ctx.closePath()
        ctx.fillStyle = item.color
        ctx.fill()
      }
    if (n > 1 && n <= 240) {
      ctx.strokeStyle = 'rgba(255,255,255,0.7)'
      ctx.lineWidth = 1
      ctx.beginPath()
      for (let i = 0; i < n; i++) {
        ctx.moveTo(c, c)
        ctx.lineTo(c + r * Math.cos(at(i)), c + r * Math.sin(at(i)))
      }
      ctx.stroke()
    }
  }

  // Labels: along each segment's bisector, right-aligned near the rim.
  const outer = r * 0.92
  const box = wheelLabelBox(r, n)
  // Texts are measured at one size and their widths scaled to the size asked for: a canvas text's
  // width grows in proportion to its font size (checked in Chromium at 8–28 px against 100 px: no
  // difference), and every new size the browser has to set up a font for cost about 0.5 ms, which
  // made the page's first drawing a long task on a slow phone (decision 0019).
  const measureFont = FONT.replace('{px}', String(MEASURE_PX))
  const measure = (text: string, fontPx: number) => {
    ctx.font = measureFont
    return (ctx.measureText(text).width * fontPx) / MEASURE_PX
  }
  ctx.textAlign = 'right'
  ctx.textBaseline = 'middle'
  for (let i = 0; i < n && part !== 'shapes'; i++) {
    const item = items[i] as Item
    // A weighted segment gets the label box of a wheel whose segments are all as wide as it.
    const own = weighted ? wheelLabelBox(r, (2 * Math.PI) / (at(i + 1) - at(i))) : box
    const label = fitLabel(item.text, own, measure)
    if (!label) {
      if (!weighted && !hasRoomForLabel(box)) break // every segment is as thin: no labels at all
      continue
    }
    ctx.save()
    ctx.translate(c, c)
    ctx.rotate((at(i) + at(i + 1)) / 2)
    ctx.font = FONT.replace('{px}', String(label.fontPx))
    ctx.fillStyle = labelColorFor(look, textColorFor(item.color))
    const lineHeight = label.fontPx * 1.15
    label.lines.forEach((line, k) => {
      ctx.fillText(line, outer, (k - (label.lines.length - 1) / 2) * lineHeight)
    })
    ctx.restore()
  }

  if (!shapes) return
  ctx.beginPath()
  ctx.arc(c, c, Math.max(10, r * 0.09), 0, 2 * Math.PI)
  ctx.fillStyle = look.centerColor
  ctx.fill()
  ctx.lineWidth = 3
  ctx.strokeStyle = '#1e293b'
  ctx.stroke()
}
