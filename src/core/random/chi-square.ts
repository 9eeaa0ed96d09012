/**
 * Pearson's chi-square goodness-of-fit test against a uniform distribution, used by the fairness
 * tests (and by anyone auditing the random source): `chiSquareTest(counts).pValue` is the chance
 * that a fair source gives a spread at least this uneven.
 */

/** Pearson's statistic of observed counts against equal expected counts. */
export function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0)
  const expected = total / counts.length
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0)
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; about 15 significant digits). */
function logGamma(x: number): number {
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

/** The regularised upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a). */
function upperGammaQ(a: number, x: number): number {
  if (x <= 0) return 1
  const logPrefix = -x + a * Math.log(x) - logGamma(a)
  if (x < a + 1) {
    // Series for P(a, x); Q = 1 − P.
    let term = 1 / a
    let sum = term
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n)
      sum += term
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix))
  }
  // Continued fraction for Q(a, x) (modified Lentz).
  const tiny = 1e-300
  let b = x + 1 - a
  let c = 1 / tiny
  let d = 1 / b
  let h = d
  for (let i = 1; i < 10_000; i++) {
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
  return Math.exp(logPrefix) * h
}

/** The upper-tail probability of a chi-square statistic with `degreesOfFreedom`. */
export function chiSquarePValue(statistic: number, degreesOfFreedom: number): number {
  return upperGammaQ(degreesOfFreedom / 2, statistic / 2)
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
