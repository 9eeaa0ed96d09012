import type { PublicDraw } from '../../../core/draws/api'
import { isolate, t } from '../../i18n/i18n'
import { when } from './draw-time'

/**
 * On /draw/<id>, a draw of several winners or teams (issue 36): every winner in place order, every
 * reroll in the order it was made (never hidden), or every team, as recomputed above.
 */
export function GiveawayRecord({ draw }: { draw: PublicDraw }) {
  const giveaway = draw.giveaway
  if (!giveaway) return null
  const name = (index: number) => draw.entries[index]?.[0] ?? '—'
  const spec = giveaway.spec
  const asked =
    spec.kind === 'winners'
      ? t('{count, plural, one {# winner} other {# winners}}', { count: spec.count })
      : spec.teams !== undefined
        ? t('{count, plural, one {# team} other {# teams}}', { count: spec.teams })
        : t('Teams of {size}', { size: spec.size ?? '' })
  const result = giveaway.result
  return (
    <section aria-labelledby="giveaway-result" className="mt-8">
      <h2 id="giveaway-result" className="text-xl font-bold">
        {spec.kind === 'winners' ? t('Winners') : t('Teams')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t('Committed before the draw: {request}.', { request: asked })}
      </p>
      {result?.kind === 'winners' && (
        <>
          <ol aria-label={t('Winners')} className="mt-2 space-y-1 text-sm">
            {result.winners.map((index, i) => (
              <li key={index} className="flex gap-3">
                <span className="w-16 shrink-0 text-slate-500 dark:text-slate-400">
                  {t('Place {place}', { place: i + 1 })}
                </span>
                <span className="min-w-0 flex-1 break-words font-semibold">{name(index)}</span>
              </li>
            ))}
          </ol>
          <h3 className="mt-4 font-bold">{t('Rerolls ({count})', { count: result.rerolls.length })}</h3>
          {result.rerolls.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('No winner was rerolled.')}</p>
          ) : (
            <ol aria-label={t('Rerolls')} className="mt-1 list-decimal space-y-1 ps-6 text-sm">
              {result.rerolls.map((reroll, i) => (
                <li key={reroll.winner} className="break-words">
                  {t('Place {place}: {replaced} replaced by {winner} ({time})', {
                    place: reroll.place,
                    replaced: isolate(name(reroll.replaced)),
                    winner: isolate(name(reroll.winner)),
                    time: when(giveaway.rerolledAt[i]),
                  })}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {result?.kind === 'teams' && (
        <ul className="mt-2 grid gap-3 sm:grid-cols-2">
          {result.teams.map((team, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: teams are fixed and numbered
              key={i}
              aria-label={t('Team {number}', { number: i + 1 })}
              className="rounded-xl bg-white p-3 text-sm shadow-sm dark:bg-slate-900"
            >
              <p className="font-bold">{t('Team {number}', { number: i + 1 })}</p>
              <p className="break-words">{team.map(name).join(', ')}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
