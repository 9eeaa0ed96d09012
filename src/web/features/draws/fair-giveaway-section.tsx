import { GIVEAWAY_VECTORS } from '../../../core/draws/giveaway-vectors'
import { t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'

const code = (text: string) => (
  <code className="rounded bg-slate-100 px-1 font-mono text-[0.9em] break-all dark:bg-slate-800">{text}</code>
)

const resultText = (v: (typeof GIVEAWAY_VECTORS)[number]) =>
  v.result.kind === 'winners'
    ? `winners ${JSON.stringify(v.result.winners)}; rerolls ${JSON.stringify(v.result.rerolls)}`
    : `teams ${JSON.stringify(v.result.teams)}`

// As on the rest of /fair, the protocol's formulas and the vectors' data stay as written; the prose is translated.
/** /fair: the giveaway extension (several winners, rerolls, teams; decision 0051) and its vectors. */
export function FairGiveawaySection() {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold">{t('Several winners, rerolls and teams')}</h2>
      <div className="mt-3 space-y-3 text-slate-700 dark:text-slate-300">
        <p>
          {t(
            'A giveaway draw commits the request (how many winners, or how many teams) with the entries, before the draw. It extends the protocol above without changing it: its first pick is the single winner.',
          )}
        </p>
        <ul className="list-disc space-y-2 ps-6">
          <li>
            {tx(
              '<0>The draw order</0>: apply the winner rule again and again with one counter that keeps counting (0, 1, 2, … across every pick, never starting again at 0). Each pick is made among the entries not drawn yet, in their order, with their weights (W is the sum of their weights).',
              [<strong key="0" />],
            )}
          </li>
          <li>
            {tx('<0>Several winners</0>: place 1 is the first pick, place 2 the second, and so on.', [
              <strong key="0" />,
            ])}
          </li>
          <li>
            {tx(
              '<0>Reroll</0> (for a no-show): the next pick of the same order replaces the winner at that place. Rerolls are listed in the order they were made and are never removed; a replaced winner is never drawn again. Since the order is fixed by the seeds, the host chooses only whether to reroll a place, never who comes next.',
              [<strong key="0" />],
            )}
          </li>
          <li>
            {tx(
              '<0>Teams</0>: the draw order of every entry with every weight taken as 1 (one shuffle). The entry at position i (from 0) of that order joins team (i mod K) + 1. With “teams of N”, K = <1/>: no team has more than N, and sizes differ by at most one.',
              [<strong key="0" />, code('ceil(entries / N)')],
            )}
          </li>
        </ul>
        <p>{t('Entry indexes count from 0; places and teams from 1.')}</p>
        {GIVEAWAY_VECTORS.map((v, i) => (
          <dl
            key={v.clientSeed}
            className="rounded-xl bg-white p-4 text-sm shadow-sm dark:bg-slate-900"
            aria-label={t('Giveaway test vector {number}', { number: i + 1 })}
          >
            {(
              [
                ['serverSeed', v.serverSeed],
                ['clientSeed', v.clientSeed],
                ['entries', JSON.stringify(v.entries)],
                ['wheelHash', v.wheelHash],
                ['request', JSON.stringify(v.spec)],
                ['rerolled places', JSON.stringify(v.rerollPlaces)],
                ['result', resultText(v)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} translate="no" className="grid gap-1 py-1 sm:grid-cols-[8rem_1fr]">
                <dt className="font-semibold">{label}</dt>
                <dd className="font-mono break-all">{value}</dd>
              </div>
            ))}
          </dl>
        ))}
      </div>
    </section>
  )
}
