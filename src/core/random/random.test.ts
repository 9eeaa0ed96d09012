import { describe, expect, it } from 'vitest'
import { chiSquarePValue } from '../stats/fairness'
import { chiSquare, chiSquareTest } from '../testing/chi-square'
import {
  cryptoRandomSource,
  type RandomSource,
  randomInt,
  randomIntBetween,
  randomUnit,
  seededRandomSource,
} from './random'

const crypto = cryptoRandomSource(globalThis.crypto.getRandomValues.bind(globalThis.crypto))

/** A source that replays fixed values, to check exactly which draws are used or rejected. */
function scripted(values: number[]): RandomSource & { used: number } {
  const source = {
    used: 0,
    nextUint32() {
      const v = values[source.used++]
      if (v === undefined) throw new Error('scripted source ran out')
      return v
    },
  }
  return source
}

// A fair source fails these at most once in a million runs; the seeded ones never vary.
const P_MIN = 1e-6

describe('chi-square helpers', () => {
  it('match published critical values', () => {
    expect(chiSquarePValue(3.841, 1)).toBeCloseTo(0.05, 3)
    expect(chiSquarePValue(16.919, 9)).toBeCloseTo(0.05, 3)
    expect(chiSquarePValue(29.588, 10)).toBeCloseTo(0.001, 4)
    expect(chiSquarePValue(124.342, 100)).toBeCloseTo(0.05, 3)
    expect(chiSquarePValue(10, 2)).toBeCloseTo(Math.exp(-5), 10)
    expect(chiSquarePValue(0, 5)).toBe(1)
    expect(chiSquare([10, 10, 10])).toBe(0)
    expect(chiSquareTest([20, 0]).pValue).toBeLessThan(1e-4)
  })
})

describe('randomInt', () => {
  it('stays in range for awkward sizes', () => {
    for (const n of [1, 2, 3, 7, 1000, 10_000, 2 ** 31 + 1, 2 ** 32]) {
      for (let i = 0; i < 2000; i++) {
        const v = randomInt(crypto, n)
        expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true)
      }
    }
  })

  it('refuses sizes it cannot draw from', () => {
    for (const n of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 32 + 1])
      expect(() => randomInt(crypto, n)).toThrow(RangeError)
    expect(() => randomIntBetween(crypto, 6, 3)).toThrow(RangeError)
  })

  it('throws draws from the incomplete last block away instead of folding them (no modulo bias)', () => {
    // 2^32 mod 3 = 1, so 2^32 − 1 is the one value that must be rejected for n = 3.
    const source = scripted([0xffffffff, 0xffffffff, 5])
    expect(randomInt(source, 3)).toBe(2)
    expect(source.used).toBe(3)
    const accepted = scripted([0xfffffffe])
    expect(randomInt(accepted, 3)).toBe(0xfffffffe % 3)
    expect(accepted.used).toBe(1)
    // n = 1 needs no randomness at all.
    const none = scripted([])
    expect(randomInt(none, 1)).toBe(0)
  })

  it('a biased draw would be caught: plain modulo fails the same test that rejection sampling passes', () => {
    // n = 3·2^30 leaves a remainder of 2^30 in 2^32: plain modulo makes the first third twice as likely.
    const n = 3 * 2 ** 30
    const source = seededRandomSource(11)
    const fair = new Array(3).fill(0)
    const modulo = new Array(3).fill(0)
    for (let i = 0; i < 300_000; i++) {
      fair[Math.floor(randomInt(source, n) / 2 ** 30)] += 1
      modulo[Math.floor((source.nextUint32() % n) / 2 ** 30)] += 1
    }
    expect(chiSquareTest(fair).pValue).toBeGreaterThan(P_MIN)
    expect(chiSquareTest(modulo).pValue).toBeLessThan(1e-100)
  })

  it('is uniform over 1,000,000 draws of the seeded source (chi-square, 7 and 1000 bins)', () => {
    const source = seededRandomSource(20_261_122)
    const seven = new Array(7).fill(0)
    for (let i = 0; i < 1_000_000; i++) seven[randomInt(source, 7)] += 1
    expect(chiSquareTest(seven).pValue).toBeGreaterThan(P_MIN)
    const thousand = new Array(1000).fill(0)
    for (let i = 0; i < 1_000_000; i++) thousand[randomInt(source, 1000)] += 1
    expect(chiSquareTest(thousand).pValue).toBeGreaterThan(P_MIN)
  })

  it('is uniform over 1,000,000 draws of the platform crypto source (chi-square, 10 bins)', () => {
    const counts = new Array(10).fill(0)
    for (let i = 0; i < 1_000_000; i++) counts[randomInt(crypto, 10)] += 1
    expect(chiSquareTest(counts).pValue).toBeGreaterThan(P_MIN)
  })

  it('randomIntBetween includes both ends', () => {
    const seen = new Set<number>()
    const source = seededRandomSource(5)
    for (let i = 0; i < 1000; i++) seen.add(randomIntBetween(source, 3, 6))
    expect([...seen].sort()).toEqual([3, 4, 5, 6])
  })
})

describe('randomUnit', () => {
  it('lies on the 2^53 grid in [0, 1), from exactly two draws', () => {
    expect(randomUnit(scripted([0, 0]))).toBe(0)
    const top = randomUnit(scripted([0xffffffff, 0xffffffff]))
    expect(top).toBe(1 - 2 ** -53)
    expect(top).toBeLessThan(1)
    const source = scripted([0x12345678, 0x9abcdef0, 7])
    const u = randomUnit(source)
    expect(source.used).toBe(2)
    expect(Number.isInteger(u * 2 ** 53)).toBe(true)
  })

  it('is uniform (chi-square over 200,000 seeded draws, 64 bins)', () => {
    const source = seededRandomSource(99)
    const counts = new Array(64).fill(0)
    for (let i = 0; i < 200_000; i++) counts[Math.floor(randomUnit(source) * 64)] += 1
    expect(chiSquareTest(counts).pValue).toBeGreaterThan(P_MIN)
  })
})

describe('sources', () => {
  it('the crypto source reads the platform generator in blocks', () => {
    let calls = 0
    let next = 0
    const source = cryptoRandomSource((array) => {
      calls += 1
      for (let i = 0; i < array.length; i++) array[i] = next++
      return array
    }, 4)
    const values = Array.from({ length: 9 }, () => source.nextUint32())
    expect(values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(calls).toBe(3)
    expect(() => cryptoRandomSource(() => undefined, 0)).toThrow(RangeError)
  })

  it('the seeded source is deterministic, depends on the seed and gives 32-bit values', () => {
    const take = (s: RandomSource) => Array.from({ length: 50 }, () => s.nextUint32())
    const a = take(seededRandomSource(42))
    expect(take(seededRandomSource(42))).toEqual(a)
    expect(take(seededRandomSource(43))).not.toEqual(a)
    for (const v of a) expect(Number.isInteger(v) && v >= 0 && v < 2 ** 32).toBe(true)
  })

  it('every bit of both sources is set about half the time', () => {
    for (const source of [seededRandomSource(1), crypto]) {
      const ones = new Array(32).fill(0)
      const draws = 20_000
      for (let i = 0; i < draws; i++) {
        const v = source.nextUint32()
        for (let bit = 0; bit < 32; bit++) if ((v >>> bit) & 1) ones[bit] += 1
      }
      for (const count of ones) expect(chiSquareTest([count, draws - count]).pValue).toBeGreaterThan(1e-7)
    }
  })
})
