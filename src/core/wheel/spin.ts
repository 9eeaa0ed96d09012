import { type RandomSource, randomInt, randomIntBetween, randomUnit } from '../random/random'

/**
 * Spin geometry. All angles are in degrees, in the canvas convention: 0° points along +x (to the
 * right) and angles grow clockwise on screen (the y axis points down), so 90° is straight down and
 * 270° is straight up, where the pointer sits.
 *
 * Drawing contract (the page must draw exactly this):
 * - With n items and s = 360 / n, segment i covers the angles [i·s, (i+1)·s) of the unrotated
 *   drawing: it starts at 0° (+x axis) and the segments follow one another clockwise. On a canvas
 *   that is `ctx.arc(cx, cy, r, i * sRad, (i + 1) * sRad)` with sRad = 2π / n.
 * - The drawing is then turned clockwise by `rotation` degrees (CSS `rotate(<rotation>deg)` on the
 *   canvas element), so segment i ends up at [rotation + i·s, rotation + (i+1)·s).
 * - The winner is the segment under the pointer at 270°: `winnerAt(rotation, n)`. It is the one
 *   function that decides; `planSpin` derives its winner from its own final rotation with it, so
 *   the picture and the announced result cannot disagree.
 */
export const POINTER_ANGLE = 270

/** The angle in [0, 360). */
export function normalizeAngle(deg: number): number {
  const a = ((deg % 360) + 360) % 360
  return a === 360 ? 0 : a
}

/** The angle each of `count` segments spans. */
export const segmentAngle = (count: number): number => 360 / count

/** Where segment `index` starts and ends in the unrotated drawing: [start, end) in degrees. */
export function segmentSpan(index: number, count: number): { start: number; end: number } {
  const s = segmentAngle(count)
  return { start: index * s, end: (index + 1) * s }
}

/** The angle of the unrotated drawing that sits under the pointer when the wheel is turned by `rotation`. */
export const pointerAngleOnWheel = (rotation: number): number => normalizeAngle(POINTER_ANGLE - rotation)

/** The index of the segment under the pointer when the wheel is rotated by `rotation` degrees. */
export function winnerAt(rotation: number, count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('winnerAt: the wheel has no items')
  if (!Number.isFinite(rotation)) throw new RangeError('winnerAt: the rotation must be a finite number')
  return Math.min(count - 1, Math.floor((pointerAngleOnWheel(rotation) * count) / 360))
}

export type SpinPlan = {
  /** Where the spin starts: the wheel's current rotation, normalised to [0, 360). */
  startRotation: number
  /** The total clockwise rotation at the end, in degrees: start + full turns + the stop angle. */
  finalRotation: number
  /** The winner, read back from finalRotation by winnerAt. */
  winnerIndex: number
  /** Full turns added for the show: 3 to 6 (0 for a reduced-motion plan). */
  turns: number
}

export const MIN_TURNS = 3
export const MAX_TURNS = 6

/** The stop keeps at least this far from a segment's edges, while the segment is wide enough. */
const EDGE_DEGREES = 0.5

/**
 * The fraction of a segment kept clear at each of its edges: 10 % of the segment, or 0.5° when that
 * is more (a visible gap on screen), but never more than a quarter of the segment.
 */
export function edgeMargin(count: number): number {
  return Math.min(0.25, Math.max(0.1, EDGE_DEGREES / segmentAngle(count)))
}

/**
 * Plans a spin: 3–6 full turns (uniform) plus a stop angle. The stop is chosen as a segment,
 * uniformly (each item exactly 1/n: `randomInt` has no modulo bias), and a point inside it,
 * uniformly within the segment but at least `edgeMargin(n)` of the segment away from both edges,
 * so the pointer never rests on a boundary. The spin goes clockwise from the current rotation.
 * The winner is then read back from the final rotation with `winnerAt`.
 */
export function planSpin(source: RandomSource, count: number, currentRotation = 0): SpinPlan {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('planSpin: the wheel has no items')
  return planSpinTo(source, count, randomInt(source, count), currentRotation)
}

/**
 * A spin that stops on a given segment (a verifiable draw decides the winner first): the point
 * inside the segment and the turns are still random, and the winner is still read back from the
 * final rotation with `winnerAt`, so the pointer sits on the segment announced.
 */
export function planSpinTo(
  source: RandomSource,
  count: number,
  index: number,
  currentRotation = 0,
): SpinPlan {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('planSpin: the wheel has no items')
  if (!Number.isInteger(index) || index < 0 || index >= count)
    throw new RangeError(`planSpinTo: no segment ${index} on a wheel of ${count}`)
  const margin = edgeMargin(count)
  const offset = margin + (1 - 2 * margin) * randomUnit(source)
  const onWheel = (index + offset) * segmentAngle(count) // the drawing's angle that must end under the pointer
  const stop = normalizeAngle(POINTER_ANGLE - onWheel) // the rotation that puts it there
  const startRotation = normalizeAngle(Number.isFinite(currentRotation) ? currentRotation : 0)
  const turns = randomIntBetween(source, MIN_TURNS, MAX_TURNS)
  const finalRotation = startRotation + turns * 360 + normalizeAngle(stop - startRotation)
  return { startRotation, finalRotation, winnerIndex: winnerAt(finalRotation, count), turns }
}

/**
 * The easing of a full spin: a fast start and a long, gentle stop. Shared by the page and the
 * tests so both agree on the motion.
 */
export const SPIN_EASING = 'cubic-bezier(0.16, 1, 0.3, 1)'

/** How long a reduced-motion spin takes, in ms, at most. */
export const REDUCED_MOTION_DURATION = 600

/**
 * The same spin for `prefers-reduced-motion`: no full turns, a short clockwise move (under one
 * turn) straight to the same stop, so the result shown is the real one.
 */
export function reducedMotionPlan(plan: SpinPlan): SpinPlan {
  const delta = normalizeAngle(plan.finalRotation - plan.startRotation)
  return { ...plan, turns: 0, finalRotation: plan.startRotation + delta }
}
