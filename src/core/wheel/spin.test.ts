import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cryptoRandomSource, seededRandomSource } from '../random/random'
import { chiSquareTest } from '../testing/chi-square'
import {
  edgeMargin,
  MAX_TURNS,
  MIN_TURNS,
  normalizeAngle,
  planSpin,
  reducedMotionPlan,
  segmentSpan,
  winnerAt,
} from './spin'

const DEG = Math.PI / 180

/**
 * Independent geometry, by vectors rather than by the module's modular arithmetic: take the
 * pointer's direction on screen (straight up: (0, −1) with y pointing down), undo the wheel's
 * clockwise rotation, and read the angle of that direction in the unrotated drawing.
 */
function drawingAngleUnderPointer(rotation: number): number {
  const r = rotation * DEG
  const x = -Math.sin(r) // (0, −1) rotated by −rotation
  const y = -Math.cos(r)
  const deg = Math.atan2(y, x) / DEG
  return deg < 0 ? deg + 360 : deg
}

/** Where the pointer sits inside segment `index` (0 = its start edge, 1 = its end edge). */
function positionInSegment(rotation: number, index: number, count: number): number {
  const seg = 360 / count
  let into = drawingAngleUnderPointer(rotation) - index * seg
  if (into < 0) into += 360 // both angles are in [0, 360): measure clockwise from the segment's start
  return into / seg
}

describe('the winner is the segment under the pointer', () => {
  it('for any item count 1–10,000 and any rotation', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: -100_000, max: 100_000, noNaN: true }),
        (count, rotation) => {
          const winner = winnerAt(rotation, count)
          const position = positionInSegment(rotation, winner, count)
          const into = position * (360 / count) // degrees past the segment's start edge
          const fromEdge = Math.min(into, Math.abs(360 / count - into), 360 - into)
          fc.pre(fromEdge > 1e-8) // a float hair from an edge, where both sides are "right"
          expect(Number.isInteger(winner) && winner >= 0 && winner < count).toBe(true)
          expect(position).toBeGreaterThan(0)
          expect(position).toBeLessThan(1)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('uses half-open segments [start, end) at exact boundaries', () => {
    expect(winnerAt(270, 4)).toBe(0) // the pointer is on the start edge of segment 0
    expect(winnerAt(180, 4)).toBe(1) // 90° on the drawing: the start of segment 1
    expect(winnerAt(0, 4)).toBe(3) // 270° on the drawing
    expect(winnerAt(270 + 720, 4)).toBe(0)
    expect(winnerAt(-90, 4)).toBe(0)
    expect(winnerAt(123.4, 1)).toBe(0)
    expect(segmentSpan(2, 8)).toEqual({ start: 90, end: 135 })
  })

  it('refuses an empty wheel and a non-finite rotation', () => {
    expect(() => winnerAt(0, 0)).toThrow(RangeError)
    expect(() => winnerAt(Number.NaN, 3)).toThrow(RangeError)
    expect(() => planSpin(seededRandomSource(1), 0)).toThrow(RangeError)
    expect(() => planSpin(seededRandomSource(1), 2.5)).toThrow(RangeError)
  })

  it('normalises angles into [0, 360)', () => {
    expect(normalizeAngle(-90)).toBe(270)
    expect(normalizeAngle(720)).toBe(0)
    expect(normalizeAngle(-1e-20)).toBe(0)
    expect(normalizeAngle(359.5)).toBe(359.5)
  })
})

describe('the spin plan', () => {
  it('ends with its winner under the pointer, clear of both edges, after 3–6 full turns', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer(),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (count, seed, current) => {
          const plan = planSpin(seededRandomSource(seed), count, current)
          const position = positionInSegment(plan.finalRotation, plan.winnerIndex, count)
          const margin = edgeMargin(count)
          expect(position).toBeGreaterThanOrEqual(margin - 1e-9)
          expect(position).toBeLessThanOrEqual(1 - margin + 1e-9)
          expect(plan.turns).toBeGreaterThanOrEqual(MIN_TURNS)
          expect(plan.turns).toBeLessThanOrEqual(MAX_TURNS)
          expect(plan.startRotation).toBeCloseTo(normalizeAngle(current), 6)
          const travelled = plan.finalRotation - plan.startRotation
          expect(travelled).toBeGreaterThanOrEqual(plan.turns * 360)
          expect(travelled).toBeLessThan((plan.turns + 1) * 360)
          expect(winnerAt(plan.finalRotation, count)).toBe(plan.winnerIndex)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('keeps a visible gap from the edges: 10 % of a segment, at least 0.5° where it fits', () => {
    expect(edgeMargin(6) * 60).toBeCloseTo(6, 9)
    expect(edgeMargin(100) * 3.6).toBeCloseTo(0.5, 9)
    expect(edgeMargin(10_000)).toBe(0.25)
  })

  it('is the same plan for the same random draws', () => {
    expect(planSpin(seededRandomSource(8), 37, 12)).toEqual(planSpin(seededRandomSource(8), 37, 12))
  })

  it('a reduced-motion plan moves less than one turn to the same stop and the same winner', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer(), (count, seed) => {
        const plan = planSpin(seededRandomSource(seed), count, seed % 720)
        const short = reducedMotionPlan(plan)
        expect(short.turns).toBe(0)
        expect(short.startRotation).toBe(plan.startRotation)
        const travelled = short.finalRotation - short.startRotation
        expect(travelled).toBeGreaterThanOrEqual(0)
        expect(travelled).toBeLessThan(360)
        expect(winnerAt(short.finalRotation, count)).toBe(plan.winnerIndex)
        expect(short.winnerIndex).toBe(plan.winnerIndex)
      }),
      { numRuns: 500 },
    )
  })
})

describe('fairness', () => {
  // A fair source fails these at most once in a million runs; the seeded ones never vary.
  const P_MIN = 1e-6

  it('every item is equally likely to win (chi-square, 70,000 spins of 7 items, platform crypto)', () => {
    const source = cryptoRandomSource(globalThis.crypto.getRandomValues.bind(globalThis.crypto))
    const counts = new Array(7).fill(0)
    let rotation = 0
    for (let i = 0; i < 70_000; i++) {
      const plan = planSpin(source, 7, rotation)
      rotation = plan.finalRotation
      counts[plan.winnerIndex] += 1
    }
    expect(chiSquareTest(counts).pValue).toBeGreaterThan(P_MIN)
  })

  it('every item is equally likely to win (chi-square, 100,000 spins of 500 items, seeded)', () => {
    const source = seededRandomSource(500)
    const counts = new Array(500).fill(0)
    for (let i = 0; i < 100_000; i++) counts[planSpin(source, 500, i).winnerIndex] += 1
    expect(chiSquareTest(counts).pValue).toBeGreaterThan(P_MIN)
  })

  it('the stop is uniform inside the clear part of the segment, and the turns are uniform', () => {
    const source = seededRandomSource(3)
    const count = 12
    const margin = edgeMargin(count)
    const where = new Array(20).fill(0)
    const turns = new Array(MAX_TURNS - MIN_TURNS + 1).fill(0)
    for (let i = 0; i < 50_000; i++) {
      const plan = planSpin(source, count)
      const position = positionInSegment(plan.finalRotation, plan.winnerIndex, count)
      where[Math.min(19, Math.floor(((position - margin) / (1 - 2 * margin)) * 20))] += 1
      turns[plan.turns - MIN_TURNS] += 1
    }
    expect(chiSquareTest(where).pValue).toBeGreaterThan(P_MIN)
    expect(chiSquareTest(turns).pValue).toBeGreaterThan(P_MIN)
  })
})
