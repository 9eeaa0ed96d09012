import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededRandomSource } from '../random/random'
import { segmentSpan, winnerAt } from './spin'
import { itemForTicket, planWeightedSpin, segmentStarts, winnerAtWeighted } from './weighted-spin'
import { chances, parseWeight, WEIGHT_MESSAGE } from './weights'

const DEG = Math.PI / 180

/** The drawing's angle under the pointer, by vectors (independent of the module's arithmetic). */
function drawingAngleUnderPointer(rotation: number): number {
  const r = rotation * DEG
  const deg = Math.atan2(-Math.cos(r), -Math.sin(r)) / DEG
  return deg < 0 ? deg + 360 : deg
}

const weightsArb = fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 300 })

describe('weighted geometry', () => {
  it('gives each segment an angle proportional to its weight', () => {
    const starts = segmentStarts([1, 2, 1])
    expect(starts).toEqual([0, 90, 270, 360])
  })

  it('is the unweighted geometry when every weight is 1 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (n, rotation) => {
          const starts = segmentStarts(Array.from({ length: n }, () => 1))
          for (const i of [0, n - 1]) expect(starts[i]).toBeCloseTo(segmentSpan(i, n).start, 9)
          const a = drawingAngleUnderPointer(rotation)
          // Away from a boundary, both say the same segment.
          const edge = Math.min(
            ...[Math.floor((a * n) / 360), Math.ceil((a * n) / 360)].map((k) => Math.abs(a - (k * 360) / n)),
          )
          if (edge > 1e-6) expect(winnerAtWeighted(rotation, starts)).toBe(winnerAt(rotation, n))
        },
      ),
    )
  })

  it('names as winner the segment under the pointer, for any weights and rotation (property)', () => {
    fc.assert(
      fc.property(weightsArb, fc.double({ min: -1e6, max: 1e6, noNaN: true }), (weights, rotation) => {
        const starts = segmentStarts(weights)
        const index = winnerAtWeighted(rotation, starts)
        const angle = drawingAngleUnderPointer(rotation)
        const slack = 1e-6
        expect(angle).toBeGreaterThanOrEqual((starts[index] as number) - slack)
        expect(angle).toBeLessThan((starts[index + 1] as number) + slack)
      }),
    )
  })

  it('stops well inside the winning segment, which is the one under the pointer (property)', () => {
    fc.assert(
      fc.property(
        weightsArb,
        fc.integer(),
        fc.double({ min: 0, max: 720, noNaN: true }),
        (weights, seed, current) => {
          const plan = planWeightedSpin(seededRandomSource(seed), weights, current)
          const starts = segmentStarts(weights)
          const angle = drawingAngleUnderPointer(plan.finalRotation)
          const start = starts[plan.winnerIndex] as number
          const end = starts[plan.winnerIndex + 1] as number
          const margin = 0.1 * (end - start) * 0.99 // the plan keeps at least 10 % of the segment clear
          expect(angle).toBeGreaterThan(start + margin - 1e-6)
          expect(angle).toBeLessThan(end - margin + 1e-6)
          expect(plan.finalRotation).toBeGreaterThanOrEqual(plan.startRotation + 3 * 360)
        },
      ),
    )
  })

  it('picks by weight: item i wins w_i / W of the time', () => {
    const weights = [1, 2, 3, 4]
    const source = seededRandomSource(42)
    const counts = [0, 0, 0, 0]
    const spins = 20_000
    for (let k = 0; k < spins; k++) {
      const i = planWeightedSpin(source, weights).winnerIndex
      counts[i] = (counts[i] ?? 0) + 1
    }
    // Scale each count by its expected share: equal expected counts for the goodness-of-fit test.
    const expected = weights.map((w) => (spins * w) / 10)
    const statistic = counts.reduce(
      (sum, c, i) => sum + (c - (expected[i] as number)) ** 2 / (expected[i] as number),
      0,
    )
    expect(statistic).toBeLessThan(16.27) // χ² with 3 degrees of freedom at p = 0.001
  })

  it('maps tickets to items by cumulative weight', () => {
    expect([0, 1, 2, 3, 4, 5].map((t) => itemForTicket([1, 2, 3], t))).toEqual([0, 1, 1, 2, 2, 2])
  })
})

describe('weights', () => {
  it('accepts whole numbers 1–100 and refuses anything else', () => {
    expect(parseWeight(' 7 ')).toEqual({ ok: true, weight: 7 })
    expect(parseWeight('100')).toEqual({ ok: true, weight: 100 })
    for (const bad of ['0', '101', '1.5', '-3', '', 'abc', '1e2', '+3'])
      expect(parseWeight(bad)).toEqual({ ok: false, error: WEIGHT_MESSAGE })
  })

  it('gives each item its own chance', () => {
    expect(chances([{ weight: 3 }, {}])).toEqual([75, 25])
  })
})
