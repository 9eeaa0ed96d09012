import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededRandomSource } from '../random/random'
import { isRoomCode, newRoomCode, ROOM_CODE_ALPHABET, readRoomCode } from './code'

describe('room codes', () => {
  it('are 6 characters of an alphabet without look-alikes', () => {
    for (const c of '0OoDQ1IlL2Z5S6G8BUV') expect(ROOM_CODE_ALPHABET).not.toContain(c.toUpperCase())
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const code = newRoomCode(seededRandomSource(seed))
        expect(code).toMatch(/^[A-Z0-9]{6}$/)
        expect(isRoomCode(code)).toBe(true)
        expect(readRoomCode(` ${code.slice(0, 3).toLowerCase()}-${code.slice(3)} `)).toBe(code)
      }),
    )
  })

  it('use every character of the alphabet about equally', () => {
    const source = seededRandomSource(7)
    const counts = new Map<string, number>()
    for (let i = 0; i < 2_000; i++)
      for (const c of newRoomCode(source)) counts.set(c, (counts.get(c) ?? 0) + 1)
    expect(counts.size).toBe(ROOM_CODE_ALPHABET.length)
    for (const n of counts.values()) expect(n).toBeGreaterThan(450)
  })

  it('refuse anything else', () => {
    for (const typed of ['', 'ACEFH', 'ACEFHJK', 'ACEFH0', 'ACEFHB', 42, null, 'x'.repeat(100)])
      expect(readRoomCode(typed)).toBeNull()
  })
})
