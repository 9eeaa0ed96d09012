import { type CSSProperties, type RefObject, useLayoutEffect, useRef, useState } from 'react'

/**
 * The wheel's square box, sized by CSS from the first render (`.wheel-box` in styles.css): at most
 * `max` px (without it, as large as the room allows), never wider than its container and never
 * taller than the window less `around` px (what stays in view above and below the wheel). The box
 * holds its place before any script has measured anything, so nothing on the page moves when the
 * wheel appears; the wheel inside is drawn at the box's width, `size` (0 until measured, which
 * happens before the first paint and again whenever the box changes size).
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
    const measure = () => setSize(Math.floor(box.getBoundingClientRect().width) || 300)
    measure()
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null
    observer?.observe(box)
    return () => observer?.disconnect()
  }, [])
  const style = { '--wheel-max': max ? `${max}px` : undefined, '--wheel-around': `${around}px` }
  return { box: { ref, className: 'wheel-box', style: style as CSSProperties }, size }
}
