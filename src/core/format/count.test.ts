import { describe, expect, it } from 'vitest'
import { formatCount } from './count'

describe('formatCount', () => {
  it('groups digits by threes, as en-US does', () => {
    for (const n of [
      0, 7, 15, 999, 1000, 10_000, 123_456, 1_000_000, 9_007_199_254_740_991, -1, -1234, -1_000_000,
    ])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
  })

  it('writes what is not a safe integer as it is', () => {
    expect(formatCount(1.5)).toBe('1.5')
    expect(formatCount(Number.NaN)).toBe('NaN')
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity')
  })
})
