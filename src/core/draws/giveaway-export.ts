import { csvField } from '../history/csv'
import type { GiveawayResult } from './giveaway'

/** What the winners list and the team cards show and export (issue 36). */
export type WinnerRow = { place: number; name: string; color: string; time: string; rerolled: boolean }

/**
 * The winners at each place, with the time each was drawn: the reveal's time, or the time of the
 * last reroll of that place. `names` and `colors` are the entries' in order.
 */
export function winnerRows(
  result: Extract<GiveawayResult, { kind: 'winners' }>,
  entries: { names: readonly string[]; colors: readonly string[] },
  revealedAt: string,
  rerolledAt: readonly string[],
): WinnerRow[] {
  const times = result.winners.map(() => revealedAt)
  const rerolled = result.winners.map(() => false)
  result.rerolls.forEach((reroll, i) => {
    times[reroll.place - 1] = rerolledAt[i] ?? revealedAt
    rerolled[reroll.place - 1] = true
  })
  return result.winners.map((index, i) => ({
    place: i + 1,
    name: entries.names[index] ?? '',
    color: entries.colors[index] ?? '#94a3b8',
    time: times[i] ?? revealedAt,
    rerolled: rerolled[i] ?? false,
  }))
}

// The CSV files' headers and team labels (Place, Name, Time, Team) are data columns read by
// spreadsheets and scripts: they stay in English in every language, like the ISO times.
const csv = (rows: string[][]) => `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`

/** Place, Name, Time (ISO 8601), CRLF line ends, with a header row. */
export const winnersToCsv = (rows: readonly WinnerRow[]): string =>
  csv([['Place', 'Name', 'Time'], ...rows.map((r) => [String(r.place), r.name, r.time])])

/** Team, Name: one row per member. */
export const teamsToCsv = (teams: readonly (readonly string[])[]): string =>
  csv([['Team', 'Name'], ...teams.flatMap((team, i) => team.map((name) => [`Team ${i + 1}`, name]))])

/** The winners as copied text: "1. Ann", one a line. */
export const winnersText = (rows: readonly WinnerRow[]): string =>
  rows.map((r) => `${r.place}. ${r.name}`).join('\n')

/** The teams as copied text: "Team 1: Ann, Bo", one a line. */
export const teamsText = (teams: readonly (readonly string[])[]): string =>
  teams.map((team, i) => `Team ${i + 1}: ${team.join(', ')}`).join('\n')
