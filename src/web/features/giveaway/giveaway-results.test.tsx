// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryRouter, RouterProvider } from '../../router'
import { TeamCards } from './giveaway-results'
import type { Drawn } from './use-giveaway'

/** `n` entries dealt round-robin into two teams, as a teams draw's result. */
function drawn(n: number): Drawn {
  const order = Array.from({ length: n }, (_, i) => i)
  return {
    id: 'd1',
    revealedAt: '2026-11-26T12:00:00.000Z',
    names: order.map((i) => `Player ${i + 1}`),
    colors: order.map(() => '#ef4444'),
    record: {
      spec: { kind: 'teams', teams: 2 },
      result: { kind: 'teams', teams: [order.filter((i) => i % 2 === 0), order.filter((i) => i % 2 === 1)] },
      rerolledAt: [],
    },
  }
}

const members = () =>
  screen
    .getAllByRole('listitem', { name: /^Team \d$/ })
    .map((card) => within(card).queryAllByRole('listitem').length)

describe('team cards', () => {
  afterEach(cleanup)

  it('list a split of 800 in slices, then every member in its team', async () => {
    const router = createMemoryRouter([{ path: '/', element: <TeamCards drawn={drawn(800)} /> }])
    render(<RouterProvider router={router} />)
    // The first render lists one slice of members, not all 800.
    const first = members()
    expect(first[0]! + first[1]!).toBeLessThanOrEqual(500)
    await waitFor(() => expect(members()).toEqual([400, 400]), { timeout: 40_000 })
    const team2 = within(screen.getByRole('listitem', { name: 'Team 2' }))
    expect(team2.getByText('Player 800')).toBeTruthy()
  }, 60_000)
})
