import { describe, expect, it } from 'vitest'
import { chiSquare } from './chi-square'
import { cryptoRandomSource, type RandomSource, randomInt, seededRandomSource } from './random'

const crypto = cryptoRandomSource((a) => globalThis.crypto.getRandomValues(a))

describe('randomInt', () => {
  it('stays in range for awkward sizes', () => {
    for (const n of [1, 2, 3, 7, 1000, 10_000, 2 ** 31 + 1]) {
      for (let i = 0; i < 2000; i++) {
        const v = randomInt(crypto, n)
        expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true)
      }
    }
  })

  it('refuses sizes it cannot draw from', () => {
    expect(() => randomInt(crypto, 0)).toThrow(RangeError)
    expect(() => randomInt(crypto, 2.5)).toThrow(RangeError)
  })

  // df = 9: the 1e-7 upper tail of chi-square is about 50, so a fair source fails once in ten million runs.
  it('is uniform over 1,000,000 draws of the crypto source (chi-square, 10 bins)', () => {
    const counts = new Array(10).fill(0)
    for (let i = 0; i < 1_000_000; i++) counts[randomInt(crypto, 10)] += 1
    expect(chiSquare(counts)).toBeLessThan(50)
  })

  it('rejects the biased tail: a source that favours low values still gives uniform results', () => {
    // n = 3·2^30 leaves a remainder of 2^30 in 2^32: plain modulo would make the first third twice as likely.
    const n = 3 * 2 ** 30
    const counts = new Array(3).fill(0)
    for (let i = 0; i < 300_000; i++) counts[Math.floor(randomInt(crypto, n) / 2 ** 30)] += 1
    expect(chiSquare(counts)).toBeLessThan(40)
    const modulo = new Array(3).fill(0)
    for (let i = 0; i < 300_000; i++) modulo[Math.floor((crypto.nextUint32() % n) / 2 ** 30)] += 1
    expect(chiSquare(modulo)).toBeGreaterThan(1000)
  })

  it('the seeded source is deterministic and uniform', () => {
    const a = seededRandomSource(42)
    const b = seededRandomSource(42)
    const seqA = Array.from({ length: 5 }, () => a.nextUint32())
    expect(Array.from({ length: 5 }, () => b.nextUint32())).toEqual(seqA)
    const s: RandomSource = seededRandomSource(7)
    const counts = new Array(16).fill(0)
    for (let i = 0; i < 200_000; i++) counts[randomInt(s, 16)] += 1
    expect(chiSquare(counts)).toBeLessThan(70)
  })
})
