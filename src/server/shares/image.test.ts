import { Resvg } from '@resvg/resvg-js'
import { describe, expect, it } from 'vitest'
import { PREVIEW_WIDTH, wheelPreviewSvg } from '../../core/share/wheel-svg'
import type { Item } from '../../core/wheel/model'
import { renderPreviewPng } from './image'

const RED = '#ef4444'
const BLUE = '#3b82f6'
const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))

/** The colour of the preview's pixel at `deg` clockwise from +x, 200 px out from the wheel's centre. */
function colourAt(items: Item[], deg: number): number[] {
  const pixels = new Resvg(wheelPreviewSvg('Weighted', items)).render().pixels
  const x = Math.round(330 + 200 * Math.cos((deg * Math.PI) / 180))
  const y = Math.round(325 + 200 * Math.sin((deg * Math.PI) / 180))
  const o = (y * PREVIEW_WIDTH + x) * 4
  return [pixels[o], pixels[o + 1], pixels[o + 2]] as number[]
}

describe('share preview image of a weighted wheel', () => {
  const items: Item[] = [
    { id: 'a', text: 'Three', color: RED, weight: 3 },
    { id: 'b', text: 'One', color: BLUE },
  ]

  it('gives each segment an angle in proportion to its weight, as the page draws it', () => {
    // Weights 3 and 1: "Three" spans 0°–270°, "One" 270°–360°. Equal halves would put 200° in "One".
    for (const deg of [10, 100, 200, 260]) expect(colourAt(items, deg)).toEqual(rgb(RED))
    for (const deg of [280, 350]) expect(colourAt(items, deg)).toEqual(rgb(BLUE))
    // Unweighted, the same two items are halves again.
    const equal = items.map(({ weight, ...item }) => item)
    expect(colourAt(equal, 200)).toEqual(rgb(BLUE))
  })

  it('renders the weighted wheel as a 1200×630 PNG', () => {
    const png = renderPreviewPng('Weighted', items)
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
  })
})

describe('share preview image text', () => {
  const pixels = (name: string, texts: string[]) =>
    renderPreviewPng(
      name,
      texts.map((text, i) => ({ id: `i${i}`, text, color: i % 2 ? BLUE : RED })),
    )

  it('draws an item and a name holding a right-to-left override as typed, not reversed', () => {
    const typed = pixels('Friday raffle', ['Alice', 'Bob'])
    expect(pixels('\u202EFriday raffle', ['\u202EAlice', 'B\u202Eob']).equals(typed)).toBe(true)
    expect(pixels('\u2067Friday raffle\u2069', ['\u202DAlice\u202C', 'Bob']).equals(typed)).toBe(true)
  })
})
