import { msg } from '../i18n/message-id'

/**
 * Pearson's chi-square goodness-of-fit test against a fair wheel (every item equally likely), and
 * the 95 % band of each item's win count. Pure numbers, no dependencies.
 */

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7, n = 9; about 15 significant digits). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ]
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
  const z = x - 1
  let sum = c[0] as number
  for (let i = 1; i < 9; i++) sum += (c[i] as number) / (z + i)
  const t = z + 7.5
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum)
}

/** The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a). */
export function upperGammaQ(a: number, x: number): number {
  if (x <= 0) return 1
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a))
  if (x < a + 1) {
    // Series for P(a, x), then Q = 1 − P.
    let term = 1 / a
    let sum = term
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) {
      term *= x / (a + n)
      sum += term
    }
    return Math.max(0, 1 - sum * front)
  }
  // Continued fraction for Q (modified Lentz).
  const tiny = 1e-300
  let b = x + 1 - a
  let c = 1 / tiny
  let d = 1 / b
  let h = d
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a)
    b += 2
    d = an * d + b
    if (Math.abs(d) < tiny) d = tiny
    c = b + an / c
    if (Math.abs(c) < tiny) c = tiny
    d = 1 / d
    const delta = d * c
    h *= delta
    if (Math.abs(delta - 1) < 1e-15) break
  }
  return Math.min(1, front * h)
}

/** P(X ≥ statistic) for a chi-square variable with `df` degrees of freedom. */
export const chiSquarePValue = (statistic: number, df: number): number =>
  df <= 0 ? 1 : upperGammaQ(df / 2, statistic / 2)

export type FairnessTest = {
  spins: number
  statistic: number
  degreesOfFreedom: number
  pValue: number
  /** False when p < 0.05: the counts are unlikely from a fair wheel. */
  consistent: boolean
  /** "consistent with a fair wheel", "not consistent with a fair wheel", or why there is no verdict. */
  verdict: string
}

export const SIGNIFICANCE = 0.05
export const VERDICTS = {
  consistent: msg('consistent with a fair wheel'),
  inconsistent: msg('not consistent with a fair wheel'),
  tooFew: msg('not enough spins yet for a verdict'),
} as const

/**
 * The test of win counts (one per item) against equal chances. With fewer than 5 expected wins per
 * item the approximation is poor, so there is no verdict (it still counts as consistent).
 */
export function testFairness(counts: readonly number[]): FairnessTest {
  const k = counts.length
  const spins = counts.reduce((a, b) => a + b, 0)
  const expected = k > 0 ? spins / k : 0
  const statistic = expected > 0 ? counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0) : 0
  const degreesOfFreedom = Math.max(0, k - 1)
  const pValue = chiSquarePValue(statistic, degreesOfFreedom)
  if (k < 2 || expected < 5) {
    return { spins, statistic, degreesOfFreedom, pValue, consistent: true, verdict: VERDICTS.tooFew }
  }
  const consistent = pValue >= SIGNIFICANCE
  return {
    spins,
    statistic,
    degreesOfFreedom,
    pValue,
    consistent,
    verdict: consistent ? VERDICTS.consistent : VERDICTS.inconsistent,
  }
}

/**
 * Where one item's wins land 95 % of the time on a fair wheel of `items` items after `spins` spins:
 * expected ± 1.96 standard deviations of the binomial count (normal approximation), within 0…spins.
 */
export function fairBand(spins: number, items: number): { expected: number; low: number; high: number } {
  if (items <= 0 || spins <= 0) return { expected: 0, low: 0, high: 0 }
  const p = 1 / items
  const expected = spins * p
  const spread = 1.96 * Math.sqrt(spins * p * (1 - p))
  return { expected, low: Math.max(0, expected - spread), high: Math.min(spins, expected + spread) }
}
