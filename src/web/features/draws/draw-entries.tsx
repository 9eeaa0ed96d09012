import { useState } from 'react'
import type { PublicDraw } from '../../../core/draws/api'
import { t } from '../../i18n/i18n'
import { buttonClass } from '../../ui/button-class'

/** The proof page lists this many entries at first: a draw of 10,000 stays light (decision 0051). */
export const FIRST_LISTED = 100

/** A draw's entries in order with their weights, the first hundred until the reader asks for all. */
export function DrawEntries({ entries, winnerIndex }: Pick<PublicDraw, 'entries' | 'winnerIndex'>) {
  const [all, setAll] = useState(false)
  const shown = all ? entries : entries.slice(0, FIRST_LISTED)
  // One label per distinct weight: a draw of 10,000 entries formats a handful of messages, not 10,000.
  const labels = new Map<number, string>()
  const weightLabel = (weight: number) => {
    const label = labels.get(weight) ?? t('weight {weight}', { weight })
    labels.set(weight, label)
    return label
  }
  return (
    <>
      <h2 id="draw-entries" className="mt-8 text-xl font-bold">
        {t('Entries ({count, number})', { count: entries.length })}
      </h2>
      <ol
        aria-labelledby="draw-entries"
        className="mt-2 divide-y divide-slate-200 rounded-xl bg-white shadow-sm dark:divide-slate-800 dark:bg-slate-900"
      >
        {shown.map(([text, weight], i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: entries are fixed, and two may share a text
            key={i}
            className={`flex gap-3 px-3 py-2 text-sm ${
              i === winnerIndex ? 'bg-emerald-50 font-semibold dark:bg-emerald-950' : ''
            }`}
          >
            <span className="w-10 shrink-0 text-slate-500 dark:text-slate-400">{i + 1}.</span>
            <span className="min-w-0 flex-1 break-words">{text}</span>
            <span className="shrink-0 text-slate-500 dark:text-slate-400">{weightLabel(weight)}</span>
          </li>
        ))}
      </ol>
      {shown.length < entries.length && (
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
