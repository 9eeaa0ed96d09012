import { useEffect, useLayoutEffect, useRef } from 'react'
import type { RoomSpin } from '../../../core/rooms/protocol'
import { rotationAt } from '../../../core/rooms/timeline'
import type { Item } from '../../../core/wheel/model'
import { drawWheel } from '../../ui/wheel/draw-wheel'
import { WheelPointer } from '../../ui/wheel/wheel-pointer'

/**
 * A room's wheel on any screen: drawn once per change of items or size, and turned in every frame
 * to rotationAt(spin, estimated server time), a pure function of the server clock (issue 35). A
 * screen that joins mid-spin shows the wheel where it is now; all screens stop together.
 */
export function LiveWheel({
  items,
  spin,
  serverNow,
  size,
}: {
  items: Item[]
  spin: RoomSpin | null
  serverNow: () => number
  size: number
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const rotorRef = useRef<HTMLDivElement>(null)
  /** Draws the wheel for a rotation (in degrees), so the labels on the left half read the right way up there. */
  const drawAt = useRef<(rotation: number) => void>(() => {})
  const restingAt = () => (spin ? rotationAt(spin, Math.max(serverNow(), spin.start + spin.duration)) : 0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again for the items and the size; a spin's end redraws below
  useLayoutEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    const dpr = Math.min(3, window.devicePixelRatio || 1)
    let current = true
    const draw = (rotation: number) => {
      const drawn = drawWheel(canvas, items, size, dpr, undefined, 'all', rotation)
      // A big wheel's first drawing waits for the band painter: drawn again once it is there.
      void drawn.waiting?.then(
        () => current && drawWheel(canvas, items, size, dpr, undefined, 'all', rotation),
      )
    }
    drawAt.current = draw
    draw(restingAt())
    return () => {
      current = false
    }
  }, [items, size])

  useEffect(() => {
    const rotor = rotorRef.current
    if (!rotor) return
    let frame = 0
    const turn = () => {
      const now = serverNow()
      rotor.style.transform = `rotate(${spin ? rotationAt(spin, now) : 0}deg)`
      // Frames only while the wheel turns (or is about to); where it stops, the labels are turned upright.
      if (spin && now < spin.start + spin.duration) frame = requestAnimationFrame(turn)
      else if (spin) drawAt.current(rotationAt(spin, now))
    }
    turn()
    return () => cancelAnimationFrame(frame)
  }, [spin, serverNow])

  return (
    <div className="relative mx-auto" style={{ width: size, height: size }} data-testid="wheel">
      <div
        aria-hidden
        className="absolute inset-0 rounded-full shadow-xl ring-4 ring-slate-800 dark:ring-slate-200"
      />
      <div
        ref={rotorRef}
        className="pointer-events-none relative size-full will-change-transform"
        data-testid="live-rotor"
      >
        <canvas
          ref={canvasRef}
          className="block size-full"
          role="img"
          aria-label={`Wheel with ${items.length} ${items.length === 1 ? 'item' : 'items'}`}
        />
      </div>
      <WheelPointer />
    </div>
  )
}
