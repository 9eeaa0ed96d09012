import jsQR from 'jsqr'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { QrCode } from './qr-code'

/** The dialog's SVG: its side in modules and the dark modules, read from the markup a browser gets. */
function draw(text: string): { side: number; dark: [number, number][] } {
  const svg = renderToStaticMarkup(<QrCode text={text} />)
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1])
  const path = /<path d="([^"]*)"/.exec(svg)?.[1] ?? ''
  const dark = [...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(
    (m) => [Number(m[1]), Number(m[2])] as [number, number],
  )
  return { side, dark }
}

/** Paints the SVG's modules as an RGBA image (4 px a module) and reads it back as a phone would. */
function scan(text: string): string | null {
  const { side, dark } = draw(text)
  const scale = 4
  const width = side * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [x, y] of dark) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const offset = ((y * scale + dy) * width + x * scale + dx) * 4
        pixels.fill(0, offset, offset + 3)
      }
    }
  }
  return jsQR(pixels, width, width, { inversionAttempts: 'dontInvert' })?.data ?? null
}

describe('the share dialog QR code', () => {
  it.each([
    'http://localhost:3000/w/AbCdEfGh1234',
    'https://whirl.example.com/w/Zz09Zz09Zz09',
    'x',
    'https://a-rather-long-host-name.for-a-company.example.org/w/aaaaaaaaaaaa?from=qr&lang=en-GB',
    `https://whirl.example/${'é'.repeat(80)}`,
  ])('scans back to %s', (text) => {
    expect(scan(text)).toBe(text)
  })

  it('keeps a light quiet zone of 4 modules on every side', () => {
    const { side, dark } = draw('http://localhost:3000/w/AbCdEfGh1234')
    expect(dark.length).toBeGreaterThan(0)
    for (const [x, y] of dark) {
      expect(Math.min(x, y)).toBeGreaterThanOrEqual(4)
      expect(Math.max(x, y)).toBeLessThan(side - 4)
    }
  })

  it('grows with the text: version 1 is 21 modules, a 150-byte address needs a larger symbol', () => {
    expect(draw('hi').side).toBe(21 + 8)
    const long = `https://whirl.example/w/${'a'.repeat(126)}`
    expect(draw(long).side).toBeGreaterThan(41 + 8)
    expect(scan(long)).toBe(long)
  })

  it('refuses a text longer than version 10 holds', () => {
    expect(() => draw('a'.repeat(214))).toThrow(RangeError)
    expect(scan('a'.repeat(213))).toBe('a'.repeat(213))
  })
})
