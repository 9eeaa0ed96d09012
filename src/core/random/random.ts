/** A source of uniformly distributed 32-bit unsigned integers. */
export type RandomSource = { nextUint32(): number }

const TWO_32 = 2 ** 32

/**
 * A uniform integer in [0, n) by rejection sampling: draws that fall in the incomplete last block
 * of 2^32 are thrown away, so no value is more likely than another (no modulo bias).
 */
export function randomInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32)
    throw new RangeError(`randomInt: n must be 1..2^32, got ${n}`)
  if (n === 1) return 0
  const limit = TWO_32 - (TWO_32 % n)
  for (;;) {
    const x = source.nextUint32()
    if (x < limit) return x % n
  }
}

/** A uniform integer in [min, max], both ends included. */
export function randomIntBetween(source: RandomSource, min: number, max: number): number {
  return min + randomInt(source, max - min + 1)
}

type GetRandomValues = (array: Uint32Array<ArrayBuffer>) => unknown

/**
 * The platform's cryptographic generator (crypto.getRandomValues, passed in by the caller: core
 * knows neither the DOM nor Node), read in blocks for speed.
 */
export function cryptoRandomSource(getRandomValues: GetRandomValues, blockSize = 256): RandomSource {
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

/** A deterministic generator (xoshiro128**) for tests and reproducible benchmarks. */
export function seededRandomSource(seed: number): RandomSource {
  // splitmix32 expands the seed into the four words of state
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
      c ^= a
      d ^= b
      b ^= c
      a ^= d
      c ^= t
      d = rotl(d, 11)
      return result
    },
  }
}
