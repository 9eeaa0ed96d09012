import { describe, expect, it } from 'vitest'
import { teamsText, teamsToCsv, winnerRows, winnersText, winnersToCsv } from './giveaway-export'

describe('giveaway export', () => {
  const entries = {
    names: ['Ann', '=cmd()', 'Cy, Jr.', 'Di'],
    colors: ['#111111', '#222222', '#333333', '#444444'],
  }
  const rows = winnerRows(
    { kind: 'winners', winners: [2, 3], rerolls: [{ place: 2, replaced: 1, winner: 3 }] },
    entries,
    '2026-11-26T10:00:00.000Z',
    ['2026-11-26T10:05:00.000Z'],
  )

  it('shows each place with its name, colour, time and whether it was rerolled', () => {
    expect(rows).toEqual([
      { place: 1, name: 'Cy, Jr.', color: '#333333', time: '2026-11-26T10:00:00.000Z', rerolled: false },
      { place: 2, name: 'Di', color: '#444444', time: '2026-11-26T10:05:00.000Z', rerolled: true },
    ])
  })

  it('exports Place, Name, Time as CSV, quoting commas and defusing formulas', () => {
    expect(winnersToCsv(rows)).toBe(
      'Place,Name,Time\r\n1,"Cy, Jr.",2026-11-26T10:00:00.000Z\r\n2,Di,2026-11-26T10:05:00.000Z\r\n',
    )
    expect(teamsToCsv([['Ann', '=cmd()'], ['Di']])).toBe(
      "Team,Name\r\nTeam 1,Ann\r\nTeam 1,'=cmd()\r\nTeam 2,Di\r\n",
    )
    expect(winnersText(rows)).toBe('1. Cy, Jr.\n2. Di')
    expect(teamsText([['Ann', 'Bo'], ['Cy']])).toBe('Team 1: Ann, Bo\nTeam 2: Cy')
  })
})
