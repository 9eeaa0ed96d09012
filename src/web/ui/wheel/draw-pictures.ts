import { PICTURE_RING } from '../../../core/wheel/labels'
import type { Item } from '../../../core/wheel/model'
import { segmentStarts } from '../../../core/wheel/weighted-spin'
import { weightOf } from '../../../core/wheel/weights'

/**
 * Pictures on the wheel (issue 37), drawn over drawWheel's drawing: each item's picture in its
 * segment, upright when the segment is under the pointer, and the centre picture in a circle.
 * Loaded only for a wheel that has pictures (wheel-view.tsx), so other wheels never fetch it.
 */

type Decoded = HTMLImageElement | 'loading' | 'broken'
const images = new Map<string, Decoded>()
/** At most this many decoded pictures are kept (a wheel's pictures, and a few of the last wheel's). */
const KEEP = 600

/** The decoded picture of `url`, or null while it decodes (then `onReady` is called once it has). */
function imageOf(url: string, onReady: () => void): HTMLImageElement | null {
  const known = images.get(url)
  if (known instanceof HTMLImageElement) return known
  if (known) return null
  if (images.size >= KEEP) images.clear()
  images.set(url, 'loading')
  const img = new Image()
  img.decoding = 'async'
  img.onload = () => {
    images.set(url, img)
    onReady()
  }
  img.onerror = () => images.set(url, 'broken')
  img.src = url
  return null
}

/** Draws `img` centred at (0, 0), fitted in a square of `side`. */
function drawFitted(ctx: CanvasRenderingContext2D, img: HTMLImageElement, side: number) {
  const scale = side / Math.max(img.naturalWidth, img.naturalHeight, 1)
  const w = img.naturalWidth * scale
  const h = img.naturalHeight * scale
  ctx.drawImage(img, -w / 2, -h / 2, w, h)
}

export function drawPictures(
  canvas: HTMLCanvasElement,
  items: readonly Item[],
  size: number,
  dpr: number,
  centerImage: string | undefined,
  onReady: () => void,
): void {
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
  const c = size / 2
  const r = c - 2
  const n = items.length
  if (n > 0 && items.some((item) => item.image)) {
    const starts = segmentStarts(items.map(weightOf)).map((deg) => (deg * Math.PI) / 180)
    // Pictures sit between the centre and the labels, which start beyond them (PICTURE_RING).
    const at = r * PICTURE_RING.centre
    for (let i = 0; i < n; i++) {
      const url = items[i]?.image
      if (!url) continue
      const from = starts[i] as number
      const span = (starts[i + 1] as number) - from
      const side = Math.min(r * PICTURE_RING.side, 2 * at * Math.sin(Math.min(span / 2, Math.PI / 2)) * 0.8)
      if (side < 10) continue
      const img = imageOf(url, onReady)
      if (!img) continue
      ctx.save()
      ctx.translate(c, c)
      ctx.rotate(from + span / 2)
      ctx.translate(at, 0)
      ctx.rotate(Math.PI / 2)
      drawFitted(ctx, img, side)
      ctx.restore()
    }
  }
  if (!centerImage) return
  const img = imageOf(centerImage, onReady)
  if (!img) return
  const radius = Math.max(14, r * 0.17)
  ctx.save()
  ctx.beginPath()
  ctx.arc(c, c, radius, 0, 2 * Math.PI)
  ctx.fillStyle = '#ffffff'
  ctx.fill()
  ctx.clip()
  // The picture covers the circle (cut to it), like a photo in a round frame.
  const cover = (2 * radius) / Math.max(1, Math.min(img.naturalWidth, img.naturalHeight))
  const w = img.naturalWidth * cover
  const h = img.naturalHeight * cover
  ctx.drawImage(img, c - w / 2, c - h / 2, w, h)
  ctx.restore()
  ctx.beginPath()
  ctx.arc(c, c, radius, 0, 2 * Math.PI)
  ctx.lineWidth = 3
  ctx.strokeStyle = '#1e293b'
  ctx.stroke()
}
