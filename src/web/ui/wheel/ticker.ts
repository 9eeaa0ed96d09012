import type { Item } from '../../../core/wheel/model'
import type { SpinPlan } from '../../../core/wheel/spin'
import { segmentStarts, winnerAtWeighted } from '../../../core/wheel/weighted-spin'
import { weightOf } from '../../../core/wheel/weights'

/**
 * The ticker above the wheel: the name of the item under the pointer, kept up to date while the
 * compositor turns the wheel. It writes the element's text directly (no React render per frame),
 * and only when the item under the pointer changes; the element is a marquee (not announced as it
 * changes: the winner is announced once, by the page), contained and on a layer of its own, so a
 * change lays out and repaints only the ticker.
 */

/** The height the ticker takes above the wheel (its line and the gap to the pointer), in px: the padding on top of .wheel-box in styles.css, which the pages' AROUND_PX count. */
export const TICKER_PX = 44

/** The text of the item under the pointer when the wheel is turned by `rotation` degrees ('' for no items). */
export function textUnderPointer(items: Item[], rotation: number): string {
  return items.length
    ? (items[winnerAtWeighted(rotation, segmentStarts(items.map(weightOf)))] as Item).text
    : ''
}

/**
 * At most one new name in this many ms. Each change of the text is a paint and a commit of the
 * page's layers, and a commit holds up the compositor thread that turns the wheel: written in every
 * frame of a spin's fast start (a 6-item wheel passes a name every frame or two), they took 3 ms a
 * frame on the loaded bench machine. Faster than this, names cannot be read anyway; the slow end
 * of a spin changes name less often than this, so the ticker follows it exactly.
 */
const MIN_CHANGE_MS = 100

/**
 * Follows a spin: each frame, the rotation the animation has reached (its eased progress between
 * the plan's start and end) and the item under the pointer there. Answers a function that stops.
 */
export function followPointer(
  ticker: HTMLElement,
  animation: Animation,
  plan: SpinPlan,
  items: Item[],
): () => void {
  const starts = segmentStarts(items.map(weightOf))
  const turn = plan.finalRotation - plan.startRotation
  let shown = -1
  let written = Number.NEGATIVE_INFINITY
  let frame = 0
  const tick = (now: number) => {
    const progress = animation.effect?.getComputedTiming().progress
    if (typeof progress === 'number' && now - written >= MIN_CHANGE_MS) {
      const at = winnerAtWeighted(plan.startRotation + turn * progress, starts)
      if (at !== shown) {
        shown = at
        written = now
        ticker.textContent = (items[at] as Item).text
      }
    }
    frame = requestAnimationFrame(tick)
  }
  frame = requestAnimationFrame(tick)
  return () => cancelAnimationFrame(frame)
}
