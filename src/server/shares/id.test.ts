import { describe, expect, it } from 'vitest'
import { newShareId } from './id'

describe('share ids', () => {
  it('are 12 base62 characters and differ every time', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newShareId()))
    expect(ids.size).toBe(2000)
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{12}$/)
  })

  it('throw away bytes of 248 and above, so no character is more likely than another', () => {
    let call = 0
    const bytes = (n: number) => {
      call += 1
      // First batch: only bytes that must be rejected but one; then every value in turn.
      return Buffer.from(
        Array.from({ length: n }, (_, i) => (call === 1 ? (i === 3 ? 61 : 248 + (i % 8)) : i)),
      )
    }
    expect(newShareId(12, bytes)).toBe('z0123456789A')
    const counts = new Map<string, number>()
    const all = newShareId(248 * 4, (n) => Buffer.from(Array.from({ length: n }, (_, i) => i % 256)))
    for (const ch of all) counts.set(ch, (counts.get(ch) ?? 0) + 1)
    expect(new Set(counts.values()).size).toBe(1)
    expect(counts.size).toBe(62)
  })
})
