/**
 * Pearson's chi-square goodness-of-fit test against a uniform distribution, used by the fairness
 * tests (and by anyone auditing the random source): `chiSquareTest(counts).pValue` is the chance
 * that a fair source gives a spread at least this uneven.
 */
import { chiSquarePValue } from '../stats/fairness'

/** Pearson's statistic of observed counts against equal expected counts. */
export function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0)
  const expected = total / counts.length
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0)
}

/** The statistic, its degrees of freedom (bins − 1) and its p-value. */
export function chiSquareTest(counts: readonly number[]): {
  statistic: number
  degreesOfFreedom: number
  pValue: number
} {
  const statistic = chiSquare(counts)
  const degreesOfFreedom = counts.length - 1
  return { statistic, degreesOfFreedom, pValue: chiSquarePValue(statistic, degreesOfFreedom) }
}
