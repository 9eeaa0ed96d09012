/**
 * The verifiable-draw protocol (docs/verifiable-draws.md, issue 14), exactly as published, so that
 * anyone can recompute a draw. It uses only WebCrypto (`globalThis.crypto.subtle`), which browsers
 * and Node 20 both have, so the page that verifies a draw runs the same code as the server.
 *
 * - entries: the wheel's items in order as [text, weight] pairs (weight 1 unless the wheel has weights).
 * - wheelHash: lowercase hex SHA-256 of the UTF-8 bytes of JSON.stringify(entries).
 * - serverSeed: 32 CSPRNG bytes as lowercase hex; commitment: lowercase hex SHA-256 of those 32 bytes.
 * - clientSeed: 1–200 characters chosen by the host.
 * - winner: for counter = 0, 1, 2, …: h = HMAC-SHA256(key = seed bytes, message = UTF-8 of
 *   `${clientSeed}:${wheelHash}:${counter}`); v = first 4 bytes of h, big-endian; W = sum of the
 *   weights; if v < floor(2^32 / W) · W then t = v mod W and the winner is the first entry whose
 *   running sum of weights exceeds t; otherwise the next counter.
 */

export type DrawEntry = [text: string, weight: number]

/** The part of WebCrypto the protocol needs (core is typed without the DOM or Node). */
type Subtle = {
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    usages: ['sign'],
  ): Promise<unknown>
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>
}

function subtle(): Subtle {
  const crypto = (globalThis as { crypto?: { subtle?: Subtle } }).crypto
  if (!crypto?.subtle) throw new Error('WebCrypto (crypto.subtle) is not available here')
  return crypto.subtle
}

export const SERVER_SEED_BYTES = 32
const TWO_32 = 2 ** 32

/** The UTF-8 bytes of a string (lone surrogates become U+FFFD, as TextEncoder does). */
export function utf8(text: string): Uint8Array {
  const out: number[] = []
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00)
        i++
      } else c = 0xfffd
    } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd
    if (c < 0x80) out.push(c)
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
  }
  return Uint8Array.from(out)
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  let hex = ''
  for (const b of view) hex += b.toString(16).padStart(2, '0')
  return hex
}

/** Lowercase hex of exactly `length` bytes. */
export const isHex = (text: unknown, length: number): text is string =>
  typeof text === 'string' && text.length === length * 2 && /^[0-9a-f]*$/.test(text)

export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error('Not a hex string')
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return bytes
}

/** Lowercase hex SHA-256 of some bytes. */
export const sha256Hex = async (data: Uint8Array): Promise<string> =>
  toHex(await subtle().digest('SHA-256', data))

/** wheelHash: lowercase hex SHA-256 of the UTF-8 bytes of JSON.stringify(entries). */
export const wheelHashOf = (entries: readonly DrawEntry[]): Promise<string> =>
  sha256Hex(utf8(JSON.stringify(entries)))

/** commitment: lowercase hex SHA-256 of the 32 seed bytes (not of the hex text). */
export function commitmentOf(serverSeed: string): Promise<string> {
  if (!isHex(serverSeed, SERVER_SEED_BYTES))
    throw new Error('The server seed must be 64 lowercase hex digits')
  return sha256Hex(fromHex(serverSeed))
}

/** A new serverSeed: 32 bytes from the caller's CSPRNG (crypto.getRandomValues), as lowercase hex. */
export function newServerSeed(getRandomValues: (array: Uint8Array<ArrayBuffer>) => unknown): string {
  const bytes = new Uint8Array(SERVER_SEED_BYTES)
  getRandomValues(bytes)
  return toHex(bytes)
}

/**
 * One step of the winner rule: the entry that the 32-bit value v picks, or null when v falls in the
 * incomplete last block (v ≥ floor(2^32 / W) · W) and the next counter must be tried.
 */
export function pickByValue(v: number, weights: readonly number[]): number | null {
  const total = weights.reduce((a, b) => a + b, 0)
  return v < Math.floor(TWO_32 / total) * total ? entryAt(weights, v % total) : null
}

/** The index of the first entry whose running sum of weights exceeds t. */
export function entryAt(weights: readonly number[], t: number): number {
  let sum = 0
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i] as number
    if (sum > t) return i
  }
  throw new RangeError('entryAt: t is not below the sum of the weights')
}

/** The winner's index and the counter that gave it. */
export async function drawWinner(
  serverSeed: string,
  clientSeed: string,
  wheelHash: string,
  weights: readonly number[],
): Promise<{ winnerIndex: number; counter: number }> {
  const total = weights.reduce((a, b) => a + b, 0)
  if (weights.length === 0 || !Number.isSafeInteger(total) || total < 1 || total > TWO_32)
    throw new RangeError('drawWinner: the weights must be whole numbers with a sum from 1 to 2^32')
  const key = await subtle().importKey('raw', fromHex(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  for (let counter = 0; ; counter++) {
    const message = utf8(`${clientSeed}:${wheelHash}:${counter}`)
    const h = new Uint8Array(await subtle().sign('HMAC', key, message))
    const v =
      (h[0] as number) * 2 ** 24 + ((h[1] as number) << 16) + (((h[2] as number) << 8) | (h[3] as number))
    const winnerIndex = pickByValue(v, weights)
    if (winnerIndex !== null) return { winnerIndex, counter }
  }
}
