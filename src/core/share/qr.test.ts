import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { encodeQr, type QrMatrix } from './qr'

/** Draws the matrix as an RGBA image (4 px a module, 4 modules of quiet zone) and reads it back. */
function decode(matrix: QrMatrix): string | null {
  const scale = 4
  const quiet = 4
  const side = (matrix.length + 2 * quiet) * scale
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx) * 4
          pixels.fill(0, offset, offset + 3)
        }
      }
    })
  })
  return jsQR(pixels, side, side, { inversionAttempts: 'dontInvert' })?.data ?? null
}

describe('QR encoder', () => {
  it.each([
    'http://localhost:3000/w/AbCdEfGh1234',
    'https://whirl.example.com/w/Zz09Zz09Zz09',
    'x',
    'https://a-rather-long-host-name.for-a-company.example.org/w/aaaaaaaaaaaa?from=qr&lang=en-GB',
    `https://whirl.example/${'é'.repeat(80)}`,
  ])('makes a code a reader decodes back to %s', (text) => {
    expect(decode(encodeQr(text))).toBe(text)
  })

  it('grows with the text: version 1 is 21 modules, a 150-byte address needs a larger symbol', () => {
    expect(encodeQr('hi')).toHaveLength(21)
    const long = encodeQr(`https://whirl.example/w/${'a'.repeat(126)}`)
    expect(long.length).toBeGreaterThan(41)
    expect(decode(long)).toBe(`https://whirl.example/w/${'a'.repeat(126)}`)
  })

  it('refuses a text longer than version 10 holds', () => {
    expect(() => encodeQr('a'.repeat(214))).toThrow(RangeError)
    expect(decode(encodeQr('a'.repeat(213)))).toBe('a'.repeat(213))
  })
})
