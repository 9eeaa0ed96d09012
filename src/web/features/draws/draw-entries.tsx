import { memo, useState } from 'react'
import type { PublicDraw } from '../../../core/draws/api'
import type { DrawEntry } from '../../../core/draws/protocol'
import { t } from '../../i18n/i18n'
import { buttonClass } from '../../ui/button-class'
import { useSlices } from '../../ui/use-slices'

/** The proof page lists this many entries at first: a draw of 10,000 stays light (decision 0051). */
export const FIRST_LISTED = 100
/**
 * Show all adds this many rows a task, so no task is long (decision 0057). Each is also a run the
 * browser lays out whole when it comes near the screen: 500 made that frame's style and layout
 * 43–79 ms of CPU on a 2-core machine, 250 makes it 23–41 ms.
 */
const SLICE = 250
/** A one-line row's height (py-2 and a line of text-sm), less its 1px line: a run's size until drawn. */
const ROW_REM = 2.25

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
      {/* A list of runs: each run is one box that the browser skips while it is off screen
          (content-visibility), so 10,000 entries make 41 such boxes, not 10,000. Per row, the
          browser's checks of which rows are on screen, every frame, were Show all's longest task.
          The runs are plain boxes: the rows are the list's items. */}
      {/* biome-ignore lint/a11y/useSemanticElements: an <ol> may hold only <li>, not the runs' boxes */}
      <div
        role="list"
        aria-labelledby="draw-entries"
        aria-busy={all && listed < entries.length}
        className="mt-2 divide-y divide-slate-200 rounded-xl bg-white shadow-sm dark:divide-slate-800 dark:bg-slate-900"
      >
        {runs.map(([from, to]) => (
          <div
            key={from}
            className="divide-y divide-slate-200 [content-visibility:auto] dark:divide-slate-800"
            // Its height until first drawn (its rows and the lines between them); its width is the list's.
            style={{ containIntrinsicHeight: `auto calc(${(to - from) * ROW_REM}rem + ${to - from - 1}px)` }}
          >
            <EntryRows
              entries={entries}
              from={from}
              to={to}
              size={all ? entries.length : listed}
              winnerIndex={winnerIndex}
            />
          </div>
        ))}
      </div>
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

/**
 * Entries from..to-1 as rows of the list; a run already listed is not rendered again. Each row says
 * its place among `size` (aria-posinset / aria-setsize): the rows of a run the browser has not
 * drawn yet are not in the accessibility tree, so the list's own count would be short.
 */
const EntryRows = memo(function EntryRows({
  entries,
  from,
  to,
  size,
  winnerIndex,
}: {
  entries: readonly DrawEntry[]
  from: number
  to: number
  size: number
  winnerIndex: number | null
}) {
  // One label per distinct weight: a run of 250 entries formats a handful of messages, not 250.
  const labels = new Map<number, string>()
  const weightLabel = (weight: number) => {
    const label = labels.get(weight) ?? t('weight {weight}', { weight })
    labels.set(weight, label)
    return label
  }
  return entries.slice(from, to).map(([text, weight], at) => {
    const i = from + at
    return (
      // biome-ignore lint/a11y/useSemanticElements: an item of the list above, inside its run's box
      <div
        role="listitem"
        // The place as the key: entries are fixed, and two may share a text.
        key={i}
        aria-posinset={i + 1}
        aria-setsize={size}
        className={`flex gap-3 px-3 py-2 text-sm ${
          i === winnerIndex ? 'bg-emerald-50 font-semibold dark:bg-emerald-950' : ''
        }`}
      >
        <span className="w-10 shrink-0 text-slate-500 dark:text-slate-400">{i + 1}.</span>
        <span className="min-w-0 flex-1 break-words">
          <bdi>{text}</bdi>
        </span>
        <span className="shrink-0 text-slate-500 dark:text-slate-400">{weightLabel(weight)}</span>
      </div>
    )
  })
})
