import { describe, expect, it } from 'vitest'
import { type FiguresByBench, speedGoals } from './speed-goals'

/** Figures of a run that meets every goal, in the shape the six benches write them. */
const passing = (): FiguresByBench => ({
  footprint: { home_js_gzip_kib: 93.1, wheel_js_gzip_kib: 119 },
  'import-saved': {
    import_10000_median_ms: 49,
    saved_500_open_median_ms: 76,
    saved_500_search_median_ms: 11,
  },
  spin: { whirl_1000_max_ms: 16.8, whirl_10000_add_ms: 11.4 },
  lighthouse: { wheel_performance_runs: '1.00 0.98 0.97' },
  'first-start': { first_peak_rss_mib_median: 283.5, first_healthy_ms_median: 1410 },
  'auth-load': { profile_to_bare_rps_ratio: 0.374, profile_p99_ms: 3 },
})

const verdicts = (previous: FiguresByBench, now: FiguresByBench) =>
  speedGoals(previous, now)?.rows.map((row) => row[5])

describe('speedGoals (issue 17 table)', () => {
  it('needs all six benches in this run', () => {
    const now = passing()
    delete now.lighthouse
    expect(speedGoals(passing(), now)).toBeNull()
  })

  it('meets every goal at or inside its limit, and prints the previous run beside this one', () => {
    const previous = passing()
    ;(previous.spin as Record<string, number>).whirl_1000_max_ms = 33.4
    const result = speedGoals(previous, passing())
    expect(result?.rows.map((r) => r[5])).toEqual(Array(10).fill('met'))
    expect(result?.notes?.[0]).toBe('All 10 goals met in this run.')
    const spinRow = result?.rows.find((r) => r[0] === 'worst spin frame at 1,000 items')
    expect(spinRow?.slice(2, 5)).toEqual(['33.4 ms', '16.8 ms', '≤ 20 ms'])
    expect(result?.rows[7]?.[3]).toBe('1.00, 0.98, 0.97')
  })

  it('misses a goal just past its limit, or with one Lighthouse run under 0.97, or with a figure absent', () => {
    const now = passing()
    ;(now.spin as Record<string, number>).whirl_1000_max_ms = 33.3
    ;(now.spin as Record<string, number>).whirl_10000_add_ms = 16.8
    ;(now.lighthouse as Record<string, string>).wheel_performance_runs = '1.00 0.96 1.00'
    ;(now['auth-load'] as Record<string, number>).profile_p99_ms = 21
    delete (now['first-start'] as Record<string, number>).first_healthy_ms_median
    const result = speedGoals(passing(), now)
    expect(verdicts(passing(), now)).toEqual([
      'met',
      'met',
      'met',
      'met',
      'met',
      'missed',
      'missed',
      'missed',
      'missed',
      'missed',
    ])
    expect(result?.rows[8]?.[3]).toBe('—')
    expect(result?.notes?.[0]).toBe('5 of 10 goals missed in this run.')
  })
})
