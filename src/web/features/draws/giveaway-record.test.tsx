// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PublicDraw } from '../../../core/draws/api'
import { GIVEAWAY_VECTORS } from '../../../core/draws/giveaway-vectors'
import { createMemoryRouter, RouterProvider } from '../../router'
import { Component as DrawPage } from './draw-page'

const ID = 'AbCdEfGhIjKlMnOpQrStUv'
const recordOf = (v: (typeof GIVEAWAY_VECTORS)[number]): PublicDraw => ({
  id: ID,
  name: 'Stream giveaway',
  entries: v.entries,
  commitment: v.commitment,
  wheelHash: v.wheelHash,
  createdAt: '2026-11-26T12:00:00.000Z',
  serverSeed: v.serverSeed,
  clientSeed: v.clientSeed,
  winnerIndex: 0,
  revealedAt: '2026-11-26T12:01:00.000Z',
  previousDrawId: null,
  giveaway: {
    spec: v.spec,
    result: v.result,
    rerolledAt: v.rerollPlaces.map(() => '2026-11-26T12:02:00.000Z'),
  },
  nextDrawId: null,
  sameEntries: { total: 0, draws: [] },
})

function show(answer: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 })),
  )
  const router = createMemoryRouter([{ path: '/draw/:id', element: <DrawPage /> }], {
    initialEntries: [`/draw/${ID}`],
  })
  render(<RouterProvider router={router} />)
}

describe('a giveaway on the draw page', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })
  const [winners, , teams] = GIVEAWAY_VECTORS
  if (!winners || !teams) throw new Error('vectors missing')

  it('lists every winner and every reroll, recomputed, and says Verified', async () => {
    show(recordOf(winners))
    expect(await screen.findByText('Verified')).toBeTruthy()
    const listed = within(screen.getByRole('list', { name: 'Winners' })).getAllByRole('listitem')
    expect(listed.map((li) => li.textContent)).toEqual(['Place 1Alice', 'Place 2Grace', 'Place 3Dave'])
    expect(screen.getByRole('list', { name: 'Rerolls' }).textContent).toMatch(
      /^Place 2: Bob replaced by Grace/,
    )
  })

  it('says Verification failed when a reroll is hidden or a team changed', async () => {
    const record = recordOf(winners)
    const result = winners.result.kind === 'winners' ? winners.result : null
    show({ ...record, giveaway: { ...record.giveaway, result: { ...result, rerolls: [] } } })
    expect((await screen.findByTestId('failed-step')).textContent).toMatch(/^Winners mismatch/)
    cleanup()
    const teamRecord = recordOf(teams)
    show({
      ...teamRecord,
      giveaway: {
        ...teamRecord.giveaway,
        result: {
          kind: 'teams',
          teams: [
            [0, 1, 2],
            [3, 4, 5],
            [6, 7],
            [8, 9],
          ],
        },
      },
    })
    expect((await screen.findByTestId('failed-step')).textContent).toMatch(/^Teams mismatch/)
  })
})
