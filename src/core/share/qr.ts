/**
 * A small QR code encoder for share addresses (ISO/IEC 18004): byte mode, error correction level M,
 * versions 1 to 10 (up to 213 bytes, plenty for a link). Returns the matrix of modules, dark = true;
 * the page draws it as SVG with a quiet zone of 4 modules.
 */

// Per version 1..10 at level M: error correction codewords per block, and the number of blocks.
const ECC_PER_BLOCK = [10, 16, 26, 18, 24, 16, 18, 22, 22, 26]
const BLOCKS = [1, 1, 1, 2, 2, 4, 4, 4, 5, 5]
const MAX_VERSION = 10
const FORMAT_LEVEL_M = 0

export type QrMatrix = boolean[][]

/** Modules that hold data in a symbol of this version (all modules but the function patterns). */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2
    result -= (25 * align - 10) * align - 55
    if (version >= 7) result -= 36
  }
  return result
}

const dataCodewords = (version: number) =>
  Math.floor(rawDataModules(version) / 8) -
  (ECC_PER_BLOCK[version - 1] as number) * (BLOCKS[version - 1] as number)

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMultiply(x: number, y: number): number {
  let z = 0
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d)
    z ^= ((y >>> i) & 1) * x
  }
  return z & 0xff
}

function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0)
  result[degree - 1] = 1
  let root = 1
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j] as number, root)
      if (j + 1 < degree) result[j] = (result[j] as number) ^ (result[j + 1] as number)
    }
    root = gfMultiply(root, 0x02)
  }
  return result
}

function reedSolomonRemainder(data: number[], divisor: number[]): number[] {
  const result = new Array<number>(divisor.length).fill(0)
  for (const b of data) {
    const factor = b ^ (result.shift() as number)
    result.push(0)
    divisor.forEach((coef, i) => {
      result[i] = (result[i] as number) ^ gfMultiply(coef, factor)
    })
  }
  return result
}

/** The data codewords: mode, length, the bytes, terminator and padding. */
function encodeData(bytes: number[], version: number): number[] {
  const bits: number[] = []
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  put(0b0100, 4)
  put(bytes.length, version < 10 ? 8 : 16)
  for (const b of bytes) put(b, 8)
  const capacity = dataCodewords(version) * 8
  put(0, Math.min(4, capacity - bits.length))
  put(0, (8 - (bits.length % 8)) % 8)
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8)
  const out: number[] = []
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0))
  return out
}

/** Splits into blocks, adds each block's error correction and interleaves them. */
function withErrorCorrection(data: number[], version: number): number[] {
  const blockCount = BLOCKS[version - 1] as number
  const eccLength = ECC_PER_BLOCK[version - 1] as number
  const raw = Math.floor(rawDataModules(version) / 8)
  const shortBlocks = blockCount - (raw % blockCount)
  const shortLength = Math.floor(raw / blockCount)
  const divisor = reedSolomonDivisor(eccLength)
  const blocks: number[][] = []
  for (let i = 0, k = 0; i < blockCount; i++) {
    const length = shortLength - eccLength + (i < shortBlocks ? 0 : 1)
    const part = data.slice(k, k + length)
    k += length
    const ecc = reedSolomonRemainder(part, divisor)
    if (i < shortBlocks) part.push(0)
    blocks.push([...part, ...ecc])
  }
  const result: number[] = []
  for (let i = 0; i < (blocks[0] as number[]).length; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(block[i] as number)
    })
  }
  return result
}

