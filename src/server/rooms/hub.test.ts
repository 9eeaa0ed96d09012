import { afterEach, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import type { RoomState } from '../../core/rooms/protocol'
import type { ProfileEvents } from '../events/events'
import { createRoomHub, SEND_SLICE } from './hub'
import type { RoomRow } from './repository'
import type { RoomService } from './service'

/** A socket that keeps what it is sent. */
const fakeSocket = () => {
  const sent: string[] = []
  const socket = {
    OPEN: 1,
    readyState: 1,
    send: (data: string | Buffer) => sent.push(data.toString()),
    on: () => socket,
    close: () => {},
    ping: () => {},
    terminate: () => {},
  }
  return { socket: socket as unknown as WebSocket, sent }
}

const state = (version: number): RoomState => ({
  code: 'ACK349',
  wheel: { name: 'W', mode: 'normal', spinDuration: 1000, items: [] },
  version,
  next: { drawId: `d${version}`, commitment: 'c' },
  spin: null,
  history: [],
  viewers: 2,
  ended: false,
})

function setup() {
  const listeners: ((revision?: number, data?: unknown) => void)[] = []
  const published: number[] = []
  let reads = 0
  let release: () => void = () => {}
  let version = 1
  const service = {
    state: async () => {
      reads++
      await new Promise<void>((resolve) => {
        release = resolve
      })
      return state(version)
    },
    repository: { viewers: async () => 2, setViewers: async () => {} },
  } as unknown as RoomService
  const events = {
    publish: async (_code: string, revision?: number) => void published.push(revision ?? -1),
    subscribe: (_code: string, listener: (revision?: number, data?: unknown) => void) => {
      listeners.push(listener)
      return () => {}
    },
  } as unknown as ProfileEvents
  const hub = createRoomHub({ service, events, processId: 'p', log: { warn: () => {} } })
  const notify = (revision: number, data?: unknown) => {
    for (const listener of listeners) listener(revision, data)
  }
  return {
    hub,
    notify,
    published,
    reads: () => reads,
    release: () => release(),
    setVersion: (v: number) => {
      version = v
    },
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the room hub', () => {
  let close: (() => Promise<void>) | null = null
  afterEach(async () => {
    await close?.()
  })

  it('sends a change made here to every socket without reading the room, and skips its own notification', async () => {
    const t = setup()
    close = t.hub.close
    const a = fakeSocket()
    const b = fakeSocket()
    t.hub.join('ACK349', a.socket)
    t.hub.join('ACK349', b.socket)
    const row = { ...state(2), endedAt: null, nextDrawId: 'd2' } as unknown as RoomRow
    await t.hub.publish('ACK349', 2, { row, next: { drawId: 'd2', commitment: 'c' } })
    expect(t.published).toEqual([2])
    expect(a.sent).toHaveLength(1)
    expect(b.sent).toEqual(a.sent)
    expect(JSON.parse(a.sent[0] ?? '')).toMatchObject({ type: 'state', room: { version: 2 } })
    t.notify(2)
    await settle()
    expect(t.reads()).toBe(0)
  })

  it('reads the room once per notification from elsewhere, and once more for those heard during a read', async () => {
    const t = setup()
    close = t.hub.close
    const a = fakeSocket()
    t.hub.join('ACK349', a.socket)
    t.setVersion(3)
    t.notify(3)
    t.notify(4)
    t.notify(5)
    await settle()
    expect(t.reads()).toBe(1)
    t.release()
    await settle()
    // The two heard during the first read share one more read.
    expect(t.reads()).toBe(2)
    t.setVersion(5)
    t.release()
    await settle()
    expect(t.reads()).toBe(2)
    expect(a.sent.map((text) => JSON.parse(text).room.version)).toEqual([3, 5])
  })

  it('sends the room a notification carries without reading it, with this process’s viewer count', async () => {
    const t = setup()
    close = t.hub.close
    const a = fakeSocket()
    t.hub.join('ACK349', a.socket)
    t.notify(4, { ...state(4), viewers: 0 })
    await settle()
    expect(t.reads()).toBe(0)
    expect(a.sent.map((text) => JSON.parse(text).room)).toMatchObject([{ version: 4, viewers: 1 }])
    // Another room's state, or another version's, is not taken for this one: the room is read.
    t.notify(5, { ...state(4), version: 5, code: 'OTHER1' })
    await settle()
    expect(t.reads()).toBe(1)
  })

  it('writes a large room in slices, one turn of the event loop each, every socket getting the changes in order', async () => {
    const t = setup()
    close = t.hub.close
    const sockets = Array.from({ length: SEND_SLICE * 2 + 10 }, fakeSocket)
    for (const { socket } of sockets) t.hub.join('ACK349', socket)
    const known = (version: number) => ({
      row: { ...state(version), endedAt: null, nextDrawId: `d${version}` } as unknown as RoomRow,
      next: { drawId: `d${version}`, commitment: 'c' },
      announced: true,
    })
    await t.hub.publish('ACK349', 2, known(2))
    await t.hub.publish('ACK349', 3, known(3))
    // Announced with the change's commit: not published again.
    expect(t.published).toEqual([])
    expect(sockets.filter((s) => s.sent.length > 0)).toHaveLength(SEND_SLICE)
    // The rest one slice per turn of the event loop (counted in turns, not time: a timer can fire
    // between two turns on a busy machine): 770 messages left, so four more turns.
    const delivered = () => sockets.reduce((n, s) => n + s.sent.length, 0)
    let turns = 0
    while (delivered() < sockets.length * 2 && turns < 10) {
      const before = delivered()
      await new Promise((resolve) => setImmediate(resolve))
      turns += 1
      expect(delivered() - before).toBeLessThanOrEqual(SEND_SLICE)
    }
    expect(turns).toBe(Math.ceil((sockets.length * 2 - SEND_SLICE) / SEND_SLICE))
    for (const { sent } of sockets) expect(sent.map((text) => JSON.parse(text).room.version)).toEqual([2, 3])
  })
})
