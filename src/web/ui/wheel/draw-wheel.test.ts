import { describe, expect, it } from 'vitest'
import type { Item } from '../../../core/wheel/model'
import { segmentStarts } from '../../../core/wheel/weighted-spin'
import { weightOf } from '../../../core/wheel/weights'
import { drawWheel } from './draw-wheel'

/** A canvas whose 2D context records the labels drawn and whether segments were painted by pixel. */
function recordingCanvas() {
  const labels: string[] = []
  let pixelPainted = false
  let image: { data: Uint8ClampedArray } | null = null
  let fills = 0
  const noop = () => {}
  const ctx = {
    font: '',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    textAlign: 'left',
    textBaseline: 'alphabetic',
    setTransform: noop,
    clearRect: noop,
    beginPath: noop,
    moveTo: noop,
    lineTo: noop,
    arc: noop,
    closePath: noop,
    stroke: noop,
    save: noop,
    restore: noop,
    translate: noop,
    rotate: noop,
    fill: () => {
      fills += 1
    },
    measureText: (text: string) => ({
      width: text.length * 8 * (Number.parseFloat(ctx.font.split(' ')[1] ?? '14') / 14),
    }),
    fillText: (text: string) => labels.push(text),
    createImageData: (w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }),
    putImageData: (data: { data: Uint8ClampedArray }) => {
      pixelPainted = true
      image = data
    },
  }
  const canvas = { width: 0, height: 0, getContext: () => ctx } as unknown as HTMLCanvasElement
  /** The painted pixel's RGBA at (x, y), on a canvas `px` wide. */
  const pixel = (x: number, y: number, px: number) => [
    ...(image?.data.slice((y * px + x) * 4, (y * px + x) * 4 + 4) ?? []),
  ]
  return { canvas, labels, pixelPainted: () => pixelPainted, fills: () => fills, pixel, image: () => image }
}

const wheel = (n: number, weightOf: (i: number) => number = () => 1): Item[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `i${i}`,
    text: `Item ${i}`,
    color: i % 2 ? '#ef4444' : '#3b82f6',
    ...(weightOf(i) === 1 ? {} : { weight: weightOf(i) }),
  }))

describe('drawWheel', () => {
  it('labels all 60 items at 300 px', () => {
    const c = recordingCanvas()
    drawWheel(c.canvas, wheel(60), 300, 1)
    expect(c.labels).toHaveLength(60)
  })

  it('draws in two parts what one call draws: the wheel without labels, then only the labels', () => {
    const whole = recordingCanvas()
    drawWheel(whole.canvas, wheel(12), 300, 2)
    const split = recordingCanvas()
    drawWheel(split.canvas, wheel(12), 300, 2, undefined, 'shapes')
    expect(split.labels).toEqual([])
    expect(split.fills()).toBe(whole.fills())
    drawWheel(split.canvas, wheel(12), 300, 2, undefined, 'labels')
    expect(split.labels).toEqual(whole.labels)
    expect(split.labels).toHaveLength(12)
    // The labels go over the wheel: nothing else is painted.
    expect(split.fills()).toBe(whole.fills())
  })

  it('beyond that shows every label that fits rather than none: a wide weighted segment keeps its label', () => {
    const c = recordingCanvas()
    // 300 items at 300 px are far too thin for labels, except item 0 with weight 100 (a quarter of the wheel).
    drawWheel(
      c.canvas,
      wheel(300, (i) => (i === 0 ? 100 : 1)),
      300,
      1,
    )
    expect(c.labels).toEqual(['Item 0'])
    const plain = recordingCanvas()
    drawWheel(plain.canvas, wheel(300), 300, 1)
    expect(plain.labels).toEqual([])
  })

  it('paints thousands of sub-pixel segments pixel by pixel, and wider ones as paths', () => {
    const thin = recordingCanvas()
    drawWheel(thin.canvas, wheel(10_000), 500, 1)
    expect(thin.pixelPainted()).toBe(true)
    const wide = recordingCanvas()
    drawWheel(wide.canvas, wheel(100), 500, 1)
    expect(wide.pixelPainted()).toBe(false)
    expect(wide.fills()).toBeGreaterThanOrEqual(100)
  })

  it('paints each pixel in the colour of the segment at its angle, the rim transparent beyond', () => {
    // 2,000 items: the first half red (0°–180°, clockwise from +x, so below the centre), the rest blue.
    const items = wheel(2000).map((item, i) => ({ ...item, color: i < 1000 ? '#ef4444' : '#3b82f6' }))
    const c = recordingCanvas()
    drawWheel(c.canvas, items, 400, 1)
    expect(c.pixel(200, 300, 400)).toEqual([0xef, 0x44, 0x44, 255])
    expect(c.pixel(200, 100, 400)).toEqual([0x3b, 0x82, 0xf6, 255])
    expect(c.pixel(1, 1, 400)).toEqual([0, 0, 0, 0])
  })

  it('gives every pixel exactly the segment a search of the spin’s start angles gives, on weighted wheels, after a resize and over an earlier wheel', () => {
    // Distinct colours per segment, so a pixel given a neighbour's segment would show.
    const items = wheel(10_000, (i) => 1 + (i % 7)).map((item, i) => ({
      ...item,
      color: `#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}`,
    }))
    for (const size of [300, 433]) {
      const c = recordingCanvas()
      // Another wheel first, at the same size: the redraw must leave nothing of it.
      drawWheel(
        c.canvas,
        wheel(3_000).map((item) => ({ ...item, color: '#000001' })),
        size,
        1,
      )
      drawWheel(c.canvas, items, size, 1)
      const data = c.image()?.data as Uint8ClampedArray
      const starts = segmentStarts(items.map(weightOf)).map((deg) => (deg * Math.PI) / 180)
      const centre = size / 2
      const r = centre - 2
      let checked = 0
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const dx = x + 0.5 - centre
          const dy = y + 0.5 - centre
          if (r + 0.5 - Math.hypot(dx, dy) <= 0) {
            expect(data[(y * size + x) * 4 + 3]).toBe(0)
            continue
          }
          let angle = Math.atan2(dy, dx)
          if (angle < 0) angle += 2 * Math.PI
          let seg = 0
          while (seg < items.length - 1 && (starts[seg + 1] as number) <= angle) seg++
          const rgb = Number.parseInt((items[seg] as Item).color.slice(1), 16)
          const o = (y * size + x) * 4
          expect([data[o], data[o + 1], data[o + 2]]).toEqual([rgb >> 16, (rgb >> 8) & 255, rgb & 255])
          checked += 1
        }
      }
      expect(checked).toBeGreaterThan(0.7 * size * size)
    }
  }, 60_000)
})
