// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORE_KEY } from '../../../core/storage/keys'
import { createDefaultWheel, type Wheel } from '../../../core/wheel/model'
import { removeDeclinedData } from '../../state/data-removal'
import { SYNC_DELETED_KEY, SYNC_STATE_KEY } from '../../state/sync-keys'
import { useSyncStatus } from '../../state/sync-status'
import { useWheelStore } from '../../state/wheel-store'
import { mockFetch } from '../../testing/test-helpers'
import { LOCAL_STORE_FULL_MESSAGE, READ_ONLY_MESSAGE, startCloudSync } from './sync-engine'

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
    vi.restoreAllMocks()
  })

  it('pushes a wheel saved here and records the agreed version and cursor', async () => {
    const wheel = saved('w1', 'Lunch', 1)
    useWheelStore.setState({ savedWheels: [wheel] })
    // The server stored it as sent: the answer names the change instead of sending the wheel back.
    const calls = mockFetch({
      'POST /api/wheels/sync': answer([{ id: 'w1', wheel: null, sent: 0, updatedAt: at(1), revision: 1 }]),
    })
    const setItem = vi.spyOn(Storage.prototype, 'setItem')
    stop = startCloudSync('u1')
    await vi.waitFor(() => expect(useSyncStatus.getState().status.kind).toBe('synced'))
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { since: 0, changes: [{ id: 'w1', base: null }], omitSent: true },
    })
    // The record is written once, with the push's answer.
    expect(setItem.mock.calls.filter(([key]) => key === SYNC_STATE_KEY)).toHaveLength(1)
    expect(useWheelStore.getState().savedWheels).toEqual([wheel])
    expect(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? '{}')).toEqual({
      userId: 'u1',
      cursor: 1,
      synced: { w1: at(1) },
    })
  })

  it('never takes a push answer naming a change it did not send for a deletion', async () => {
    const wheel = saved('w1', 'Lunch', 1)
    useWheelStore.setState({ savedWheels: [wheel] })
    mockFetch({
      'POST /api/wheels/sync': answer([{ id: 'w1', wheel: null, sent: 3, updatedAt: at(1), revision: 1 }]),
    })
    stop = startCloudSync('u1')
    await vi.waitFor(() => expect(useSyncStatus.getState().status.kind).toBe('error'))
    expect(useSyncStatus.getState().status).toMatchObject({ message: 'Could not sync your wheels.' })
    expect(useWheelStore.getState().savedWheels).toEqual([wheel])
    expect(localStorage.getItem(SYNC_STATE_KEY)).toBeNull()
  })

  it('records each answered batch of an upload, so one cut off half-way resumes after it', async () => {
    // Three wheels of about 0.45 MB: two go in the first request (up to 1 MB), the third in a second.
    const big = (id: string) => ({
      ...saved(id, `Big ${id}`, 1),
      items: Array.from({ length: 8_000 }, (_, i) => ({
        id: `${id}-${i}`,
        text: 'x'.repeat(10),
        color: '#3b82f6',
      })),
    })
    const wheels = [big('b1'), big('b2'), big('b3')]
    useWheelStore.setState({ savedWheels: wheels })
    const pushes: { since: number; ids: string[] }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        const body = JSON.parse(String(init.body)) as { since: number; changes: { id: string }[] }
        pushes.push({ since: body.since, ids: body.changes.map((c) => c.id) })
        // The page goes away before the second answer comes.
        if (pushes.length > 1) throw new TypeError('Failed to fetch')
        const rows = body.changes.map((c, i) => ({
          id: c.id,
          wheel: null,
          sent: i,
          updatedAt: at(1),
          revision: i + 1,
        }))
        return new Response(JSON.stringify({ cursor: 2, wheels: rows, conflicts: [], canWrite: true }), {
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    stop = startCloudSync('u1')
    // A request that never got through reads as offline.
    await vi.waitFor(() => expect(useSyncStatus.getState().status.kind).toBe('offline'))
    expect(pushes).toEqual([
      { since: 0, ids: ['b1', 'b2'] },
      { since: 2, ids: ['b3'] },
    ])
    // The first batch is recorded as agreed: the next page pushes only the third wheel.
    expect(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? '{}')).toEqual({
      userId: 'u1',
      cursor: 2,
      synced: { b1: at(1), b2: at(1) },
    })
    expect(useWheelStore.getState().savedWheels).toEqual(wheels)
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

  it('follows a paged pull to its last page', async () => {
    const calls = mockFetch({
      'GET /api/wheels?since=0': {
        body: {
          cursor: 1,
          more: true,
          wheels: [{ id: 'p1', wheel: saved('p1', 'Page one', 2), updatedAt: at(2), revision: 1 }],
          conflicts: [],
          canWrite: true,
        },
      },
      'GET /api/wheels?since=1': answer(
        [{ id: 'p2', wheel: saved('p2', 'Page two', 3), updatedAt: at(3), revision: 2 }],
        2,
      ),
    })
    stop = startCloudSync('u1')
    await vi.waitFor(() =>
      expect(
        useWheelStore
          .getState()
          .savedWheels.map((w) => w.name)
          .sort(),
      ).toEqual(['Page one', 'Page two']),
    )
    expect(calls.map((c) => c.url)).toEqual(['/api/wheels?since=0', '/api/wheels?since=1'])
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

  it('a browser that lost synced wheels (its store was full) deletes nothing: it pulls them back, and the cursor waits for room', async () => {
    const wheels = [saved('w1', 'Roster 1', 1), saved('w2', 'Roster 2', 2), saved('w3', 'Roster 3', 3)]
    const rows = wheels.map((w, i) => ({ id: w.id, wheel: w, updatedAt: w.updatedAt, revision: i + 1 }))
    const agreed = { userId: 'u1', cursor: 3, synced: { w1: at(1), w2: at(2), w3: at(3) } }
    localStorage.setItem(SYNC_STATE_KEY, JSON.stringify(agreed))
    // Only the first wheel made it into the local store before it filled up.
    useWheelStore.setState({ savedWheels: [wheels[0] as Wheel] })
    const setItem = Storage.prototype.setItem
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key,
      value,
    ) {
      if (key === STORE_KEY) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      setItem.call(this, key, value)
    })
    const calls = mockFetch({
      'GET /api/wheels?since=0': answer(rows, 3),
      'GET /api/wheels?since=3': answer([], 3),
    })
    stop = startCloudSync('u1')
    await vi.waitFor(() =>
      expect(useSyncStatus.getState().status).toEqual({ kind: 'error', message: LOCAL_STORE_FULL_MESSAGE }),
    )
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual([
      'Roster 1',
      'Roster 2',
      'Roster 3',
    ])
    // The record of what is agreed did not move past what this browser holds.
    expect(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? '{}')).toEqual(agreed)

    // Room returns: the next exchange stores every wheel, and only then records the cursor.
    full.mockRestore()
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(useSyncStatus.getState().status.kind).toBe('synced'))
    const stored = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}') as { savedWheels: Wheel[] }
    expect(stored.savedWheels.map((w) => w.id)).toEqual(['w1', 'w2', 'w3'])
    expect(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? '{}')).toEqual(agreed)
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('a wheel the user deletes goes to the server as a delete of the version it had, once', async () => {
    const kept = saved('w1', 'Kept', 1)
    const gone = saved('w2', 'Deleted', 2)
    useWheelStore.setState({ savedWheels: [kept, gone] })
    localStorage.setItem(
      SYNC_STATE_KEY,
      JSON.stringify({ userId: 'u1', cursor: 2, synced: { w1: at(1), w2: at(2) } }),
    )
    const calls = mockFetch({
      'GET /api/wheels?since=2': answer([], 2),
      'POST /api/wheels/sync': answer([{ id: 'w2', wheel: null, updatedAt: at(5), revision: 3 }], 3),
      'GET /api/wheels?since=3': answer([], 3),
    })
    stop = startCloudSync('u1')
    await vi.waitFor(() => expect(useSyncStatus.getState().status.kind).toBe('synced'))
    useWheelStore.getState().deleteSavedWheel('w2')
    expect(JSON.parse(localStorage.getItem(SYNC_DELETED_KEY) ?? '[]')).toEqual(['w2'])
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      since: 2,
      changes: [{ id: 'w2', base: at(2), wheel: null }],
      omitSent: true,
    })
    await vi.waitFor(() => expect(localStorage.getItem(SYNC_DELETED_KEY)).toBeNull())
    expect(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? '{}')).toEqual({
      userId: 'u1',
      cursor: 3,
      synced: { w1: at(1) },
    })
  })

  it('read-only (premium lapsed): pulls the account’s wheels, never pushes, even a change made here or when the server would accept one', async () => {
    const local = saved('w1', 'Changed here', 4)
    useWheelStore.setState({ savedWheels: [local] })
    localStorage.setItem(SYNC_STATE_KEY, JSON.stringify({ userId: 'u1', cursor: 1, synced: { w1: at(1) } }))
    const calls = mockFetch({
      'GET /api/wheels?since=1': {
        body: {
          cursor: 2,
          wheels: [{ id: 'c1', wheel: saved('c1', 'From the cloud', 2), updatedAt: at(2), revision: 2 }],
          conflicts: [],
          canWrite: false,
        },
      },
      // Answers as if writes were allowed: a pull-only engine must not take that as leave to push.
      'GET /api/wheels?since=2': answer([], 2),
      'POST /api/wheels/sync': answer([], 3),
    })
    stop = startCloudSync('u1', { pullOnly: true })
    await vi.waitFor(() =>
      expect(useSyncStatus.getState().status).toEqual({ kind: 'read-only', message: READ_ONLY_MESSAGE }),
    )
    expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual([
      'Changed here',
      'From the cloud',
    ])
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/wheels?since=2'))
    await vi.waitFor(() => expect(useSyncStatus.getState().status.kind).toBe('read-only'))
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    // The local change is kept, still pending: it goes out once premium is back.
    expect(JSON.parse(localStorage.getItem(SYNC_STATE_KEY) ?? '{}').synced.w1).toBe(at(1))
  })
})
