import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from 'react'
import type { WheelLook } from '../../../core/wheel/look'
import type { Item } from '../../../core/wheel/model'
import { normalizeAngle, SPIN_EASING, type SpinPlan } from '../../../core/wheel/spin'
import { afterFirstFrame, firstFramePassed } from '../first-frame'
import { drawWheel } from './draw-wheel'
import { followPointer, itemUnderPointer, TICKER_PX } from './ticker'

export type WheelViewHandle = {
  /** Rotates the drawing to the plan's final rotation over `duration` ms. */
  spin(plan: SpinPlan, duration: number): Promise<void>
  rotation(): number
}

/**
 * The wheel: a canvas drawn once per change of items or size, rotated by the compositor during a
 * spin (Web Animations on transform), so no React render and no redraw happens per frame. Above
 * it, the ticker (ticker.ts) names the item under the pointer. When a spin stops, a wheel with
 * labels is drawn again for where it rests, so the labels on the left half read the right way up.
 */
export const WheelView = forwardRef<WheelViewHandle, { items: Item[]; size: number; look?: WheelLook }>(
  function WheelView({ items, size, look }, ref) {
    const canvasRef = useRef<HTMLCanvasElement>(null)
    const rotorRef = useRef<HTMLDivElement>(null)
    const tickerRef = useRef<HTMLDivElement>(null)
    const rotation = useRef(0)
    /** What was drawn last, and whether it has labels (drawn again when a spin stops). */
    const drawn = useRef({ items, size, look, labelled: false })

    useLayoutEffect(() => {
      if (tickerRef.current)
        tickerRef.current.textContent = itemUnderPointer(items, rotation.current)?.text ?? ''
      const canvas = canvasRef.current
      if (!canvas) return
      const dpr = Math.min(3, window.devicePixelRatio || 1)
      drawn.current = { items, size, look, labelled: false }
      // A change is drawn in the frame that shows it.
      if (firstFramePassed()) {
        const started = performance.now()
        drawn.current.labelled = drawWheel(canvas, items, size, dpr, look, 'all', rotation.current)
        performance.measure?.('whirl:draw-wheel', { start: started })
        return
      }
      // The app's very first drawing waits for its first frame (first-frame.ts), and puts the
      // labels on in the task after the rest: measuring the labels in React's commit made the
      // browser work out the styles of the whole new page then and there, and the first labels
      // of a page set up its fonts, so together they were long tasks of the page's start.
      let labels: number | undefined
      const cancel = afterFirstFrame(() => {
        drawWheel(canvas, items, size, dpr, look, 'shapes')
        labels = window.setTimeout(() => {
          drawn.current.labelled = drawWheel(canvas, items, size, dpr, look, 'labels', rotation.current)
        })
      })
      return () => {
        cancel()
        window.clearTimeout(labels)
      }
    }, [items, size, look])

    useImperativeHandle(ref, () => ({
      rotation: () => rotation.current,
      async spin(plan, duration) {
        const rotor = rotorRef.current
        if (!rotor) return
        const animation = rotor.animate(
          [
            { transform: `rotate(${plan.startRotation}deg)` },
            { transform: `rotate(${plan.finalRotation}deg)` },
          ],
          { duration, easing: SPIN_EASING, fill: 'forwards' },
        )
        const ticker = tickerRef.current
        const { items } = drawn.current
        const stop = ticker ? followPointer(ticker, animation, plan, items) : () => {}
        try {
          await animation.finished
        } catch {
          // Cancelled (the page was left): the wheel simply stays where it is.
        }
        stop()
        rotation.current = normalizeAngle(plan.finalRotation)
        rotor.style.transform = `rotate(${rotation.current}deg)`
        animation.cancel()
        if (ticker) ticker.textContent = items[plan.winnerIndex]?.text ?? ''
        const canvas = canvasRef.current
        const { size, look, labelled } = drawn.current
        if (canvas && labelled && drawn.current.items === items) {
          const dpr = Math.min(3, window.devicePixelRatio || 1)
          drawWheel(canvas, items, size, dpr, look, 'all', rotation.current)
        }
      },
    }))

    return (
      <>
        {/* The ticker: the name under the pointer. A marquee is not announced as it changes. */}
        <div
          ref={tickerRef}
          role="marquee"
          aria-label="Ticker"
          className="mx-auto h-8 truncate text-center text-lg font-semibold leading-8 will-change-transform [contain:strict]"
          style={{ width: size, marginBottom: TICKER_PX - 32 }}
        />
        <div className="relative mx-auto" style={{ width: size, height: size }} data-testid="wheel">
          {/* The shadow and the ring stay still: a circle's look does not change as it turns, and the
            layer the compositor turns every frame is then only the canvas. They have a layer of
            their own, rastered once: the blurred shadow was the costly part of every page tile
            around the wheel, rastered again whenever something near it changed (the Spin button
            as a spin starts). */}
          <div
            aria-hidden
            className="absolute inset-0 rounded-full shadow-xl ring-4 ring-slate-800 will-change-transform dark:ring-slate-200"
          />
          {/* No rounded corners on the turning layer or the canvas: the drawing is a circle on a clear
            canvas, and a rounded clip there made the compositor mask that layer in every frame of
            a spin (an extra render pass, and the mask's tiles rastered when the spin starts). The
            layer takes no pointer events instead: turned, its clear square corners would cover the
            Spin button and the toggles; clicks on the wheel reach the element around it. */}
          <div
            ref={rotorRef}
            className="pointer-events-none relative size-full will-change-transform"
            style={{ transform: `rotate(${rotation.current}deg)` }}
          >
            <canvas
              ref={canvasRef}
              className="block size-full"
              role="img"
              aria-label={`Wheel with ${items.length} ${items.length === 1 ? 'item' : 'items'}`}
            />
          </div>
          {/* The pointer's shadow is a shape of its own, not a CSS drop-shadow: the pointer lies over
            the turning layer, so it is drawn again in every frame of a spin, and a filter there is
            a blur the (software) compositor ran every frame. */}
          <svg
            viewBox="0 0 40 40"
            className="absolute left-1/2 top-0 z-10 size-9 -translate-x-1/2 -translate-y-1/3"
            aria-hidden="true"
            data-testid="pointer"
          >
            <path
              d="M4 5.5 L36 5.5 L20 35.5 Z"
              fill="#0f172a"
              fillOpacity="0.25"
              stroke="#0f172a"
              strokeOpacity="0.25"
              strokeWidth="3"
              strokeLinejoin="round"
            />
            <path
              d="M4 4 L36 4 L20 34 Z"
              fill="#1e293b"
              stroke="#fff"
              strokeWidth="3"
              strokeLinejoin="round"
            />
          </svg>
        </div>
      </>
    )
  },
)
