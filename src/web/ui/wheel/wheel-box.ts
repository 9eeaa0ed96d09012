import { type CSSProperties, type RefObject, useLayoutEffect, useRef, useState } from 'react'

/**
 * The wheel's square box, sized by CSS from the first render (`.wheel-box` in styles.css): at most
 * `max` px (without it, as large as the room allows), never wider than its container and never
 * taller than the window less `around` px (what stays in view above and below the wheel). The box
 * holds its place before any script has measured anything, so nothing on the page moves when the
 * wheel appears; the wheel inside is drawn at the box's width, `size` (0 until measured).
 *
 * The width comes from a ResizeObserver, which reports it once the browser has laid the page out for
 * its next frame and again whenever the box changes size. Reading it in the commit instead
 * (getBoundingClientRect in a layout effect) made the browser work out the styles and layout of
 * the whole new page there and then, and the wheel's render that followed ran in the same task:
 * the page's first long task grew by both (Total Blocking Time, decision 0019).
 */
export function useWheelBox(
  around: number,
  max?: number,
): { box: { ref: RefObject<HTMLDivElement | null>; className: string; style: CSSProperties }; size: number } {
  const ref = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState(0)
  useLayoutEffect(() => {
    const box = ref.current
    if (!box) return
    const show = (width: number) => setSize(Math.floor(width) || 300)
    // Without ResizeObserver (old browsers, test DOMs), measured once here.
    if (typeof ResizeObserver !== 'function') {
      show(box.getBoundingClientRect().width)
      return
    }
    // The box is content-box with padding on top only: its content width is its width.
    const observer = new ResizeObserver((entries) => {
      const last = entries[entries.length - 1]
      if (last) show(last.contentRect.width)
    })
    observer.observe(box)
    return () => observer.disconnect()
  }, [])
  const style = { '--wheel-max': max ? `${max}px` : undefined, '--wheel-around': `${around}px` }
  return { box: { ref, className: 'wheel-box', style: style as CSSProperties }, size }
}
