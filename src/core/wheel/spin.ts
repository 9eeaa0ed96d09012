import { type RandomSource, randomInt, randomIntBetween } from '../random/random'

/**
 * Geometry, in degrees, in the canvas convention: angles grow clockwise from the +x axis, so
 * 270° is straight up, where the pointer sits.
 *
 * Drawing: before rotation, segment i covers [i·s, (i+1)·s) with s = 360 / n. The wheel is drawn
 * rotated clockwise by `rotation`, so segment i then covers [rotation + i·s, rotation + (i+1)·s).
 * The winner is the segment under the pointer: `winnerAt(rotation, n)`. It is the one function
 * that decides; the spin plan derives its winner from its own final rotation with it.
 */
export const POINTER_ANGLE = 270

export const normalizeAngle = (deg: number) => ((deg % 360) + 360) % 360

/** The index of the segment under the pointer when the wheel is rotated by `rotation` degrees. */
export function winnerAt(rotation: number, count: number): number {
  if (count < 1) throw new RangeError('winnerAt: the wheel has no items')
  const local = normalizeAngle(POINTER_ANGLE - rotation)
  return Math.min(count - 1, Math.floor((local * count) / 360))
}

export type SpinPlan = {
  /** Where the spin starts (the wheel's current rotation, normalised). */
  startRotation: number
  /** The total clockwise rotation at the end, in degrees (start + full turns + the stop angle). */
  finalRotation: number
  /** The winner, derived from finalRotation by winnerAt. */
  winnerIndex: number
  /** Full turns added for the show: 3 to 6. */
  turns: number
}

/** Distance, in fractions of a segment, the stop keeps from a segment's edges. */
const EDGE_MARGIN = 0.02
const OFFSET_STEPS = 1_000_000

/**
 * Plans a spin: 3–6 full turns plus a stop angle. The winner is drawn uniformly (each item
 * exactly 1/n) and the stop lands at a uniformly chosen point strictly inside that segment, never
 * on a boundary; the result is then read back from the final rotation with winnerAt.
 */
export function planSpin(source: RandomSource, count: number, currentRotation = 0): SpinPlan {
  if (count < 1) throw new RangeError('planSpin: the wheel has no items')
  const seg = 360 / count
  const index = randomInt(source, count)
  const offset = EDGE_MARGIN + (randomInt(source, OFFSET_STEPS) / (OFFSET_STEPS - 1)) * (1 - 2 * EDGE_MARGIN)
  const localAngle = (index + offset) * seg // where the pointer must be, in wheel coordinates
  const stop = normalizeAngle(POINTER_ANGLE - localAngle) // rotation that puts it under the pointer
  const startRotation = normalizeAngle(currentRotation)
  const turns = randomIntBetween(source, 3, 6)
  const finalRotation = startRotation + turns * 360 + normalizeAngle(stop - startRotation)
  const winnerIndex = winnerAt(finalRotation, count)
  return { startRotation, finalRotation, winnerIndex, turns }
}

/** The easing of the spin: fast start, long gentle stop (ease-out cubic). Shared by draw and tests. */
export const SPIN_EASING = 'cubic-bezier(0.16, 1, 0.3, 1)'

/** With reduced motion: no full turns, a short move straight to the same stop. */
export function reducedMotionPlan(plan: SpinPlan): SpinPlan {
  const delta = normalizeAngle(plan.finalRotation - plan.startRotation)
  return { ...plan, turns: 0, finalRotation: plan.startRotation + delta }
}
