import { csvField } from '../history/csv'
import type { Item, SpinHistoryEntry } from '../wheel/model'
import { type FairnessTest, fairBand, testFairness } from './fairness'

export type ItemStat = {
  text: string
  color: string
  wins: number
  expected: number
  low: number
  high: number
}
export type DayStat = { day: string; spins: number }
export type Streak = { text: string; length: number } | null

export type HistoryStats = {
  /** Spins of the current wheel (its name) whose winner is one of its items. */
  spins: number
  items: ItemStat[]
  fairness: FairnessTest
  /** Spins per day (all wheels), oldest day first; days without spins in between are listed with 0. */
  perDay: DayStat[]
  /** The most wins in a row by one item of the current wheel. */
  longestStreak: Streak
  mostPicked: ItemStat[]
  leastPicked: ItemStat[]
}

const DAY_MS = 86_400_000

/** The local calendar day of a time, as YYYY-MM-DD; `offsetMinutes` is Date#getTimezoneOffset(). */
export function dayOf(timestamp: string, offsetMinutes: number): string | null {
  const t = Date.parse(timestamp)
  return Number.isNaN(t) ? null : new Date(t - offsetMinutes * 60_000).toISOString().slice(0, 10)
}

function spinsPerDay(history: readonly SpinHistoryEntry[], offsetMinutes: number): DayStat[] {
  const counts = new Map<string, number>()
  for (const entry of history) {
    const day = dayOf(entry.timestamp, offsetMinutes)
    if (day) counts.set(day, (counts.get(day) ?? 0) + 1)
  }
  const days = [...counts.keys()].sort()
  const first = days[0]
  const last = days[days.length - 1]
  if (!first || !last) return []
  const out: DayStat[] = []
  for (let t = Date.parse(first); t <= Date.parse(last); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10)
    out.push({ day, spins: counts.get(day) ?? 0 })
  }
  return out
}

/**
 * The Statistics view's numbers for the current wheel: each item's wins against a fair wheel's
 * expectation and 95 % band, the chi-square verdict, spins per day, the longest streak, and the
 * most and least picked items. History is newest first; items are matched by their text.
 */
export function historyStats(
  history: readonly SpinHistoryEntry[],
  wheel: { name: string; items: readonly Pick<Item, 'text' | 'color'>[] },
  offsetMinutes = 0,
): HistoryStats {
  const index = new Map<string, number>()
  wheel.items.forEach((item, i) => {
    if (!index.has(item.text)) index.set(item.text, i)
  })
  const wins = wheel.items.map(() => 0)
  let streak: Streak = null
  let run: Streak = null
  // Oldest first, so a streak reads in the order the spins happened.
  for (const entry of [...history].reverse()) {
    const i = entry.wheelName === wheel.name ? index.get(entry.result.text) : undefined
    if (i === undefined) {
      run = null
      continue
    }
    wins[i] = (wins[i] as number) + 1
    run =
      run && run.text === entry.result.text
        ? { text: run.text, length: run.length + 1 }
        : { text: entry.result.text, length: 1 }
    if (!streak || run.length > streak.length) streak = run
  }
  // Items that share a text share a count; each is listed once.
  const unique = wheel.items.filter((item, i) => index.get(item.text) === i)
  const counts = unique.map((item) => wins[index.get(item.text) as number] as number)
  const spins = counts.reduce((a, b) => a + b, 0)
  const band = fairBand(spins, unique.length)
  const items = unique.map((item, i) => ({
    text: item.text,
    color: item.color,
    wins: counts[i] as number,
    ...band,
  }))
  const most = Math.max(...counts, 0)
  const least = Math.min(...counts)
  return {
    spins,
    items,
    fairness: testFairness(counts),
    perDay: spinsPerDay(history, offsetMinutes),
    longestStreak: streak,
    mostPicked: spins > 0 ? items.filter((s) => s.wins === most) : [],
    leastPicked: spins > 0 ? items.filter((s) => s.wins === least) : [],
  }
}

const csvCell = (value: string | number): string =>
  typeof value === 'number' ? String(value) : csvField(value)

/** The Statistics view as one CSV file: the items table, the verdict, and spins per day. */
export function statsToCsv(stats: HistoryStats): string {
  const round = (n: number) => Math.round(n * 10) / 10
  const rows: (string | number)[][] = [
    ['Item', 'Wins', 'Expected', '95% band low', '95% band high'],
    ...stats.items.map((s) => [s.text, s.wins, round(s.expected), round(s.low), round(s.high)]),
    [],
    ['Spins', stats.spins],
    ['Chi-square', round(stats.fairness.statistic)],
    ['p-value', Math.round(stats.fairness.pValue * 1000) / 1000],
    ['Verdict', stats.fairness.verdict],
    [
      'Longest streak',
      stats.longestStreak ? `${stats.longestStreak.text} × ${stats.longestStreak.length}` : '',
    ],
    [],
    ['Day', 'Spins'],
    ...stats.perDay.map((d) => [d.day, d.spins]),
  ]
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`
}
