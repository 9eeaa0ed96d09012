import type { SpinPlan } from '../../../core/wheel/spin'
import type { WheelViewHandle } from './wheel-view'

/**
 * Starts the wheel turning and runs `show` (the page's "Spinning…", the last winner cleared) from
 * the next frame, so the wheel's first turning frame carries only its own start, not a render, a
 * layout and a paint of the page as well (decision 0048's addendum). Resolves when the wheel stops;
 * a spin over before that frame shows nothing.
 */
export async function turnThenShow(
  view: WheelViewHandle,
  plan: SpinPlan,
  duration: number,
  show: () => void,
): Promise<void> {
  const turning = view.spin(plan, duration)
  const shown = requestAnimationFrame(show)
  await turning
  cancelAnimationFrame(shown)
}
