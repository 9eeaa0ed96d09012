import { textDirectionOf } from '../../../core/text/direction'
import { textColorFor } from '../../../core/wheel/colors'
import {
  fitWheelLabels,
  hasRoomForLabel,
  LABEL_LINE_HEIGHT,
  readsUpsideDown,
  wheelLabelBox,
} from '../../../core/wheel/labels'
import { DEFAULT_LOOK, FONT_STACKS, type WheelLook } from '../../../core/wheel/look'
import type { Item } from '../../../core/wheel/model'
import { labelColorFor } from '../../../core/wheel/themes'
import { segmentStarts } from '../../../core/wheel/weighted-spin'
import { weightOf } from '../../../core/wheel/weights'

/**
 * Segments narrower than this many device pixels at the rim are drawn as colour bands of at least
 * this width (core/wheel/bands.ts, painted by paint-bands.ts); wider ones as paths.
 */
const BAND_PX = 6

type BandPainter = typeof import('./paint-bands')
let bandPainter: BandPainter | null = null
let loading: Promise<unknown> | null = null

/** Loads the band painter (big wheels only); resolves once drawWheel can paint bands. */
export function loadBandPainter(): Promise<unknown> {
  loading ??= import('./paint-bands').then((module) => {
    bandPainter = module
  })
  return loading
}

/** What a drawing did: whether it drew labels, and what it waits for before it is complete. */
export type Drawn = {
  labelled: boolean
  /** The band painter, still loading: the segments were left out, to be drawn once it has loaded. */
  waiting: Promise<unknown> | null
}

/** The one font size labels are measured at (see `measure` in drawWheel). */
const MEASURE_PX = 100

/**
 * What one call draws: everything, or the wheel without its labels and then the labels over it in
 * a second call (the first drawing of a page, split in two tasks: see wheel-view.tsx).
 */
export type WheelPart = 'all' | 'shapes' | 'labels'

/**
 * Draws the wheel once, unrotated, at the device's pixel ratio. Segment i covers the angles
 * [start(i), start(i + 1)) clockwise from the +x axis (see core/wheel/spin.ts); the spin rotates
 * the canvas element, never redraws it. `rotation` (degrees) is where the wheel rests: labels that
 * would then point into the left half are turned to read the right way up. Returns whether any
 * label was drawn (a wheel without labels need not be drawn again when it comes to rest elsewhere).
 */
export function drawWheel(
  canvas: HTMLCanvasElement,
  items: Item[],
  size: number,
  dpr: number,
  look: WheelLook = DEFAULT_LOOK,
  part: WheelPart = 'all',
  rotation = 0,
): Drawn {
  const px = Math.round(size * dpr)
  const shapes = part !== 'labels'
  if (shapes && canvas.width !== px) canvas.width = px
  if (shapes && canvas.height !== px) canvas.height = px
  const ctx = canvas.getContext('2d')
  const none: Drawn = { labelled: false, waiting: null }
  if (!ctx) return none
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
  if (shapes) ctx.clearRect(0, 0, size, size)
  const c = size / 2
  const r = c - 2
  const n = items.length
  if (n === 0) return none
  // Segment i spans [start(i), start(i + 1)): angles proportional to the weights (core/wheel/weighted-spin).
  const starts = segmentStarts(items.map(weightOf)).map((deg) => (deg * Math.PI) / 180)
  const waiting = shapes ? drawSegments(ctx, items, starts, px, c, r, dpr) : null
  const drawn = {
    labelled: part !== 'shapes' && drawLabels(ctx, items, starts, c, r, look, rotation),
    waiting,
  }
  if (!shapes) return drawn
  ctx.beginPath()
  ctx.arc(c, c, Math.max(10, r * 0.09), 0, 2 * Math.PI)
  ctx.fillStyle = look.centerColor
  ctx.fill()
  ctx.lineWidth = 3
  ctx.strokeStyle = '#1e293b'
  ctx.stroke()
  return drawn
}

