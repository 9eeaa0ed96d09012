import { describe, expect, it } from 'vitest'
import { seededRandomSource } from '../random/random'
import { edgeMargin, planSpinTo, pointerAngleOnWheel, segmentSpan, winnerAt } from './spin'

describe('planSpinTo', () => {
  it('stops with the pointer on the given segment, clear of its edges, for any size and start', () => {
    const source = seededRandomSource(14)
    for (const count of [1, 2, 3, 7, 15, 100, 10_000]) {
      for (let k = 0; k < 200; k++) {
        const index = (k * 7919) % count
        const start = k * 37.3
        const plan = planSpinTo(source, count, index, start)
        expect(plan.winnerIndex).toBe(index)
        expect(winnerAt(plan.finalRotation, count)).toBe(index)
        const { start: from, end } = segmentSpan(index, count)
        const at = pointerAngleOnWheel(plan.finalRotation)
        const margin = edgeMargin(count) * (end - from)
        expect(at).toBeGreaterThanOrEqual(from + margin - 1e-9)
        expect(at).toBeLessThanOrEqual(end - margin + 1e-9)
        expect(plan.turns).toBeGreaterThanOrEqual(3)
        expect(plan.finalRotation).toBeGreaterThan(plan.startRotation)
      }
    }
  })

  it('varies where in the segment it stops, and refuses a segment the wheel does not have', () => {
    const source = seededRandomSource(2)
    const stops = new Set(Array.from({ length: 20 }, () => planSpinTo(source, 4, 2).finalRotation % 360))
    expect(stops.size).toBeGreaterThan(10)
    expect(() => planSpinTo(source, 4, 4)).toThrow(RangeError)
    expect(() => planSpinTo(source, 4, -1)).toThrow(RangeError)
    expect(() => planSpinTo(source, 0, 0)).toThrow(RangeError)
  })
})
