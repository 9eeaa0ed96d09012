import { memo, useState } from 'react'
import type { PublicDraw } from '../../../core/draws/api'
import type { DrawEntry } from '../../../core/draws/protocol'
import { t } from '../../i18n/i18n'
import { buttonClass } from '../../ui/button-class'
import { useSlices } from '../../ui/use-slices'

/** The proof page lists this many entries at first: a draw of 10,000 stays light (decision 0051). */
export const FIRST_LISTED = 100
/** Show all adds this many rows a task, so no task is long (decision 0057). */
const SLICE = 500

/** A draw's entries in order with their weights, the first hundred until the reader asks for all. */
export function DrawEntries({ entries, winnerIndex }: Pick<PublicDraw, 'entries' | 'winnerIndex'>) {
  const [all, setAll] = useState(false)
  const listed = useSlices(all ? entries.length : Math.min(FIRST_LISTED, entries.length), FIRST_LISTED, SLICE)
  // Rows in fixed runs (the first hundred, then slices): a new slice renders its own rows only.
  const runs: [number, number][] = []
  for (let from = 0; from < listed; from = from < FIRST_LISTED ? FIRST_LISTED : from + SLICE)
    runs.push([from, Math.min(listed, from < FIRST_LISTED ? FIRST_LISTED : from + SLICE)])
  return (
    <>
      <h2 id="draw-entries" className="mt-8 text-xl font-bold">
        {t('Entries ({count, number})', { count: entries.length })}
      </h2>
      <ol
        aria-labelledby="draw-entries"
        aria-busy={all && listed < entries.length}
        className="mt-2 divide-y divide-slate-200 rounded-xl bg-white shadow-sm dark:divide-slate-800 dark:bg-slate-900"
      >
        {runs.map(([from, to]) => (
          <EntryRows key={from} entries={entries} from={from} to={to} winnerIndex={winnerIndex} />
        ))}
      </ol>
      {!all && entries.length > FIRST_LISTED && (
        <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
          {t('The first {shown, number} of {count, number} entries are listed.', {
            shown: FIRST_LISTED,
            count: entries.length,
          })}
          <button type="button" onClick={() => setAll(true)} className={buttonClass('outline', 'sm')}>
            {t('Show all {count, number} entries', { count: entries.length })}
          </button>
        </p>
      )}
    </>
  )
}

/** Entries from..to-1 as rows of the list; a run already listed is not rendered again. */
const EntryRows = memo(function EntryRows({
  entries,
  from,
  to,
  winnerIndex,
}: {
  entries: readonly DrawEntry[]
  from: number
  to: number
  winnerIndex: number | null
}) {
  // One label per distinct weight: a run of 500 entries formats a handful of messages, not 500.
  const labels = new Map<number, string>()
  const weightLabel = (weight: number) => {
    const label = labels.get(weight) ?? t('weight {weight}', { weight })
    labels.set(weight, label)
    return label
  }
  return entries.slice(from, to).map(([text, weight], at) => {
    const i = from + at
    return (
      <li
        // The place as the key: entries are fixed, and two may share a text.
        key={i}
        className={`lazy-row flex gap-3 px-3 py-2 text-sm ${
          i === winnerIndex ? 'bg-emerald-50 font-semibold dark:bg-emerald-950' : ''
        }`}
      >
        <span className="w-10 shrink-0 text-slate-500 dark:text-slate-400">{i + 1}.</span>
        <span className="min-w-0 flex-1 break-words">
          <bdi>{text}</bdi>
        </span>
        <span className="shrink-0 text-slate-500 dark:text-slate-400">{weightLabel(weight)}</span>
      </li>
    )
  })
})
