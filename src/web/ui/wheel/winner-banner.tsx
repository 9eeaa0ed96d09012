import type { ReactNode } from 'react'

/**
 * The height of the band under an overlay's wheel that holds the winner banner, in px: overlays
 * (a room's screen, /embed/<id>) size their wheel as min(width, height) less this band (and the
 * ticker and controls they show), so the banner never covers the wheel.
 */
export const BANNER_PX = 76

/**
 * The winner on a stream overlay or a projector: a solid dark pill with white text, a white
 * outline and a shadow, so it stays readable over any background, light, dark or see-through.
 * `children` is the winner's name (text, never markup from the wheel); `color` its segment colour;
 * `textTestId` marks the name for tests. It lies above the wheel's layer, whose turned square's
 * corners (transparent, but painted later) would otherwise cover it.
 */
export function WinnerBanner({
  children,
  color,
  textTestId,
}: {
  children: ReactNode
  color?: string
  textTestId?: string
}) {
  return (
    <p
      className="relative z-10 flex max-w-[90vw] items-center gap-3 rounded-full bg-slate-950 px-6 py-2 text-3xl font-bold text-white shadow-[0_0_12px_rgba(255,255,255,0.6)] ring-4 ring-white"
      data-testid="winner-banner"
    >
      {color && (
        <span
          aria-hidden
          className="inline-block size-6 shrink-0 rounded-full ring-2 ring-white"
          style={{ backgroundColor: color }}
        />
      )}
      <span className="truncate" data-testid={textTestId}>
        {children}
      </span>
    </p>
  )
}
