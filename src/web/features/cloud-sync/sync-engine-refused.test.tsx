// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDefaultWheel, type Wheel } from '../../../core/wheel/model'
import { useSyncStatus } from '../../state/sync-status'
import { useWheelStore } from '../../state/wheel-store'
import { mockFetch } from '../../testing/test-helpers'
import { startCloudSync } from './sync-engine'
import { SyncStatusLine } from './sync-status-line'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString()
const saved = (id: string, name: string, updated: number): Wheel => ({
  ...createDefaultWheel(),
  id,
  name,
  createdAt: at(0),
  updatedAt: at(updated),
})
const answer = (wheels: unknown[] = [], cursor = 0) => ({
  body: { cursor, wheels, conflicts: [], canWrite: true },
})
const QUOTA =
  'Your cloud storage is full: saved wheels may take up to 50 MB per account. Delete some wheels or make them smaller; nothing was changed.'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('cloud sync when the server refuses', () => {
  let stop: (() => void) | null = null
  beforeEach(() => {
    localStorage.clear()
    useWheelStore.setState({ savedWheels: [] })
  })
  afterEach(() => {
    stop?.()
    stop = null
    cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('a push refused for lack of room is not sent again until the user changes something, and the status line says why', async () => {
    useWheelStore.setState({ savedWheels: [saved('w1', 'Huge', 1), saved('w2', 'Also huge', 2)] })
    const calls = mockFetch({
      'POST /api/wheels/sync': { status: 413, body: { error: QUOTA } },
      'GET /api/wheels?since=0': answer(),
    })
    render(<SyncStatusLine />)
    stop = startCloudSync('u1')
    await vi.waitFor(() => expect(useSyncStatus.getState().status).toEqual({ kind: 'error', message: QUOTA }))
    expect(screen.getByTestId('sync-status').textContent).toBe(QUOTA)
    const pushes = () => calls.filter((c) => c.method === 'POST').length
    expect(pushes()).toBe(1)

    // Coming back online, the tab shown again: sync runs and still pulls, but sends nothing refused.
    window.dispatchEvent(new Event('online'))
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2))
    await sleep(50)
    expect(pushes()).toBe(1)
    expect(screen.getByTestId('sync-status').textContent).toBe(QUOTA)

    // The user deletes a wheel to make room: the push goes out again.
    useWheelStore.setState({ savedWheels: [saved('w1', 'Huge', 1)] })
    await vi.waitFor(() => expect(pushes()).toBe(2), { timeout: 3_000 })
  })

  it('asked to come back later (429 with Retry-After), it says so and syncs again a few seconds later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    try {
      const busy =
        'Your wheels are being fetched on other devices right now. This one tries again in a moment.'
      const calls = mockFetch({
        'GET /api/wheels?since=0': [
          { status: 429, body: { error: busy } },
          answer([{ id: 'p1', wheel: saved('p1', 'From phone', 2), updatedAt: at(2), revision: 1 }], 1),
        ],
      })
      stop = startCloudSync('u1')
      await vi.waitFor(() =>
        expect(useSyncStatus.getState().status).toEqual({ kind: 'error', message: busy }),
      )
      expect(calls).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(6_000)
      await vi.waitFor(() => expect(useSyncStatus.getState().status.kind).toBe('synced'))
      expect(calls).toHaveLength(2)
      expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['From phone'])
    } finally {
      vi.useRealTimers()
    }
  })
})
