import { textColorFor } from '../../../core/wheel/colors'
import { fitLabel, wheelLabelBox } from '../../../core/wheel/labels'
import type { Item } from '../../../core/wheel/model'

const FONT = '600 {px}px ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'

/**
 * Draws the wheel once, unrotated, at the device's pixel ratio. Segment i covers the angles
 * [i·s, (i+1)·s) clockwise from the +x axis (see core/wheel/spin.ts); the spin rotates the canvas
 * element, never redraws it.
 */
export function drawWheel(canvas: HTMLCanvasElement, items: Item[], size: number, dpr: number): void {
  const px = Math.round(size * dpr)
  if (canvas.width !== px) canvas.width = px
  if (canvas.height !== px) canvas.height = px
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
  ctx.clearRect(0, 0, size, size)
  const c = size / 2
  const r = c - 2
  const n = items.length
  if (n === 0) return
  const seg = (2 * Math.PI) / n

  for (let i = 0; i < n; i++) {
    const item = items[i] as Item
    ctx.beginPath()
    ctx.moveTo(c, c)
    // A hair of overlap hides anti-aliasing seams; the last segment gets none, so it never paints over segment 0.
    ctx.arc(c, c, r, i * seg, (i + 1) * seg + (n > 1 && i < n - 1 ? 0.002 : 0))
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
      ctx.lineTo(c + r * Math.cos(i * seg), c + r * Math.sin(i * seg))
    }
    ctx.stroke()
  }

  // Labels: along each segment's bisector, right-aligned near the rim.
  const outer = r * 0.92
  const box = wheelLabelBox(r, n)
  const measure = (text: string, fontPx: number) => {
    ctx.font = FONT.replace('{px}', String(fontPx))
    return ctx.measureText(text).width
  }
  ctx.textAlign = 'right'
  ctx.textBaseline = 'middle'
  for (let i = 0; i < n; i++) {
    const item = items[i] as Item
    const label = fitLabel(item.text, box, measure)
    if (!label) {
      if (box.height < 14) break // every segment is as thin: no labels at all
      continue
    }
    ctx.save()
    ctx.translate(c, c)
    ctx.rotate((i + 0.5) * seg)
    ctx.font = FONT.replace('{px}', String(label.fontPx))
    ctx.fillStyle = textColorFor(item.color)
    const lineHeight = label.fontPx * 1.15
    label.lines.forEach((line, k) => {
      ctx.fillText(line, outer, (k - (label.lines.length - 1) / 2) * lineHeight)
    })
    ctx.restore()
  }

  ctx.beginPath()
  ctx.arc(c, c, Math.max(10, r * 0.09), 0, 2 * Math.PI)
  ctx.fillStyle = '#ffffff'
  ctx.fill()
  ctx.lineWidth = 3
  ctx.strokeStyle = '#1e293b'
  ctx.stroke()
}
