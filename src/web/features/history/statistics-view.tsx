import { Download, ImageDown } from 'lucide-react'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import { formatCount } from '../../../core/format/count'
import { historyStats, statsToCsv } from '../../../core/stats/history-stats'
import { useWheelStore } from '../../state/wheel-store'
import { Alert } from '../../ui/alert'
import { buttonClass } from '../../ui/button-class'
import { downloadText } from '../../ui/download'
import { DaysChart, WinsChart } from './charts'
import { downloadSvgAsPng } from './export-png'

const round = (n: number) => (Math.round(n * 10) / 10).toLocaleString('en-US')
const cell = 'px-2 py-1 text-left'

/** A chart with its PNG button and, under it, the same numbers as a table. */
function ChartSection({
  title,
  name,
  chart,
  table,
}: {
  title: string
  name: string
  chart: ReactNode
  table: ReactNode
}) {
  const box = useRef<HTMLDivElement>(null)
  const [error, setError] = useState<string | null>(null)
  const exportPng = () => {
    const svg = box.current?.querySelector('svg')
    if (!svg) return
    setError(null)
    downloadSvgAsPng(svg, `${name}.png`).catch((e: unknown) =>
      setError(e instanceof Error ? e.message : 'The image could not be made.'),
    )
  }
  return (
    <section aria-label={title} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <button type="button" className={buttonClass('outline', 'sm')} onClick={exportPng}>
          <ImageDown aria-hidden className="size-4" />
          Export PNG
        </button>
      </div>
      {error && <Alert>{error}</Alert>}
      <div ref={box} className="rounded-lg bg-white p-2 dark:bg-slate-900">
        {chart}
      </div>
      <div className="max-h-64 overflow-auto">{table}</div>
    </section>
  )
}

/** Advanced Analytics: the current wheel's results against a fair wheel, and when spins happen. */
export function StatisticsView() {
  const history = useWheelStore((s) => s.spinHistory)
  const wheel = useWheelStore((s) => s.currentWheel)
  const stats = useMemo(() => historyStats(history, wheel, new Date().getTimezoneOffset()), [history, wheel])
  const base = `whirl_statistics_${new Date().toISOString().slice(0, 10)}`
  const names = (list: typeof stats.mostPicked) => list.map((s) => s.text).join(', ') || '—'

  if (history.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        No spin results yet. Spin the wheel to see statistics.
      </p>
    )

  return (
    <div className="space-y-6" data-testid="statistics">
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex-1 text-sm" data-testid="fairness-verdict">
          {formatCount(stats.spins)} {stats.spins === 1 ? 'spin' : 'spins'} of “{wheel.name || 'this wheel'}”:{' '}
          <strong>{stats.fairness.verdict}</strong>
          {stats.fairness.verdict !== 'not enough spins yet for a verdict' && (
            <span className="text-slate-600 dark:text-slate-400">
              {' '}
              (chi-square {round(stats.fairness.statistic)}, p = {stats.fairness.pValue.toFixed(3)})
            </span>
          )}
        </p>
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          onClick={() => downloadText(statsToCsv(stats), `${base}.csv`, 'text/csv;charset=utf-8')}
        >
          <Download aria-hidden className="size-4" />
          Export Statistics as CSV
        </button>
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        {[
          [
            'Longest streak',
            stats.longestStreak ? `${stats.longestStreak.text} × ${stats.longestStreak.length}` : '—',
          ],
          ['Most picked', names(stats.mostPicked)],
          ['Least picked', names(stats.leastPicked)],
        ].map(([term, value]) => (
          <div key={term} className="min-w-0 rounded-lg bg-slate-50 p-2 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
            <dd
              className="truncate font-semibold"
              data-testid={`stat-${term?.toLowerCase().replace(' ', '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <ChartSection
        title="Wins against a fair wheel"
        name={`${base}_wins`}
        chart={<WinsChart items={stats.items} title="Wins of each item against a fair wheel" />}
        table={
          <table className="w-full text-sm" data-testid="wins-table">
            <thead>
              <tr>
                <th className={cell}>Item</th>
                <th className={cell}>Wins</th>
                <th className={cell}>Expected</th>
                <th className={cell}>95 % band</th>
              </tr>
            </thead>
            <tbody>
              {stats.items.map((s) => (
                <tr key={s.text} className="odd:bg-slate-50 dark:odd:bg-slate-800">
                  <td className={`${cell} max-w-40 truncate`}>{s.text}</td>
                  <td className={cell}>{s.wins}</td>
                  <td className={cell}>{round(s.expected)}</td>
                  <td className={cell}>
                    {round(s.low)}–{round(s.high)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartSection
        title="Spins per day"
        name={`${base}_days`}
        chart={<DaysChart days={stats.perDay} title="Spins per day" />}
        table={
          <table className="w-full text-sm" data-testid="days-table">
            <thead>
              <tr>
                <th className={cell}>Day</th>
                <th className={cell}>Spins</th>
              </tr>
            </thead>
            <tbody>
              {stats.perDay
                .filter((d) => d.spins > 0)
                .reverse()
                .map((d) => (
                  <tr key={d.day} className="odd:bg-slate-50 dark:odd:bg-slate-800">
                    <td className={cell}>{d.day}</td>
                    <td className={cell}>{d.spins}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        }
      />
    </div>
  )
}
