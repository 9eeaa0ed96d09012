/**
 * Fair randomness. Everything random in Whirl draws from a `RandomSource`, so the app passes the
 * platform's cryptographic generator and tests pass a seeded one.
 */

/** A source of independent, uniformly distributed unsigned 32-bit integers (0 … 2^32 − 1). */
export type RandomSource = { nextUint32(): number }

const TWO_32 = 2 ** 32

/**
 * A uniform integer in [0, n) by rejection sampling: draws that fall in the incomplete last block
 * of 2^32 are thrown away, so no value is more likely than another (no modulo bias). On average
 * fewer than two draws are needed for any n ≤ 2^32.
 */
export function randomInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32)
    throw new RangeError(`randomInt: n must be an integer from 1 to 2^32, got ${n}`)
  if (n === 1) return 0
  const limit = TWO_32 - (TWO_32 % n)
  for (;;) {
    const x = source.nextUint32()
    if (x < limit) return x % n
  }
}

/** A uniform integer in [min, max], both ends included. */
export function randomIntBetween(source: RandomSource, min: number, max: number): number {
  if (!Number.isInteger(min) || !Number.isInteger(max) || max < min)
    throw new RangeError(`randomIntBetween: need integers min ≤ max, got ${min}, ${max}`)
  return min + randomInt(source, max - min + 1)
}

/**
 * A uniform number in [0, 1) on the grid of 2^53 equally spaced values k / 2^53: 53 random bits
 * (27 + 26 from two draws) make an exact integer, and dividing by a power of two is exact, so no
 * value is favoured by float rounding.
 */
export function randomUnit(source: RandomSource): number {
  const high = source.nextUint32() >>> 5 // 27 bits
  const low = source.nextUint32() >>> 6 // 26 bits
  return (high * 2 ** 26 + low) / 2 ** 53
}

/** The platform generator, e.g. `crypto.getRandomValues.bind(crypto)`. */
export type GetRandomValues = (array: Uint32Array<ArrayBuffer>) => unknown

/**
 * The platform's cryptographic generator, passed in by the caller (core knows neither the DOM nor
 * Node): `cryptoRandomSource(crypto.getRandomValues.bind(crypto))` in the browser and in Node.
 * Values are read in blocks of `blockSize` for speed.
 */
export function cryptoRandomSource(getRandomValues: GetRandomValues, blockSize = 256): RandomSource {
  if (!Number.isInteger(blockSize) || blockSize < 1 || blockSize > 16_384)
    throw new RangeError('cryptoRandomSource: blockSize must be 1 to 16384')
  const buffer = new Uint32Array(blockSize)
  let index = blockSize
  return {
    nextUint32() {
      if (index >= blockSize) {
        getRandomValues(buffer)
        index = 0
      }
      return buffer[index++] as number
    },
  }
}

/**
 * A deterministic generator (xoshiro128**, state seeded by splitmix32) for tests and reproducible
 * benchmarks. Never use it for real spins.
 */
export function seededRandomSource(seed: number): RandomSource {
  let s = seed >>> 0
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
  let a = split()
  let b = split()
  let c = split()
  let d = split()
  const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0
  return {
    nextUint32() {
      const result = Math.imul(rotl(Math.imul(b, 5) >>> 0, 7), 9) >>> 0
      const t = (b << 9) >>> 0
      c = (c ^ a) >>> 0
      d = (d ^ b) >>> 0
      b = (b ^ c) >>> 0
      a = (a ^ d) >>> 0
      c = (c ^ t) >>> 0
      d = rotl(d, 11)
      return result
    },
  }
}
