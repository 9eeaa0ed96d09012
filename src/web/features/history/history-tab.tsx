import { Download, Trash2 } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { historyFileName, historyToCsv, historyTotals } from '../../../core/history/csv'
import { spinAge } from '../../../core/history/relative-time'
import { msg } from '../../../core/i18n/message-id'
import { dateTimeFormat, numberFormat, relativeTimeFormat } from '../../i18n/formats'
import { t } from '../../i18n/i18n'
import { useWheelStore } from '../../state/wheel-store'
import { buttonClass } from '../../ui/button-class'
import { Dialog } from '../../ui/dialog'
import { downloadText } from '../../ui/download'

// Advanced Analytics: its code (charts, chi-square) loads only when the Statistics view opens.
const StatisticsView = lazy(() => import('./statistics-view').then((m) => ({ default: m.StatisticsView })))

/** The current time, refreshed every minute, so 'Nm ago' stays true while the tab is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

const VIEW_NAMES = { Results: msg('Results'), Statistics: msg('Statistics') }

const count = (n: number) => numberFormat().format(n)

/**
 * When a spin happened, in the page's language: "Just now", "5m ago", "2h ago" (English; others
 * as Intl words them), else the date.
 */
function spinTime(timestamp: string, now: Date): string {
  const age = spinAge(timestamp, now)
  if (age === null) return ''
  if (age.unit === 'now') return t('Just now')
  if (age.unit === 'date')
    return dateTimeFormat({ year: 'numeric', month: 'short', day: 'numeric' }).format(age.time)
  return relativeTimeFormat({ style: 'narrow', numeric: 'always' }).format(-age.amount, age.unit)
}

/** The History tab: the Results list, or the Statistics view (Advanced Analytics). */
export function HistoryTab() {
  const [view, setView] = useState<'Results' | 'Statistics'>('Results')
  return (
    <div className="space-y-4">
      <fieldset
        aria-label={t('History view')}
        className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
      >
        {(['Results', 'Statistics'] as const).map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={view === name}
            onClick={() => setView(name)}
            className={`rounded-md px-3 py-1 text-sm font-medium ${view === name ? 'bg-white shadow-sm dark:bg-slate-900' : 'text-slate-600 dark:text-slate-300'}`}
          >
            {t(VIEW_NAMES[name])}
          </button>
        ))}
      </fieldset>
      {view === 'Results' ? (
        <ResultsView />
      ) : (
        <Suspense fallback={<div aria-busy="true" className="h-40" />}>
          <StatisticsView />
        </Suspense>
      )}
    </div>
  )
}

/** Spin results, newest first (at most 100), with totals, CSV export and Clear History. */
function ResultsView() {
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
          <dt className="text-xs text-slate-600 dark:text-slate-400">{t('Total Spins')}</dt>
          <dd className="text-2xl font-bold" data-testid="total-spins">
            {count(totals.totalSpins)}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{t('Wheels Used')}</dt>
          <dd className="text-2xl font-bold" data-testid="wheels-used">
            {count(totals.wheelsUsed)}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          disabled={empty}
          onClick={() =>
            downloadText(historyToCsv(history), historyFileName(new Date()), 'text/csv;charset=utf-8')
          }
        >
          <Download aria-hidden className="size-4" />
          {t('Export History as CSV')}
        </button>
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          disabled={empty}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('Clear History')}
        </button>
      </div>
      {empty ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t('No spin results yet.')}
        </p>
      ) : (
        <ol className="max-h-96 space-y-1 overflow-y-auto" aria-label={t('Spin results, newest first')}>
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
                <span className="block truncate font-medium">
                  <bdi>{entry.result.text}</bdi>
                </span>
                <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                  <bdi>{entry.wheelName}</bdi>
                </span>
              </span>
              {index === 0 && (
                <span className="rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-black">
                  {t('Latest')}
                </span>
              )}
              <time
                dateTime={entry.timestamp}
                className="shrink-0 text-xs text-slate-600 dark:text-slate-400"
              >
                {spinTime(entry.timestamp, now)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {confirming && (
        <Dialog
          title={t('Clear History?')}
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button
                type="button"
                className={buttonClass('outline', 'sm')}
                onClick={() => setConfirming(false)}
                data-autofocus
              >
                {t('Keep History')}
              </button>
              <button
                type="button"
                onClick={() => {
                  clearHistory()
                  setConfirming(false)
                }}
                className={buttonClass('danger', 'sm')}
              >
                {t('Clear History')}
              </button>
            </>
          }
        >
          <p>
            {t(
              '{count, plural, other {All # spin results will be removed from this browser. This cannot be undone.}}',
              { count: history.length },
            )}
          </p>
        </Dialog>
      )}
    </div>
  )
}