function drawSegments(
  ctx: CanvasRenderingContext2D,
  items: Item[],
  starts: number[],
  px: number,
  c: number,
  r: number,
  dpr: number,
): Promise<unknown> | null {
  const n = items.length
  const at = (i: number) => starts[i] as number
  let narrowest = Number.POSITIVE_INFINITY
  for (let i = 0; i < n; i++) narrowest = Math.min(narrowest, at(i + 1) - at(i))
  if (n > 1 && narrowest * r * dpr < BAND_PX) {
    if (bandPainter) {
      const colors = items.map((item) => item.color)
      bandPainter.paintBandWheel(ctx, colors, starts, BAND_PX / (r * dpr), px, c * dpr, r * dpr)
      return null
    }
    // Not loaded yet (the first big wheel): the disc stays clear for the moment it takes.
    return loadBandPainter()
  }
  for (let i = 0; i < n; i++) {
    ctx.beginPath()
    ctx.moveTo(c, c)
    // A hair of overlap hides anti-aliasing seams; the last segment gets none, so it never paints over segment 0.
    ctx.arc(c, c, r, at(i), at(i + 1) + (n > 1 && i < n - 1 ? 0.002 : 0))
    ctx.closePath()
    ctx.fillStyle = (items[i] as Item).color
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
  return null
}

/**
 * Labels: along each segment's bisector, ending near the rim, all at one size (core/wheel/labels).
 * A label that points into the left half where the wheel rests is turned half a turn and starts at
 * the rim instead. Returns whether any was drawn.
 */
function drawLabels(
  ctx: CanvasRenderingContext2D,
  items: Item[],
  starts: number[],
  c: number,
  r: number,
  look: WheelLook,
  rotation: number,
): boolean {
  const n = items.length
  const at = (i: number) => starts[i] as number
  const font = (px: number) => `600 ${px}px ${FONT_STACKS[look.labelFont]}`
  // Labels start beyond the pictures when the wheel has any (draw-pictures.ts).
  const pictures = items.some((item) => item.image)
  const box = wheelLabelBox(r, n, pictures)
  const weighted = items.some((item) => weightOf(item) !== 1)
  // Segments all too thin for a label (a big wheel): nothing to fit.
  if (!weighted && !hasRoomForLabel(box)) return false
  // Texts are measured at one size and their widths scaled to the size asked for: a canvas text's
  // width grows in proportion to its font size (checked in Chromium at 8–28 px against 100 px: no
  // difference), and every new size the browser has to set up a font for cost about 0.5 ms, which
  // made the page's first drawing a long task on a slow phone (decision 0019).
  const measureFont = font(MEASURE_PX)
  const measure = (text: string, fontPx: number) => {
    ctx.font = measureFont
    return (ctx.measureText(text).width * fontPx) / MEASURE_PX
  }
  const fitted = fitWheelLabels(
    items.map((item) => item.text),
    // A weighted segment gets the label box of a wheel whose segments are all as wide as it.
    (i) => (weighted ? wheelLabelBox(r, (2 * Math.PI) / (at(i + 1) - at(i)), pictures) : box),
    measure,
  )
  if (!fitted) return false
  const outer = r * 0.92
  const lineHeight = fitted.fontPx * LABEL_LINE_HEIGHT
  const turn = (rotation * Math.PI) / 180
  ctx.font = font(fitted.fontPx)
  ctx.textBaseline = 'middle'
  for (let i = 0; i < n; i++) {
    const lines = fitted.lines[i]
    if (!lines) continue
    const item = items[i] as Item
    const angle = (at(i) + at(i + 1)) / 2
    const flip = readsUpsideDown(angle + turn)
    ctx.save()
    ctx.translate(c, c)
    ctx.rotate(flip ? angle + Math.PI : angle)
    ctx.textAlign = flip ? 'left' : 'right'
    // Each label in its own reading order (textAlign left/right does not change with it).
    ctx.direction = textDirectionOf(item.text)
    ctx.fillStyle = labelColorFor(look, textColorFor(item.color))
    lines.forEach((line, k) => {
      ctx.fillText(line, flip ? -outer : outer, (k - (lines.length - 1) / 2) * lineHeight)
    })
    ctx.restore()
  }
  return true
}
