import { describe, expect, it } from 'vitest'
import type { SpinHistoryEntry } from '../wheel/model'
import { VERDICTS } from './fairness'
import { historyStats, statsToCsv } from './history-stats'

const wheel = {
  name: 'Lunch',
  items: ['Pizza', 'Sushi', 'Tacos'].map((text) => ({ text, color: '#2563eb' })),
}
let n = 0
/** History entries, given oldest first (the store keeps them newest first). */
const spins = (list: [string, string, string?][]): SpinHistoryEntry[] =>
  list
    .map(([text, timestamp, wheelName = 'Lunch']) => ({
      id: `e${n++}`,
      result: { text, color: '#000000' },
      wheelName,
      timestamp,
    }))
    .reverse()

describe('history statistics', () => {
  const history = spins([
    ['Pizza', '2026-11-01T09:00:00Z'],
    ['Pizza', '2026-11-01T10:00:00Z'],
    ['Tacos', '2026-11-01T11:00:00Z', 'Other wheel'],
    ['Pizza', '2026-11-01T12:00:00Z'],
    ['Sushi', '2026-11-03T12:00:00Z'],
    ['Pizza', '2026-11-03T13:00:00Z'],
    ['Pizza', '2026-11-03T14:00:00Z'],
  ])

  it('counts wins of the current wheel’s items, with expectation, band, streak and most/least picked', () => {
    const stats = historyStats(history, wheel)
    expect(stats.spins).toBe(6)
    expect(stats.items.map((s) => [s.text, s.wins])).toEqual([
      ['Pizza', 5],
      ['Sushi', 1],
      ['Tacos', 0],
    ])
    expect(stats.items[0]?.expected).toBe(2)
    expect(stats.items[0]?.low).toBeGreaterThanOrEqual(0)
    // Another wheel's spin breaks a run: 2 Pizzas, then 1, then Sushi, then 2.
    expect(stats.longestStreak).toEqual({ text: 'Pizza', length: 2 })
    expect(stats.mostPicked.map((s) => s.text)).toEqual(['Pizza'])
    expect(stats.leastPicked.map((s) => s.text)).toEqual(['Tacos'])
    expect(stats.fairness.verdict).toBe(VERDICTS.tooFew)
  })

  it('lists spins per day, days without spins included, in the local time zone', () => {
    expect(historyStats(history, wheel).perDay).toEqual([
      { day: '2026-11-01', spins: 4 },
      { day: '2026-11-02', spins: 0 },
      { day: '2026-11-03', spins: 3 },
    ])
    // UTC−10: 09:00Z on the 1st is still 23:00 on the 31st of October there.
    expect(historyStats(history, wheel, 600).perDay[0]).toEqual({ day: '2026-10-31', spins: 1 })
  })

  it('has nothing to say about an empty history', () => {
    const stats = historyStats([], wheel)
    expect(stats).toMatchObject({
      spins: 0,
      perDay: [],
      longestStreak: null,
      mostPicked: [],
      leastPicked: [],
    })
  })

  it('exports a spreadsheet-safe CSV', () => {
    const csv = statsToCsv(
      historyStats(spins([['=cmd()', '2026-11-01T09:00:00Z']]), {
        name: 'Lunch',
        items: [{ text: '=cmd()', color: '#000000' }],
      }),
    )
    expect(csv.split('\r\n')[0]).toBe('Item,Wins,Expected,95% band low,95% band high')
    expect(csv).toContain("'=cmd(),1,1,")
    expect(csv).toContain('Day,Spins\r\n2026-11-01,1\r\n')
  })
})
