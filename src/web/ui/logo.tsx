const COLORS = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#8b5cf6']

/** Six 60° segments of a unit circle in Whirl's colours, the first starting at `start` radians. */
export function SixSegments({ start = 0, stroke }: { start?: number; stroke?: string }) {
  return COLORS.map((color, i) => {
    const a0 = start + (i * Math.PI) / 3
    const a1 = a0 + Math.PI / 3
    return (
      <path
        key={color}
        d={`M0 0L${Math.cos(a0).toFixed(4)} ${Math.sin(a0).toFixed(4)}A1 1 0 0 1 ${Math.cos(a1).toFixed(4)} ${Math.sin(a1).toFixed(4)}Z`}
        fill={color}
        stroke={stroke}
        strokeWidth={stroke ? 0.01 : undefined}
      />
    )
  })
}

/** The Whirl mark: a six-segment wheel. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="-1 -1 2 2" className={className} aria-hidden="true">
      <SixSegments start={-Math.PI / 2} />
      <circle r="0.22" fill="#fff" />
    </svg>
  )
}
