// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDefaultWheel, type Wheel } from '../../../core/wheel/model'
import { mockFetch } from '../auth/test-helpers'
import { removeDeclinedData } from '../consent/data-removal'
import { useWheelStore } from '../wheel/wheel-store'
import { SYNC_STATE_KEY, startCloudSync } from './sync-engine'
import { useSyncStatus } from './sync-status'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString()
const saved = (id: string, name: string, updated: number): Wheel => ({
  ...createDefaultWheel(),
  id,
  name,
  createdAt: at(0),
  updatedAt: at(updated),
})
const answer = (wheels: unknown[] = [], cursor = 1) => ({
  body: { cursor, wheels, conflicts: [], canWrite: true },
})

describe('cloud sync engine', () => {
  let stop: (() => void) | null = null
  beforeEach(() => {
    localStorage.clear()
    useWheelStore.setState({ savedWheels: [] })
  })
  afterEach(() => {
    stop?.()
    stop = null
    vi.unstubAllGlobals()
  })

  it('pushes a wheel saved here and records the agreed version and cursor', async () => {
    const wheel = saved('w1', 'Lunch', 1)
    useWheelStore.setState({ savedWheels: [wheel] })
    const calls = mockFetch({
      'POST /api/wheels/sync': answer([{ id: 'w1', wheel, updatedAt: at(1), revision: 1 }]),
    })
    stop = startCloudSync('u1')
    await vi.waitFor(() => expect(useSyncStatus.getState().status.kind).toBe('synced'))
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { since: 0, changes: [{ id: 'w1', base: null }] },
    })
    expect(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? '{}')).toEqual({
      userId: 'u1',
      cursor: 1,
      synced: { w1: at(1) },
    })
  })

  it('adds a wheel saved on another device', async () => {
    mockFetch({
      'GET /api/wheels?since=0': answer([
        { id: 'p1', wheel: saved('p1', 'From phone', 2), updatedAt: at(2), revision: 1 },
      ]),
    })
    stop = startCloudSync('u1')
    await vi.waitFor(() =>
      expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['From phone']),
    )
  })

  it('declining cookies empties this browser without deleting anything from the account', async () => {
    const wheel = saved('w1', 'Kept in the cloud', 1)
    useWheelStore.setState({ savedWheels: [wheel] })
    localStorage.setItem(SYNC_STATE_KEY, JSON.stringify({ userId: 'u1', cursor: 1, synced: { w1: at(1) } }))
    const calls = mockFetch({ 'GET /api/wheels?since=1': answer([], 1) })
    stop = startCloudSync('u1')
    await vi.waitFor(() => expect(useSyncStatus.getState().status.kind).toBe('synced'))
    vi.useFakeTimers()
    removeDeclinedData()
    vi.advanceTimersByTime(60_000)
    vi.useRealTimers()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(useWheelStore.getState().savedWheels).toEqual([])
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    expect(localStorage.getItem(SYNC_STATE_KEY)).toBeNull()
  })

  it('a different account on this browser: the previous account’s wheels leave, local-only ones are adopted', async () => {
    useWheelStore.setState({ savedWheels: [saved('a1', 'Theirs', 1), saved('n1', 'Never synced', 2)] })
    localStorage.setItem(
      SYNC_STATE_KEY,
      JSON.stringify({ userId: 'someone-else', cursor: 4, synced: { a1: at(1) } }),
    )
    const calls = mockFetch({ 'POST /api/wheels/sync': answer([], 1) })
    stop = startCloudSync('u2')
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(useWheelStore.getState().savedWheels.map((w) => w.id)).toEqual(['n1'])
    expect(calls[0]?.body).toMatchObject({ since: 0, changes: [{ id: 'n1', base: null }] })
  })

  it('a change still waiting when the tab is hidden goes out at once, as a request that outlives the page', async () => {
    const calls: RequestInit[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        calls.push(init)
        return new Response(JSON.stringify(answer().body), {
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    stop = startCloudSync('u1')
    await vi.waitFor(() => expect(useSyncStatus.getState().status.kind).toBe('synced'))
    useWheelStore.setState({ savedWheels: [saved('w9', 'Just saved', 3)] })
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), { timeout: 500 })
    expect(calls.find((c) => c.method === 'POST')?.keepalive).toBe(true)
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  })
})
