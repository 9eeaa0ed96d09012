/**
 * The pointer at the top of a wheel. No CSS drop-shadow: it lies over the turning layer, so it is
 * drawn again in every frame of a spin, and a filter there is a blur the (software) compositor ran
 * in every frame. Its white outline sets it off the wheel.
 */
export function WheelPointer() {
  return (
    <svg
      viewBox="0 0 40 40"
      className="absolute left-1/2 top-0 z-10 size-9 -translate-x-1/2 -translate-y-1/3"
      aria-hidden="true"
      data-testid="pointer"
    >
      <path d="M4 4 L36 4 L20 34 Z" fill="#1e293b" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  )
}
