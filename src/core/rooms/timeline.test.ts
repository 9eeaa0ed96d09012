import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { winnerAt } from '../wheel/spin'
import { isTurning, rotationAt, type SpinTimeline, spinEasing } from './timeline'

const timeline = fc
  .record({
    start: fc.integer({ min: 0, max: 2 ** 45 }),
    duration: fc.integer({ min: 1, max: 10_000 }),
    from: fc.double({ min: 0, max: 359.999, noNaN: true }),
    turns: fc.double({ min: 0, max: 3_000, noNaN: true }),
  })
  .map(({ start, duration, from, turns }): SpinTimeline => ({ start, duration, from, to: from + turns }))

describe('the spin timeline', () => {
  it('rests at `from` before the start and at `to` from the end on', () => {
    fc.assert(
      fc.property(timeline, fc.integer({ min: 0, max: 10 ** 6 }), (spin, later) => {
        expect(rotationAt(spin, spin.start - later)).toBe(spin.from)
        expect(rotationAt(spin, spin.start + spin.duration + later)).toBe(spin.to)
        expect(isTurning(spin, spin.start + spin.duration + later)).toBe(false)
      }),
    )
  })

  it('only moves forward, and stays between from and to', () => {
    fc.assert(
      fc.property(
        timeline,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (spin, a, b) => {
          const [p, q] = a <= b ? [a, b] : [b, a]
          const early = rotationAt(spin, spin.start + p * spin.duration)
          const late = rotationAt(spin, spin.start + q * spin.duration)
          expect(late).toBeGreaterThanOrEqual(early - 1e-9)
          expect(early).toBeGreaterThanOrEqual(spin.from - 1e-9)
          expect(late).toBeLessThanOrEqual(spin.to + 1e-9)
        },
      ),
    )
  })

  it('is the same for every screen at the same server time, and lands on the announced winner', () => {
    fc.assert(
      fc.property(timeline, fc.integer({ min: 1, max: 100 }), (spin, count) => {
        const t = spin.start + spin.duration
        expect(rotationAt({ ...spin }, t)).toBe(rotationAt(spin, t))
        expect(winnerAt(rotationAt(spin, t), count)).toBe(winnerAt(spin.to, count))
      }),
    )
  })

  it('eases like cubic-bezier(0.16, 1, 0.3, 1): a fast start and a gentle stop', () => {
    expect(spinEasing(0)).toBe(0)
    expect(spinEasing(1)).toBe(1)
    // The first fifth of the time covers more than half the way; the last fifth very little.
    expect(spinEasing(0.2)).toBeGreaterThan(0.5)
    expect(1 - spinEasing(0.8)).toBeLessThan(0.02)
    const spin = { start: 1_000, duration: 5_000, from: 10, to: 2_000 }
    expect(isTurning(spin, 2_000)).toBe(true)
    expect(rotationAt(spin, 2_000)).toBeGreaterThan(10)
    expect(rotationAt(spin, 2_000)).toBeLessThan(2_000)
  })
})