function alignmentPositions(version: number, size: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2
  const result = [6]
  for (let pos = size - 7; result.length < count; pos -= step) result.splice(1, 0, pos)
  return result
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

/** A simplified penalty (runs, 2×2 blocks, balance) to pick a mask that reads well. */
function penalty(m: QrMatrix): number {
  const size = m.length
  let score = 0
  let dark = 0
  for (let a = 0; a < size; a++) {
    let rowRun = 1
    let colRun = 1
    for (let b = 1; b < size; b++) {
      rowRun = m[a]?.[b] === m[a]?.[b - 1] ? rowRun + 1 : 1
      colRun = m[b]?.[a] === m[b - 1]?.[a] ? colRun + 1 : 1
      if (rowRun === 5) score += 3
      else if (rowRun > 5) score += 1
      if (colRun === 5) score += 3
      else if (colRun > 5) score += 1
    }
  }
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const c = m[y]?.[x]
      if (c) dark++
      if (
        x + 1 < size &&
        y + 1 < size &&
        c === m[y]?.[x + 1] &&
        c === m[y + 1]?.[x] &&
        c === m[y + 1]?.[x + 1]
      )
        score += 3
    }
  }
  return score + Math.floor(Math.abs((dark * 20) / (size * size) - 10)) * 10
}

/** UTF-8 bytes of a text (core has no TextEncoder); a lone surrogate becomes U+FFFD. */
function utf8(text: string): number[] {
  const out: number[] = []
  for (const ch of text) {
    let c = ch.codePointAt(0) as number
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd
    if (c < 0x80) out.push(c)
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
  }
  return out
}

/** The QR code of a text (UTF-8). Throws a RangeError when the text is longer than version 10 holds. */
export function encodeQr(text: string): QrMatrix {
  const bytes = utf8(text)
  let version = 1
  while (
    version <= MAX_VERSION &&
    4 + (version < 10 ? 8 : 16) + bytes.length * 8 > dataCodewords(version) * 8
  )
    version++
  if (version > MAX_VERSION) throw new RangeError('encodeQr: the text is too long for a QR code')
  const size = version * 4 + 17
  const modules: QrMatrix = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const fixed: boolean[][] = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const set = (x: number, y: number, on: boolean) => {
    ;(modules[y] as boolean[])[x] = on
    ;(fixed[y] as boolean[])[x] = true
  }

  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0)
    set(i, 6, i % 2 === 0)
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const d = Math.max(Math.abs(dx), Math.abs(dy))
        const x = cx + dx
        const y = cy + dy
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, d !== 2 && d !== 4)
      }
    }
  }
  const align = alignmentPositions(version, size)
  const last = align.length - 1
  align.forEach((ax, i) => {
    align.forEach((ay, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
    })
  })
  const drawFormat = (mask: number) => {
    const data = (FORMAT_LEVEL_M << 3) | mask
    let rem = data
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537)
    const bits = ((data << 10) | rem) ^ 0x5412
    const bit = (i: number) => ((bits >>> i) & 1) !== 0
    for (let i = 0; i <= 5; i++) set(8, i, bit(i))
    set(8, 7, bit(6))
    set(8, 8, bit(7))
    set(7, 8, bit(8))
    for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i))
    for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i))
    for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i))
    set(8, size - 8, true)
  }
  drawFormat(0)
  if (version >= 7) {
    let rem = version
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25)
    const bits = (version << 12) | rem
    for (let i = 0; i < 18; i++) {
      const on = ((bits >>> i) & 1) !== 0
      set(size - 11 + (i % 3), Math.floor(i / 3), on)
      set(Math.floor(i / 3), size - 11 + (i % 3), on)
    }
  }

  const codewords = withErrorCorrection(encodeData(bytes, version), version)
  let k = 0
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert
        if (fixed[y]?.[x] || k >= codewords.length * 8) continue
        ;(modules[y] as boolean[])[x] = (((codewords[k >>> 3] as number) >>> (7 - (k & 7))) & 1) !== 0
        k++
      }
    }
  }

  const masked = (mask: number): QrMatrix => {
    const test = MASKS[mask] as (x: number, y: number) => boolean
    drawFormat(mask)
    return modules.map((row, y) => row.map((on, x) => (fixed[y]?.[x] ? on : on !== test(x, y))))
  }
  let best = 0
  let bestScore = Number.POSITIVE_INFINITY
  for (let mask = 0; mask < MASKS.length; mask++) {
    const score = penalty(masked(mask))
    if (score < bestScore) {
      bestScore = score
      best = mask
    }
  }
  return masked(best)
}
