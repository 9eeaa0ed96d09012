import { type RandomSource, randomInt, randomIntBetween, randomUnit } from '../random/random'
import {
  MAX_TURNS,
  MIN_TURNS,
  normalizeAngle,
  POINTER_ANGLE,
  planSpin,
  planSpinTo,
  pointerAngleOnWheel,
  type SpinPlan,
} from './spin'
import { isWeighted, weightOf } from './weights'

/**
 * Spins of weighted wheels, under the same drawing contract as spin.ts: segment i covers
 * [start(i), start(i+1)) degrees of the unrotated drawing, where start(i) = 360 · (w₀ + … + wᵢ₋₁) / W
 * and W is the total weight. With every weight 1 this is spin.ts's i · 360 / n. The page draws
 * from `segmentStarts` and the winner is read back from the final angle with `winnerAtWeighted`,
 * on the same numbers, so the pointer and the announced winner cannot disagree.
 */

/** The start angle of every segment, in degrees, plus 360 at the end (length n + 1). */
export function segmentStarts(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0)
  if (!(total > 0) || weights.some((w) => !(w > 0) || !Number.isFinite(w)))
    throw new RangeError('segmentStarts: every weight must be a positive number')
  const starts = new Array<number>(weights.length + 1)
  let sum = 0
  for (let i = 0; i < weights.length; i++) {
    starts[i] = (360 * sum) / total
    sum += weights[i] as number
  }
  starts[weights.length] = 360
  return starts
}

/** The segment whose span holds `angle` (in [0, 360)): the last start at or before it (binary search). */
export function segmentAt(starts: readonly number[], angle: number): number {
  let lo = 0
  let hi = starts.length - 2
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((starts[mid] as number) <= angle) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** The index of the segment under the pointer when the weighted wheel is turned by `rotation`. */
export function winnerAtWeighted(rotation: number, starts: readonly number[]): number {
  if (starts.length < 2) throw new RangeError('winnerAtWeighted: the wheel has no items')
  if (!Number.isFinite(rotation))
    throw new RangeError('winnerAtWeighted: the rotation must be a finite number')
  return segmentAt(starts, pointerAngleOnWheel(rotation))
}

/** The item a ticket in [0, W) falls on: item i holds tickets [w₀+…+wᵢ₋₁, w₀+…+wᵢ). */
export function itemForTicket(weights: readonly number[], ticket: number): number {
  let sum = 0
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i] as number
    if (ticket < sum) return i
  }
  return weights.length - 1
}

/**
 * Plans a spin of a weighted wheel: the winner is drawn by weight (one ticket from the total
 * weight with rejection sampling, so item i wins with probability wᵢ / W exactly), the stop is a
 * uniform point inside its segment kept clear of the edges, and the winner is read back from the
 * final rotation.
 */
export function planWeightedSpin(
  source: RandomSource,
  weights: readonly number[],
  currentRotation = 0,
): SpinPlan {
  if (weights.length < 1) throw new RangeError('planWeightedSpin: the wheel has no items')
  if (weights.some((w) => !Number.isInteger(w) || w < 1))
    throw new RangeError('planWeightedSpin: weights must be whole numbers of at least 1')
  const total = weights.reduce((a, b) => a + b, 0)
  return planWeightedSpinTo(
    source,
    weights,
    itemForTicket(weights, randomInt(source, total)),
    currentRotation,
  )
}

/** A weighted spin that stops on a given segment (as planSpinTo does for unweighted wheels). */
export function planWeightedSpinTo(
  source: RandomSource,
  weights: readonly number[],
  index: number,
  currentRotation = 0,
): SpinPlan {
  const starts = segmentStarts(weights)
  if (!Number.isInteger(index) || index < 0 || index >= weights.length)
    throw new RangeError(`planWeightedSpinTo: no segment ${index} on a wheel of ${weights.length}`)
  const start = starts[index] as number
  const span = (starts[index + 1] as number) - start
  const margin = Math.min(0.25, Math.max(0.1, 0.5 / span))
  const onWheel = start + span * (margin + (1 - 2 * margin) * randomUnit(source))
  const stop = normalizeAngle(POINTER_ANGLE - onWheel)
  const startRotation = normalizeAngle(Number.isFinite(currentRotation) ? currentRotation : 0)
  const turns = randomIntBetween(source, MIN_TURNS, MAX_TURNS)
  const finalRotation = startRotation + turns * 360 + normalizeAngle(stop - startRotation)
  return { startRotation, finalRotation, winnerIndex: winnerAtWeighted(finalRotation, starts), turns }
}

/**
 * The spin of a wheel's items, weighted or not: an unweighted wheel spins exactly as before
 * (planSpin, each item 1/n); a weighted one by weight. With `winnerIndex` (a verifiable draw) it
 * stops on that segment.
 */
export function planItemsSpin(
  source: RandomSource,
  items: readonly { weight?: number | undefined }[],
  currentRotation: number,
  winnerIndex?: number,
): SpinPlan {
  if (!isWeighted(items))
    return winnerIndex === undefined
      ? planSpin(source, items.length, currentRotation)
      : planSpinTo(source, items.length, winnerIndex, currentRotation)
  const weights = items.map(weightOf)
  return winnerIndex === undefined
    ? planWeightedSpin(source, weights, currentRotation)
    : planWeightedSpinTo(source, weights, winnerIndex, currentRotation)
}
