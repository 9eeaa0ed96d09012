// Issue 17's table ("Speed pass"), printed at the end of an `npm run bench` that ran the six
// benches it draws on: each goal beside the issue's own figure, the previous run's (the results
// files as they were before this run) and this run's.
import type { BenchResult } from './run'

type Figures = Record<string, number | string>
/** Figures by bench name (bench/results/<name>.json's `figures`). */
export type FiguresByBench = Record<string, Figures | undefined>

type Goal = {
  label: string
  issue: string
  /** This goal's figure from one run's results, or undefined if a bench did not give it. */
  value(f: FiguresByBench): string | undefined
  met(f: FiguresByBench): boolean
}

const num = (f: FiguresByBench, bench: string, key: string): number | undefined => {
  const v = f[bench]?.[key]
  return typeof v === 'number' ? v : undefined
}
const show = (v: number | undefined, unit = '') => (v === undefined ? undefined : `${v}${unit}`)
const atMost = (v: number | undefined, limit: number) => v !== undefined && v <= limit

export const SPEED_BENCHES = ['footprint', 'import-saved', 'spin', 'lighthouse', 'first-start', 'auth-load']

/** A goal on one figure that must stay at or under `limit`. */
const atMostGoal = (
  label: string,
  issue: string,
  bench: string,
  key: string,
  limit: number,
  unit: string,
): Goal & { goal: string } => ({
  label,
  issue,
  goal: `≤ ${limit}${unit}`,
  value: (f) => show(num(f, bench, key), unit),
  met: (f) => atMost(num(f, bench, key), limit),
})

const GOALS: (Goal & { goal: string })[] = [
  atMostGoal('gzipped JS on a first visit to /', '120.9 KiB', 'footprint', 'home_js_gzip_kib', 100, ' KiB'),
  atMostGoal(
    'gzipped JS on a first visit to /wheel',
    '137 KiB',
    'footprint',
    'wheel_js_gzip_kib',
    120,
    ' KiB',
  ),
  atMostGoal(
    'import a 10,000-item file until the wheel shows it',
    '342 ms',
    'import-saved',
    'import_10000_median_ms',
    200,
    ' ms',
  ),
  atMostGoal(
    'open /saved with 500 wheels (from the header)',
    '484 ms',
    'import-saved',
    'saved_500_open_median_ms',
    150,
    ' ms',
  ),
  atMostGoal('search those 500 wheels', '240 ms', 'import-saved', 'saved_500_search_median_ms', 50, ' ms'),
  atMostGoal('worst spin frame at 1,000 items', '33–50 ms', 'spin', 'whirl_1000_max_ms', 20, ' ms'),
  atMostGoal(
    'an added item reaches the wheel at 10,000 items',
    '58–112 ms',
    'spin',
    'whirl_10000_add_ms',
    16.7,
    ' ms',
  ),
  {
    label: 'Lighthouse mobile performance, /wheel (each run)',
    issue: '0.94–0.97',
    goal: '≥ 0.97 in every run',
    value: (f) => {
      const runs = f.lighthouse?.wheel_performance_runs
      return typeof runs === 'string' ? runs.split(' ').join(', ') : undefined
    },
    met: (f) => {
      const runs = f.lighthouse?.wheel_performance_runs
      return typeof runs === 'string' && runs.split(' ').every((r) => Number(r) >= 0.97)
    },
  },
  {
    label: "server's first start on PGlite: peak RSS / time to healthy",
    issue: '767 MiB / 6.8 s',
    goal: '≤ 350 MiB / ≤ 3 s',
    value: (f) => {
      const rss = num(f, 'first-start', 'first_peak_rss_mib_median')
      const ms = num(f, 'first-start', 'first_healthy_ms_median')
      return rss === undefined || ms === undefined ? undefined : `${rss} MiB / ${ms / 1000} s`
    },
    met: (f) =>
      atMost(num(f, 'first-start', 'first_peak_rss_mib_median'), 350) &&
      atMost(num(f, 'first-start', 'first_healthy_ms_median'), 3000),
  },
  {
    label: 'signed-in GET /api/profile ÷ bare route, p99',
    issue: '0.08–0.15, p99 25–108 ms',
    goal: '≥ 0.25, p99 ≤ 20 ms',
    value: (f) => {
      const ratio = num(f, 'auth-load', 'profile_to_bare_rps_ratio')
      const p99 = num(f, 'auth-load', 'profile_p99_ms')
      return ratio === undefined || p99 === undefined ? undefined : `${ratio}, p99 ${p99} ms`
    },
    met: (f) => {
      const ratio = num(f, 'auth-load', 'profile_to_bare_rps_ratio')
      return ratio !== undefined && ratio >= 0.25 && atMost(num(f, 'auth-load', 'profile_p99_ms'), 20)
    },
  },
]

/** The table, or null when this run did not run all six benches. */
export function speedGoals(previous: FiguresByBench, now: FiguresByBench): BenchResult | null {
  if (SPEED_BENCHES.some((b) => now[b] === undefined)) return null
  const figures: Record<string, number | string> = {}
  const rows = GOALS.map((g, i) => {
    const met = g.met(now)
    figures[`goal_${i + 1}_met`] = met ? 'met' : 'missed'
    return [g.label, g.issue, g.value(previous) ?? '—', g.value(now) ?? '—', g.goal, met ? 'met' : 'missed']
  })
  const missed = rows.filter((r) => r[5] === 'missed').length
  figures.goals_met = GOALS.length - missed
  return {
    title: 'Speed pass (issue 17): every goal in this one run',
    columns: ['figure', "issue's figure", 'previous run', 'this run', 'goal', ''],
    rows,
    figures,
    notes: [
      missed === 0
        ? `All ${GOALS.length} goals met in this run.`
        : `${missed} of ${GOALS.length} goals missed in this run.`,
      '"previous run" is what bench/results held before this run.',
    ],
  }
}
