import { describe, expect, it } from 'vitest'
import { createMemoryWindowLimiter } from './memory-window'

describe('in-memory fixed-window limiter', () => {
  it('allows max hits a window per key, then says how long until the window ends', () => {
    let t = 1_000
    const limiter = createMemoryWindowLimiter(60_000, () => t)
    for (let i = 0; i < 3; i++) expect(limiter.hit('a', 3)).toBe(0)
    t += 20_000
    expect(limiter.hit('a', 3)).toBe(40_000)
    expect(limiter.hit('b', 3)).toBe(0)
    t += 40_000
    expect(limiter.hit('a', 3)).toBe(0)
  })

  it('forgets the keys of ended windows', () => {
    let t = 0
    const limiter = createMemoryWindowLimiter(1_000, () => t)
    for (let i = 0; i < 100; i++) limiter.hit(`k${i}`, 1)
    expect(limiter.size).toBe(100)
    t = 5_000
    limiter.hit('new', 1)
    expect(limiter.size).toBe(1)
  })
})
