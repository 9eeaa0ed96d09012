import { beforeAll, describe, expect, it } from 'vitest'
import type { Item } from '../../../core/wheel/model'
import { drawWheel, loadBandPainter } from './draw-wheel'

/** A canvas whose 2D context records the labels drawn and whether segments were painted by pixel. */
function recordingCanvas() {
  const labels: string[] = []
  const fonts: string[] = []
  const aligns: string[] = []
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
    fillText: (text: string) => {
      labels.push(text)
      fonts.push(ctx.font)
      if (aligns.length < labels.length) aligns.push(ctx.textAlign)
    },
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
  return {
    canvas,
    labels,
    fonts,
    aligns,
    pixelPainted: () => pixelPainted,
    fills: () => fills,
    pixel,
    image: () => image,
  }
}

const wheel = (n: number, weightOf: (i: number) => number = () => 1): Item[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `i${i}`,
    text: `Item ${i}`,
    color: i % 2 ? '#ef4444' : '#3b82f6',
    ...(weightOf(i) === 1 ? {} : { weight: weightOf(i) }),
  }))

describe('drawWheel', () => {
  beforeAll(() => loadBandPainter())

  it('labels all 24 items at 300 px at one size, and draws no labels on 60 (no room for 14 px)', () => {
    const c = recordingCanvas()
    drawWheel(c.canvas, wheel(24), 300, 1)
    expect(c.labels).toHaveLength(24)
    expect(new Set(c.fonts)).toHaveProperty('size', 1)
    const many = recordingCanvas()
    drawWheel(many.canvas, wheel(60), 300, 1)
    expect(many.labels).toEqual([])
  })

  it('turns the labels pointing into the left half where the wheel rests, and says whether it drew any', () => {
    // Six segments: bisectors at 30°, 90°, 150°, 210°, 270° and 330°; 150° and 210° point left.
    const c = recordingCanvas()
    expect(drawWheel(c.canvas, wheel(6), 300, 1).labelled).toBe(true)
    expect(c.aligns).toEqual(['right', 'right', 'left', 'left', 'right', 'right'])
    // Turned by 180°, the wheel rests with the others on the left.
    const turned = recordingCanvas()
    drawWheel(turned.canvas, wheel(6), 300, 1, undefined, 'all', 180)
    expect(turned.aligns).toEqual(['left', 'right', 'right', 'right', 'right', 'left'])
    expect(drawWheel(recordingCanvas().canvas, wheel(500), 300, 1).labelled).toBe(false)
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
    for (let i = 0; i < 12; i++) expect(split.labels.join(' ')).toContain(`Item ${i}`)
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

  it('draws 500 items at 200 px as even bands, without an interference pattern near the centre', () => {
    const palette = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#06b6d4', '#3b82f6', '#8b5cf6', '#ec4899']
    const items = wheel(500).map((item, i) => ({ ...item, color: palette[i % palette.length] as string }))
    const size = 200
    const c = recordingCanvas()
    drawWheel(c.canvas, items, size, 1)
    const data = c.image()?.data as Uint8ClampedArray
    const at = (x: number, y: number) => {
      const o = (y * size + x) * 4
      return [data[o] as number, data[o + 1] as number, data[o + 2] as number] as const
    }
    // Around a circle near the rim: runs of one colour, each band several pixels long.
    const r = size / 2 - 2
    const around: string[] = []
    for (let k = 0; k < 2000; k++) {
      const a = (k / 2000) * 2 * Math.PI
      around.push(
        at(Math.floor(100 + 0.95 * r * Math.cos(a)), Math.floor(100 + 0.95 * r * Math.sin(a))).join(),
      )
    }
    const pure = new Set(
      palette.map((p) => [1, 3, 5].map((k) => Number.parseInt(p.slice(k, k + 2), 16)).join()),
    )
    const runs = around.filter((col, k) => pure.has(col) && col !== around[k - 1]).length
    expect(runs).toBeGreaterThan(60)
    expect(runs).toBeLessThan(200)
    // Near the centre many bands meet in one pixel: neighbouring pixels differ little (their mean),
    // where sampling one band per pixel made neighbours jump between unrelated colours.
    let jump = 0
    let pairs = 0
    for (let y = 84; y < 116; y++)
      for (let x = 84; x < 115; x++) {
        if (Math.hypot(x - 100, y - 100) > 14) continue
        const p = at(x, y)
        const q = at(x + 1, y)
        jump += Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2])
        pairs += 1
      }
    expect(jump / pairs).toBeLessThan(40)
  })
})

describe('drawWheel before the band painter has loaded', () => {
  it('leaves a big wheel’s segments out and says what it waits for', async () => {
    // A module of its own, loaded by the first big wheel: a fresh copy here has not loaded it yet.
    const fresh = (await import(`./draw-wheel?fresh=${Date.now()}`)) as typeof import('./draw-wheel')
    const c = recordingCanvas()
    const first = fresh.drawWheel(c.canvas, wheel(2000), 300, 1)
    expect(c.pixelPainted()).toBe(false)
    expect(first.waiting).not.toBeNull()
    await first.waiting
    const again = fresh.drawWheel(c.canvas, wheel(2000), 300, 1)
    expect(again.waiting).toBeNull()
    expect(c.pixelPainted()).toBe(true)
  })
})
