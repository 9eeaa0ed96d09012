const COLORS = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#8b5cf6']

/** The Whirl mark: a six-segment wheel. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="-1 -1 2 2" className={className} aria-hidden="true">
      {COLORS.map((color, i) => {
        const a0 = (i * Math.PI) / 3 - Math.PI / 2
        const a1 = a0 + Math.PI / 3
        return (
          <path
            key={color}
            d={`M0 0L${Math.cos(a0).toFixed(4)} ${Math.sin(a0).toFixed(4)}A1 1 0 0 1 ${Math.cos(a1).toFixed(4)} ${Math.sin(a1).toFixed(4)}Z`}
            fill={color}
          />
        )
      })}
      <circle r="0.22" fill="#fff" />
    </svg>
  )
}
