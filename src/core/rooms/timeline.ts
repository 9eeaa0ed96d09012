/**
 * A room's spin as a pure function of the server clock (issue 35): every screen computes the
 * wheel's rotation from the same announcement and its own estimate of the server's time, so all
 * screens start, turn and stop together, and a screen that joins mid-spin shows the wheel where it
 * is now. Angles follow core/wheel/spin.ts (degrees, clockwise, pointer at 270°).
 */
export type SpinTimeline = {
  /** When the wheel starts turning, in ms on the server clock (epoch ms). */
  start: number
  /** How long it turns, in ms. */
  duration: number
  /** The rotation before the spin, in degrees. */
  from: number
  /** The rotation at rest after the spin (the final angle), in degrees; at least `from`. */
  to: number
}

/** The control points of SPIN_EASING, cubic-bezier(0.16, 1, 0.3, 1): a fast start, a long gentle stop. */
const X1 = 0.16
const Y1 = 1
const X2 = 0.3
const Y2 = 1

const bezier = (u: number, p1: number, p2: number) => {
  const v = 1 - u
  return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
}

/**
 * The spin's easing at progress `x` in [0, 1]: the same curve as the CSS cubic-bezier the single
 * wheel page uses. x(u) grows with u (both x control points are in [0, 1]), so u is found by
 * bisection (40 steps: below 1e-12).
 */
export function spinEasing(x: number): number {
  if (!(x > 0)) return 0
  if (x >= 1) return 1
  let low = 0
  let high = 1
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2
    if (bezier(mid, X1, X2) < x) low = mid
    else high = mid
  }
  return bezier((low + high) / 2, Y1, Y2)
}

/** The wheel's rotation at server time `t`: `from` before the start, `to` from the end on. */
export function rotationAt(spin: SpinTimeline, t: number): number {
  if (t <= spin.start) return spin.from
  if (spin.duration <= 0 || t >= spin.start + spin.duration) return spin.to
  return spin.from + (spin.to - spin.from) * spinEasing((t - spin.start) / spin.duration)
}

/** Whether the wheel is turning at server time `t`. */
export const isTurning = (spin: SpinTimeline, t: number): boolean =>
  t >= spin.start && t < spin.start + spin.duration
