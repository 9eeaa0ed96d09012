import { Download, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { historyFileName, historyToCsv, historyTotals } from '../../../core/history/csv'
import { relativeTime } from '../../../core/history/relative-time'
import { downloadText } from '../../ui/download'
import { Modal } from '../../ui/modal'
import { useWheelStore } from '../wheel/wheel-store'

/** The current time, refreshed every minute, so 'Nm ago' stays true while the tab is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

const outline =
  'inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800'

/** Spin results, newest first (at most 100), with totals, CSV export and Clear History. */
export function HistoryTab() {
  const history = useWheelStore((s) => s.spinHistory)
  const clearHistory = useWheelStore((s) => s.clearHistory)
  const [confirming, setConfirming] = useState(false)
  const now = useMinuteClock()
  const totals = historyTotals(history)
  const empty = history.length === 0

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 text-center">
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Total Spins</dt>
          <dd className="text-2xl font-bold" data-testid="total-spins">
            {totals.totalSpins}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Wheels Used</dt>
          <dd className="text-2xl font-bold" data-testid="wheels-used">
            {totals.wheelsUsed}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={outline}
          disabled={empty}
          onClick={() =>
            downloadText(historyToCsv(history), historyFileName(new Date()), 'text/csv;charset=utf-8')
          }
        >
          <Download aria-hidden className="size-4" />
          Export History as CSV
        </button>
        <button type="button" className={outline} disabled={empty} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden className="size-4" />
          Clear History
        </button>
      </div>
      {empty ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No spin results yet.
        </p>
      ) : (
        <ol className="max-h-96 space-y-1 overflow-y-auto" aria-label="Spin results, newest first">
          {history.map((entry, index) => (
            <li
              key={entry.id}
              className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
                index < 3
                  ? 'bg-amber-50 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-800'
                  : 'bg-slate-50 dark:bg-slate-800'
              }`}
            >
              <span
                aria-hidden
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: entry.result.color }}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{entry.result.text}</span>
                <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                  {entry.wheelName}
                </span>
              </span>
              {index === 0 && (
                <span className="rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-black">
                  Latest
                </span>
              )}
              <time
                dateTime={entry.timestamp}
                className="shrink-0 text-xs text-slate-600 dark:text-slate-400"
              >
                {relativeTime(entry.timestamp, now)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {confirming && (
        <Modal
          title="Clear History?"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className={outline} onClick={() => setConfirming(false)} data-autofocus>
                Keep History
              </button>
              <button
                type="button"
                onClick={() => {
                  clearHistory()
                  setConfirming(false)
                }}
                className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
              >
                Clear History
              </button>
            </>
          }
        >
          <p>All {history.length} spin results will be removed from this browser. This cannot be undone.</p>
        </Modal>
      )}
    </div>
  )
}
