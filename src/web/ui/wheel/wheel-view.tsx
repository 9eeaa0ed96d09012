import {
  forwardRef,
  type HTMLAttributes,
  memo,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import type { WheelLook } from '../../../core/wheel/look'
import type { Item } from '../../../core/wheel/model'
import { normalizeAngle, SPIN_EASING, type SpinPlan } from '../../../core/wheel/spin'
import { t } from '../../i18n/i18n'
import { afterFirstFrame, firstFramePassed } from '../first-frame'
import { drawWheel, type WheelPart } from './draw-wheel'
import { followPointer, textUnderPointer } from './ticker'
import { wheelStartsTurning } from './turning'
import { WheelPointer } from './wheel-pointer'

// Pictures are drawn by a module loaded only for a wheel that has some (draw-pictures.ts).
let pictureModule: typeof import('./draw-pictures') | null = null
const loadPictures = () => import('./draw-pictures').then((m) => (pictureModule = m))
const anyPicture = (items: Item[], centerImage?: string) =>
  Boolean(centerImage) || items.some((item) => item.image)

/** How the wheel looks: the theme's look and the centre picture. */
type WheelViewLook = { look?: WheelLook; centerImage?: string | undefined }

/**
 * What the wheel's circle is besides a picture (the editor's wheel is a button that spins): set on
 * the circle itself, not around it, so that the ticker above is not part of that button (its text
 * would be a visible label missing from the button's name, WCAG 2.5.3).
 */
export type WheelSurface = Omit<HTMLAttributes<HTMLDivElement>, 'style' | 'children'>

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
 * A memo: the page around it renders as a spin starts and ends, and the wheel need not.
 */
export const WheelView = memo(
  forwardRef<WheelViewHandle, { items: Item[]; size: number; surface?: WheelSurface } & WheelViewLook>(
    function WheelView({ items, size, look, centerImage, surface }, ref) {
      const canvasRef = useRef<HTMLCanvasElement>(null)
      const rotorRef = useRef<HTMLDivElement>(null)
      const tickerRef = useRef<HTMLDivElement>(null)
      const rotation = useRef(0)
      // Bumped when pictures have loaded or decoded: the wheel is drawn again with them.
      const [pictures, setPictures] = useState(0)
      /** The items drawn last, and how to draw them again where the wheel rests (null: no labels to turn). */
      const drawn = useRef<{ items: Item[]; again: (() => void) | null }>({ items, again: null })

      // biome-ignore lint/correctness/useExhaustiveDependencies: `pictures` changes when pictures have loaded, to draw them
      useLayoutEffect(() => {
        if (tickerRef.current) tickerRef.current.textContent = textUnderPointer(items, rotation.current)
        const canvas = canvasRef.current
        if (!canvas) return
        const dpr = Math.min(3, window.devicePixelRatio || 1)
        const redraw = () => setPictures((n) => n + 1)
        const drawPictures = () => {
          if (!anyPicture(items, centerImage)) return
          if (pictureModule) pictureModule.drawPictures(canvas, items, size, dpr, centerImage, redraw)
          else void loadPictures().then(redraw, () => {})
        }
        const now: typeof drawn.current = { items, again: null }
        drawn.current = now
        const again = () => {
          drawWheel(canvas, items, size, dpr, look, 'all', rotation.current)
          drawPictures()
        }
        const draw = (part: WheelPart) => {
          const result = drawWheel(canvas, items, size, dpr, look, part, rotation.current)
          if (part !== 'shapes') now.again = result.labelled ? again : null
          // A big wheel's first drawing waits for the band painter: drawn again once it is there.
          void result.waiting?.then(() => drawn.current === now && again())
        }
        // A change is drawn in the frame that shows it.
        if (firstFramePassed()) {
          const started = performance.now()
          draw('all')
          drawPictures()
          performance.measure?.('whirl:draw-wheel', { start: started })
          return
        }
        // The app's very first drawing waits for its first frame (first-frame.ts), and puts the
        // labels on in the task after the rest: measuring the labels in React's commit made the
        // browser work out the styles of the whole new page then and there, and the first labels
        // of a page set up its fonts, so together they were long tasks of the page's start.
        let labels: number | undefined
        const cancel = afterFirstFrame(() => {
          draw('shapes')
          labels = window.setTimeout(() => {
            draw('labels')
            drawPictures()
          })
        })
        return () => {
          cancel()
          window.clearTimeout(labels)
        }
      }, [items, size, look, centerImage, pictures])

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
          const now = drawn.current
          const { items } = now
          const stop = ticker ? followPointer(ticker, animation, plan, items) : () => {}
          const stopped = wheelStartsTurning()
          try {
            await animation.finished
          } catch {
            // Cancelled (the page was left): the wheel simply stays where it is.
          }
          stopped()
          stop()
          rotation.current = normalizeAngle(plan.finalRotation)
          rotor.style.transform = `rotate(${rotation.current}deg)`
          animation.cancel()
          if (ticker) ticker.textContent = (items[plan.winnerIndex] as Item).text
          if (drawn.current === now) now.again?.()
        },
      }))

      return (
        <>
          {/* The ticker: the name under the pointer. A marquee is not announced as it changes. */}
          <div
            ref={tickerRef}
            role="marquee"
            aria-label={t('Ticker')}
            dir="auto"
            className="wheel-ticker"
            style={{ width: size }}
          />
          <div
            {...surface}
            className={`relative mx-auto ${surface?.className ?? ''}`}
            style={{ width: size, height: size }}
            data-testid="wheel"
          >
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
                aria-label={t('{count, plural, one {Wheel with # item} other {Wheel with # items}}', {
                  count: items.length,
                })}
              />
            </div>
            <WheelPointer />
          </div>
        </>
      )
    },
  ),
)
