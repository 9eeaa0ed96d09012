import { t } from '../../i18n/i18n'

/** A winner as an overlay's banner shows it: its text and its slice's colour. */
export type BannerWinner = { text: string; color: string }

/** The list's text size by how many winners it holds, so up to 100 fit the frame (.winners-banner). */
const sizeOf = (count: number) => (count <= 10 ? 'lg' : count <= 30 ? 'md' : 'sm')

/**
 * An overlay's winner banner (the room's screen, /embed), readable over any background, light or
 * dark: one winner on a pill in the band under the wheel, or, once several winners are drawn, the
 * winners list (place and name, in the order drawn) on a card over the frame, in as many columns
 * as fit, scrolling inside the frame past that (issue 36). Place it in a `position: relative`
 * frame; `textTestId` names the single winner's text.
 */
export function WinnerBanner({
  winners,
  firstPlace = 1,
  textTestId,
}: {
  winners: readonly BannerWinner[]
  /** The first one's place, when older winners are no longer listed. */
  firstPlace?: number
  textTestId: string
}) {
  const newest = winners.at(-1)
  if (!newest) return null
  if (winners.length === 1)
    return (
      <p className="winner-banner" data-testid="winner-banner">
        <span aria-hidden style={{ backgroundColor: newest.color }} />
        <span data-testid={textTestId}>
          <bdi>{newest.text}</bdi>
        </span>
      </p>
    )
  return (
    <div className="winners-cover">
      <section
        aria-label={t('Winners')}
        className={`winners-banner winners-${sizeOf(winners.length)}`}
        data-testid="winner-banner"
      >
        <p className="winners-title">{t('Winners')}</p>
        <ol>
          {winners.map((winner, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a place is fixed once drawn, and two winners may share a text
            <li key={i}>
              <span className="winners-place">{firstPlace + i}.</span>
              <span aria-hidden className="winners-dot" style={{ backgroundColor: winner.color }} />
              <span className="winners-name">
                <bdi>{winner.text}</bdi>
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
