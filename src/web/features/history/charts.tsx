import type { DayStat, ItemStat } from '../../../core/stats/history-stats'
import { t } from '../../i18n/i18n'

const WIDTH = 340
const LABEL = 104
const ROW = 22
/** The chart shows this many items (the table under it lists every one). */
export const CHART_ITEMS = 60
/** …and this many most recent days. */
export const CHART_DAYS = 31

const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * Each item's wins as a bar in its colour, the fair wheel's 95 % band as a shaded strip and its
 * expected count as a dashed line. Colours come from currentColor and Tailwind classes, so the
 * chart follows dark mode.
 */
export function WinsChart({ items, title }: { items: readonly ItemStat[]; title: string }) {
  const shown = items.slice(0, CHART_ITEMS)
  const top = Math.max(1, ...shown.map((s) => Math.max(s.wins, s.high)))
  const span = WIDTH - LABEL - 8
  const x = (value: number) => LABEL + (value / top) * span
  const height = shown.length * ROW + 20
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-label={title}
      className="text-slate-800 dark:text-slate-100"
      data-testid="wins-chart"
    >
      <title>{title}</title>
      {shown.map((s, i) => {
        const y = i * ROW + 4
        return (
          <g key={s.text}>
            <text x={0} y={y + 13} fontSize={11} fill="currentColor">
              {short(s.text, 16)}
            </text>
            <rect
              x={x(s.low)}
              y={y}
              width={Math.max(1, x(s.high) - x(s.low))}
              height={ROW - 6}
              className="fill-slate-300 dark:fill-slate-600"
              opacity={0.6}
            />
            <rect
              x={LABEL}
              y={y + 4}
              width={x(s.wins) - LABEL}
              height={ROW - 14}
              fill={s.color}
              stroke="currentColor"
              strokeWidth={0.5}
            />
            <line
              x1={x(s.expected)}
              x2={x(s.expected)}
              y1={y - 1}
              y2={y + ROW - 5}
              stroke="currentColor"
              strokeDasharray="3 2"
            />
            <text
              x={Math.min(WIDTH - 2, x(s.wins) + 3)}
              y={y + 13}
              fontSize={10}
              fill="currentColor"
              textAnchor={x(s.wins) > WIDTH - 30 ? 'end' : 'start'}
            >
              {s.wins}
            </text>
          </g>
        )
      })}
      <text x={LABEL} y={height - 4} fontSize={10} fill="currentColor">
        {t('bar: wins · dashed: expected · shaded: 95 % band of a fair wheel')}
      </text>
    </svg>
  )
}

/** Spins per day as columns, the most recent CHART_DAYS days of the history's range. */
export function DaysChart({ days, title }: { days: readonly DayStat[]; title: string }) {
  const shown = days.slice(-CHART_DAYS)
  const height = 150
  const base = height - 22
  const top = Math.max(1, ...shown.map((d) => d.spins))
  const step = (WIDTH - 24) / Math.max(1, shown.length)
  const bar = Math.max(2, step - 3)
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-label={title}
      className="text-slate-800 dark:text-slate-100"
      data-testid="days-chart"
    >
      <title>{title}</title>
      <text x={0} y={12} fontSize={10} fill="currentColor">
        {top}
      </text>
      <line x1={20} x2={WIDTH} y1={base} y2={base} stroke="currentColor" strokeWidth={0.5} />
      {shown.map((d, i) => {
        const h = ((base - 16) * d.spins) / top
        return (
          <rect
            key={d.day}
            x={22 + i * step}
            y={base - h}
            width={bar}
            height={h}
            className="fill-brand-600 dark:fill-brand-400"
          >
            <title>{`${d.day}: ${d.spins}`}</title>
          </rect>
        )
      })}
      {shown.length > 0 && (
        <>
          <text x={22} y={height - 6} fontSize={10} fill="currentColor">
            {shown[0]?.day}
          </text>
          <text x={WIDTH} y={height - 6} fontSize={10} fill="currentColor" textAnchor="end">
            {shown[shown.length - 1]?.day}
          </text>
        </>
      )}
    </svg>
  )
}
