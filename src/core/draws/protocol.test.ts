import { describe, expect, it } from 'vitest'
import { chiSquareTest } from '../testing/chi-square'
import {
  commitmentOf,
  type DrawEntry,
  drawWinner,
  entryAt,
  fromHex,
  newServerSeed,
  pickByValue,
  toHex,
  utf8,
  wheelHashOf,
} from './protocol'
import { TEST_VECTORS } from './test-vectors'

const P_MIN = 1e-6
const getRandomValues = (a: Uint8Array<ArrayBuffer>) => globalThis.crypto.getRandomValues(a)

/** The protocol written again straight from the text, with TextEncoder and DataView, as another implementer would. */
async function independentWinner(serverSeed: string, clientSeed: string, entries: DrawEntry[]) {
  const subtle = globalThis.crypto.subtle
  const encode = (text: string) => new TextEncoder().encode(text)
  const hex = (buffer: ArrayBuffer) =>
    Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('')
  const wheelHash = hex(await subtle.digest('SHA-256', encode(JSON.stringify(entries))))
  const seed = Uint8Array.from(serverSeed.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  const key = await subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const total = entries.reduce((a, [, w]) => a + w, 0)
  for (let counter = 0; ; counter++) {
    const h = await subtle.sign('HMAC', key, encode(`${clientSeed}:${wheelHash}:${counter}`))
    const v = new DataView(h).getUint32(0, false)
    if (v >= Math.floor(2 ** 32 / total) * total) continue
    const t = v % total
    const running = entries.map((_, i) => entries.slice(0, i + 1).reduce((a, [, w]) => a + w, 0))
    return { wheelHash, winnerIndex: running.findIndex((sum) => sum > t) }
  }
}

describe('the published test vectors', () => {
  it.each(TEST_VECTORS)('$clientSeed gives winner $winnerIndex', async (vector) => {
    expect(await commitmentOf(vector.serverSeed)).toBe(vector.commitment)
    expect(await wheelHashOf(vector.entries)).toBe(vector.wheelHash)
    const weights = vector.entries.map(([, w]) => w)
    const result = await drawWinner(vector.serverSeed, vector.clientSeed, vector.wheelHash, weights)
    expect(result.winnerIndex).toBe(vector.winnerIndex)
    expect(await independentWinner(vector.serverSeed, vector.clientSeed, vector.entries)).toEqual({
      wheelHash: vector.wheelHash,
      winnerIndex: vector.winnerIndex,
    })
  })

  it('the commitment hashes the 32 seed bytes, not the hex text', async () => {
    const seed = TEST_VECTORS[0]?.serverSeed as string
    const ofText = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed))
    expect(await commitmentOf(seed)).not.toBe(toHex(ofText))
    expect(() => commitmentOf('ABCD')).toThrow(/64 lowercase hex/)
  })
})

describe('building blocks', () => {
  it('encodes UTF-8 exactly like TextEncoder, emoji and lone surrogates included', () => {
    for (const text of ['', 'plain', 'Zoë', '🎉 party', '日本語', 'a\ud800b', '\udc00', 'x\u{10ffff}'])
      expect([...utf8(text)]).toEqual([...new TextEncoder().encode(text)])
  })

  it('hex round-trips and server seeds are 32 fresh bytes', () => {
    const bytes = Uint8Array.from([0, 1, 15, 16, 255])
    expect(toHex(bytes)).toBe('00010f10ff')
    expect([...fromHex('00010f10ff')]).toEqual([...bytes])
    const a = newServerSeed(getRandomValues)
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(newServerSeed(getRandomValues)).not.toBe(a)
  })

  it('picks the first entry whose running sum exceeds t, and rejects the incomplete last block', () => {
    expect([0, 1, 5, 6, 25, 26, 125].map((t) => entryAt([1, 5, 20, 100], t))).toEqual([0, 1, 1, 2, 2, 3, 3])
    // W = 3: floor(2^32 / 3) · 3 = 2^32 − 1, so only v = 2^32 − 1 is rejected.
    expect(pickByValue(2 ** 32 - 2, [1, 1, 1])).toBe((2 ** 32 - 2) % 3)
    expect(pickByValue(2 ** 32 - 1, [1, 1, 1])).toBeNull()
    // W = 126: limit = 34087042 · 126 = 4294967292.
    expect(pickByValue(4294967291, [1, 5, 20, 100])).toBe(entryAt([1, 5, 20, 100], 4294967291 % 126))
    expect(pickByValue(4294967292, [1, 5, 20, 100])).toBeNull()
  })
})

describe('fairness', () => {
  it('is uniform over 10^5 server seeds for 7 equal entries (chi-square)', async () => {
    const entries: DrawEntry[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((t) => [t, 1])
    const wheelHash = await wheelHashOf(entries)
    const counts = new Array(7).fill(0)
    for (let i = 0; i < 100_000; i++) {
      const { winnerIndex } = await drawWinner(
        newServerSeed(getRandomValues),
        'audience',
        wheelHash,
        [1, 1, 1, 1, 1, 1, 1],
      )
      counts[winnerIndex] += 1
    }
    expect(chiSquareTest(counts).pValue).toBeGreaterThan(P_MIN)
  }, 60_000)

  it('weighted entries win in proportion to their weights, within 5 standard deviations', async () => {
    const weights = [1, 5, 20, 100]
    const entries: DrawEntry[] = weights.map((w) => [`w${w}`, w])
    const wheelHash = await wheelHashOf(entries)
    const n = 40_000
    const counts = new Array(weights.length).fill(0)
    for (let i = 0; i < n; i++)
      counts[
        (await drawWinner(newServerSeed(getRandomValues), `seed ${i}`, wheelHash, weights)).winnerIndex
      ] += 1
    weights.forEach((w, i) => {
      const p = w / 126
      const sd = Math.sqrt(n * p * (1 - p))
      expect(Math.abs(counts[i] - n * p)).toBeLessThan(5 * sd)
    })
  }, 60_000)
})
