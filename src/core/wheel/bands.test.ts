import { describe, expect, it } from 'vitest'
import { colourBands } from './bands'

const PALETTE = [
  '#e11d48',
  '#f97316',
  '#eab308',
  '#22c55e',
  '#06b6d4',
  '#3b82f6',
  '#8b5cf6',
  '#ec4899',
  '#14b8a6',
  '#84cc16',
]
const even = (n: number) => Array.from({ length: n + 1 }, (_, i) => (360 * i) / n)
const cycled = (n: number) => Array.from({ length: n }, (_, i) => PALETTE[i % PALETTE.length] as string)

describe('colourBands', () => {
  it('groups thin segments into bands of at least the given angle, covering the whole wheel', () => {
    const bands = colourBands(even(500), cycled(500), 2.5)
    const widths = bands.starts.slice(1).map((s, i) => s - (bands.starts[i] as number))
    expect(bands.starts[0]).toBe(0)
    expect(bands.starts.at(-1)).toBe(360)
    expect(bands.colors).toHaveLength(widths.length)
    for (const w of widths) expect(w).toBeGreaterThanOrEqual(2.5 - 1e-9)
    // Even: 500 segments of 0.72° in bands of four (2.88°), the last one too.
    expect(new Set(widths.map((w) => w.toFixed(6)))).toEqual(new Set(['2.880000']))
  })

  it('walks through a repeating palette, never two neighbouring bands alike', () => {
    // Ten colours in turn, bands of ten segments: taking each band's first segment would paint it all one colour.
    for (const [n, angle] of [
      [10_000, 0.36],
      [1_000, 1.8],
      [500, 2.5],
      [2_000, 0.5],
    ] as const) {
      const bands = colourBands(even(n), cycled(n), angle)
      expect(new Set(bands.colors).size, `${n} items`).toBeGreaterThanOrEqual(5)
      bands.colors.forEach((c, i) => {
        expect(c).not.toBe(bands.colors[(i + 1) % bands.colors.length])
      })
    }
  })

  it('keeps wide segments as bands of their own, in their colour, and runs of one colour in it', () => {
    // A weighted wheel: segment 0 takes half the wheel; 1,000 thin ones share the rest.
    const starts = [0, ...Array.from({ length: 1001 }, (_, i) => 180 + (180 * i) / 1000)]
    const colors = ['#000000', ...Array.from({ length: 1000 }, (_, i) => (i < 500 ? '#ff0000' : '#0000ff'))]
    const bands = colourBands(starts, colors, 3)
    expect(bands.starts.slice(0, 2)).toEqual([0, 180])
    expect(bands.colors[0]).toBe('#000000')
    // A band wholly inside the red half is red, wholly inside the blue half blue.
    const mid = (i: number) => ((bands.starts[i] as number) + (bands.starts[i + 1] as number)) / 2
    bands.colors.forEach((c, i) => {
      if (i === 0) return
      if (mid(i) < 265) expect(c).toBe('#ff0000')
      if (mid(i) > 275) expect(c).toBe('#0000ff')
    })
  })

  it('leaves segments wide enough as they are', () => {
    const bands = colourBands(even(6), cycled(6), 10)
    expect(bands.starts).toEqual(even(6))
    expect(bands.colors).toEqual(cycled(6))
    expect(colourBands([0], [], 1)).toEqual({ starts: [], colors: [] })
  })
})
