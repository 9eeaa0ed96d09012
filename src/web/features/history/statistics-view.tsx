import { Download, ImageDown } from 'lucide-react'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import { msg } from '../../../core/i18n/message-id'
import { VERDICTS } from '../../../core/stats/fairness'
import { historyStats, statsToCsv } from '../../../core/stats/history-stats'
import { numberFormat } from '../../i18n/formats'
import { isolate, t } from '../../i18n/i18n'
import { tx } from '../../i18n/rich'
import { useWheelStore } from '../../state/wheel-store'
import { Alert } from '../../ui/alert'
import { buttonClass } from '../../ui/button-class'
import { downloadText } from '../../ui/download'
import { DaysChart, WinsChart } from './charts'
import { downloadSvgAsPng } from './export-png'

const round = (n: number) => numberFormat({ maximumFractionDigits: 1 }).format(Math.round(n * 10) / 10)
const count = (n: number) => numberFormat().format(n)
const TERMS = {
  'Longest streak': msg('Longest streak'),
  'Most picked': msg('Most picked'),
  'Least picked': msg('Least picked'),
} as const
const cell = 'px-2 py-1 text-start'

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
      setError(t(e instanceof Error ? e.message : 'The image could not be made.')),
    )
  }
  return (
    <section aria-label={title} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <button type="button" className={buttonClass('outline', 'sm')} onClick={exportPng}>
          <ImageDown aria-hidden className="size-4" />
          {t('Export PNG')}
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
        {t('No spin results yet. Spin the wheel to see statistics.')}
      </p>
    )

  return (
    <div className="space-y-6" data-testid="statistics">
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex-1 text-sm" data-testid="fairness-verdict">
          {wheel.name
            ? tx(
                '{count, plural, one {# spin of “{name}”: <0>{verdict}</0>} other {# spins of “{name}”: <0>{verdict}</0>}}',
                [<strong key="verdict" />],
                {
                  count: stats.spins,
                  name: isolate(wheel.name),
                  verdict: t(stats.fairness.verdict),
                },
              )
            : tx(
                '{count, plural, one {# spin of this wheel: <0>{verdict}</0>} other {# spins of this wheel: <0>{verdict}</0>}}',
                [<strong key="verdict" />],
                {
                  count: stats.spins,
                  verdict: t(stats.fairness.verdict),
                },
              )}
          {stats.fairness.verdict !== VERDICTS.tooFew && (
            <span className="text-slate-600 dark:text-slate-400">
              {' '}
              {t('(chi-square {statistic}, p = {p})', {
                statistic: round(stats.fairness.statistic),
                p: numberFormat({
                  minimumFractionDigits: 3,
                  maximumFractionDigits: 3,
                }).format(stats.fairness.pValue),
              })}
            </span>
          )}
        </p>
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          onClick={() => downloadText(statsToCsv(stats), `${base}.csv`, 'text/csv;charset=utf-8')}
        >
          <Download aria-hidden className="size-4" />
          {t('Export Statistics as CSV')}
        </button>
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        {[
          [
            'Longest streak' as const,
            stats.longestStreak ? `${stats.longestStreak.text} × ${count(stats.longestStreak.length)}` : '—',
          ] as const,
          ['Most picked' as const, names(stats.mostPicked)] as const,
          ['Least picked' as const, names(stats.leastPicked)] as const,
        ].map(([term, value]) => (
          <div key={term} className="min-w-0 rounded-lg bg-slate-50 p-2 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{t(TERMS[term])}</dt>
            <dd
              className="truncate font-semibold"
              data-testid={`stat-${term.toLowerCase().replace(' ', '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <ChartSection
        title={t('Wins against a fair wheel')}
        name={`${base}_wins`}
        chart={<WinsChart items={stats.items} title={t('Wins of each item against a fair wheel')} />}
        table={
          <table className="w-full text-sm" data-testid="wins-table">
            <thead>
              <tr>
                <th className={cell}>{t('Item')}</th>
                <th className={cell}>{t('Wins')}</th>
                <th className={cell}>{t('Expected')}</th>
                <th className={cell}>{t('95 % band')}</th>
              </tr>
            </thead>
            <tbody>
              {stats.items.map((s) => (
                <tr key={s.text} className="odd:bg-slate-50 dark:odd:bg-slate-800">
                  <td className={`${cell} max-w-40 truncate`}>
                    <bdi>{s.text}</bdi>
                  </td>
                  <td className={cell}>{count(s.wins)}</td>
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
        title={t('Spins per day')}
        name={`${base}_days`}
        chart={<DaysChart days={stats.perDay} title={t('Spins per day')} />}
        table={
          <table className="w-full text-sm" data-testid="days-table">
            <thead>
              <tr>
                <th className={cell}>{t('Day')}</th>
                <th className={cell}>{t('Spins')}</th>
              </tr>
            </thead>
            <tbody>
              {stats.perDay
                .filter((d) => d.spins > 0)
                .reverse()
                .map((d) => (
                  <tr key={d.day} className="odd:bg-slate-50 dark:odd:bg-slate-800">
                    <td className={cell}>{d.day}</td>
                    <td className={cell}>{count(d.spins)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        }
      />
    </div>
  )
}
