// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PublicDraw } from '../../../core/draws/api'
import { TEST_VECTORS } from '../../../core/draws/test-vectors'
import { createMemoryRouter, RouterProvider } from '../../router'
import { Component as DrawPage } from './draw-page'

const vector = TEST_VECTORS[2] as (typeof TEST_VECTORS)[number]
const ID = 'AbCdEfGhIjKlMnOpQrStUv'
const revealed: PublicDraw = {
  id: ID,
  name: 'Launch giveaway',
  entries: vector.entries,
  commitment: vector.commitment,
  wheelHash: vector.wheelHash,
  createdAt: '2026-11-23T12:00:00.000Z',
  serverSeed: vector.serverSeed,
  clientSeed: vector.clientSeed,
  winnerIndex: vector.winnerIndex,
  revealedAt: '2026-11-23T12:01:00.000Z',
  previousDrawId: null,
  giveaway: null,
  nextDrawId: null,
  sameEntries: { total: 0, draws: [] },
}

function show(answer: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { status })),
  )
  const router = createMemoryRouter([{ path: '/draw/:id', element: <DrawPage /> }], {
    initialEntries: [`/draw/${ID}`],
  })
  render(<RouterProvider router={router} />)
}

describe('the draw page', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('recomputes a revealed draw and says Verified', async () => {
    show(revealed)
    expect(await screen.findByText('Verified')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Launch giveaway')
    expect(screen.getByTestId('draw-winner').textContent).toBe('Medium (entry 2)')
    expect(screen.getByText(vector.clientSeed)).toBeTruthy()
  })

  it('names the failed step whatever the server claims', async () => {
    show({ ...revealed, winnerIndex: 3 })
    expect(await screen.findByText('Verification failed')).toBeTruthy()
    expect(screen.getByTestId('failed-step').textContent).toMatch(/^Winner mismatch/)
    cleanup()
    show({ ...revealed, entries: [...vector.entries.slice(0, 3), ['Huge', 99]] })
    expect((await screen.findByTestId('failed-step')).textContent).toMatch(/^wheelHash mismatch/)
  })

  it('lists the host’s other draws of the same entries, with their winners, or says there are none', async () => {
    show(revealed)
    expect(await screen.findByText('The host made no other draw of these same entries.')).toBeTruthy()
    cleanup()
    show({
      ...revealed,
      sameEntries: {
        total: 2,
        draws: [
          {
            id: 'BbCdEfGhIjKlMnOpQrStUv',
            createdAt: '2026-11-23T12:05:00.000Z',
            revealedAt: null,
            winner: null,
          },
          {
            id: 'CbCdEfGhIjKlMnOpQrStUv',
            createdAt: '2026-11-23T11:55:00.000Z',
            revealedAt: '2026-11-23T11:56:00.000Z',
            winner: 'Small',
          },
        ],
      },
    })
    expect(
      await screen.findByText(/The host made 2 other draws of these same entries, in any order/),
    ).toBeTruthy()
    expect(screen.getByText('Winner: Small')).toBeTruthy()
    expect(screen.getByText('Committed, never revealed')).toBeTruthy()
    const links = screen.getAllByRole('link', { name: /^Committed / })
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/draw/BbCdEfGhIjKlMnOpQrStUv',
      '/draw/CbCdEfGhIjKlMnOpQrStUv',
    ])
  })

  it('shows a draw not yet revealed, and a missing one', async () => {
    show({ ...revealed, serverSeed: null, clientSeed: null, winnerIndex: null, revealedAt: null })
    expect(await screen.findByText('Committed, not yet drawn')).toBeTruthy()
    expect(screen.getByText(vector.commitment)).toBeTruthy()
    expect(screen.queryByText('Server seed')).toBeNull()
    cleanup()
    show({ error: 'This draw does not exist.' }, 404)
    expect(await screen.findByRole('heading', { name: 'Draw not found' })).toBeTruthy()
  })
})
