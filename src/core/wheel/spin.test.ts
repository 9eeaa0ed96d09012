import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chiSquare } from '../random/chi-square'
import { cryptoRandomSource, seededRandomSource } from '../random/random'
import { normalizeAngle, planSpin, reducedMotionPlan, winnerAt } from './spin'

/** Independent geometry: the segment whose drawn span contains the pointer at 270°. */
function segmentUnderPointer(rotation: number, count: number): { index: number; distanceToEdge: number } {
  const seg = 360 / count
  for (let i = 0; i < count; i++) {
    const start = normalizeAngle(rotation + i * seg)
    const into = normalizeAngle(270 - start)
    if (into < seg) return { index: i, distanceToEdge: Math.min(into, seg - into) }
  }
  throw new Error('no segment under the pointer')
}

describe('the winner is the segment under the pointer', () => {
  it('for any item count 1–10,000 and any rotation', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        (count, rotation) => {
          const geometric = segmentUnderPointer(rotation, count)
          fc.pre(geometric.distanceToEdge > 1e-9)
          expect(winnerAt(rotation, count)).toBe(geometric.index)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('for every planned spin, which never stops on a boundary', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer(),
        fc.double({ min: 0, max: 720, noNaN: true }),
        (count, seed, current) => {
          const plan = planSpin(seededRandomSource(seed), count, current)
          const geometric = segmentUnderPointer(plan.finalRotation, count)
          expect(plan.winnerIndex).toBe(geometric.index)
          expect(geometric.distanceToEdge).toBeGreaterThan(0.019 * (360 / count))
          expect(plan.turns).toBeGreaterThanOrEqual(3)
          expect(plan.turns).toBeLessThanOrEqual(6)
          const travelled = plan.finalRotation - plan.startRotation
          expect(travelled).toBeGreaterThanOrEqual(plan.turns * 360)
          expect(travelled).toBeLessThan((plan.turns + 1) * 360)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a reduced-motion spin stops at the same place with the same winner', () => {
    const plan = planSpin(seededRandomSource(3), 12, 100)
    const short = reducedMotionPlan(plan)
    expect(short.turns).toBe(0)
    expect(normalizeAngle(short.finalRotation)).toBeCloseTo(normalizeAngle(plan.finalRotation), 9)
    expect(winnerAt(short.finalRotation, 12)).toBe(plan.winnerIndex)
  })

  it('refuses an empty wheel', () => {
    expect(() => planSpin(seededRandomSource(1), 0)).toThrow(RangeError)
  })
})

describe('fairness', () => {
  // df = 6: the 1e-7 upper tail is about 41.
  it('every item is equally likely to win (chi-square over 70,000 spins)', () => {
    const source = cryptoRandomSource((a) => globalThis.crypto.getRandomValues(a))
    const counts = new Array(7).fill(0)
    let rotation = 0
    for (let i = 0; i < 70_000; i++) {
      const plan = planSpin(source, 7, rotation)
      rotation = plan.finalRotation
      counts[plan.winnerIndex] += 1
    }
    expect(chiSquare(counts)).toBeLessThan(41)
  })
})
