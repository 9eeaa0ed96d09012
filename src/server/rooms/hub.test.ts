import { afterEach, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import type { RoomState } from '../../core/rooms/protocol'
import type { ProfileEvents } from '../events/events'
import { createRoomHub } from './hub'
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
  const listeners: ((revision?: number) => void)[] = []
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
    subscribe: (_code: string, listener: (revision?: number) => void) => {
      listeners.push(listener)
      return () => {}
    },
  } as unknown as ProfileEvents
  const hub = createRoomHub({ service, events, processId: 'p', log: { warn: () => {} } })
  const notify = (revision: number) => {
    for (const listener of listeners) listener(revision)
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
})
