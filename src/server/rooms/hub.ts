import type { WebSocket } from 'ws'
import type { RoomState, ServerMessage } from '../../core/rooms/protocol'
import type { ProfileEvents } from '../events/events'
import { roomState } from './repository'
import type { RoomService } from './service'
import type { KnownRoom } from './spin'

type Log = { warn(obj: object, msg: string): void }
/** One message on its way to the sockets the room had when it was sent; `after`, once sent to each. */
type Delivery = { sockets: WebSocket[]; bytes: Buffer; sent: number; after?: (socket: WebSocket) => void }
type Entry = {
  /** Messages being sent, oldest first (each socket gets them in order). */
  deliveries: Delivery[]
  sockets: Set<WebSocket>
  /** The newest version sent to this room's sockets. */
  version: number
  /** The room's connections on every process, as last read (null: not read yet). */
  viewers: number | null
  /** A read of the room under way; `again` asks for one more after it (a change came meanwhile). */
  reading: Promise<void> | null
  again: boolean
  unsubscribe: () => void
  flush: NodeJS.Timeout | null
}

/** How soon a change of this process's connections to a room is written and announced. */
export const VIEWER_FLUSH_MS = 200
/** How often this process refreshes its counts and pings its sockets (a dead one is closed). */
export const HEARTBEAT_MS = 20_000
/** Sockets written in one go; the next ones after the event loop's other work (one short task each). */
export const SEND_SLICE = 250

/**
 * This process's connections to rooms, and the fan-out (issue 35). A change is announced on the
 * rooms' channel with the room's code and version only (ids, not payloads: NOTIFY carries at most
 * 8 kB); each other process then reads the room once and sends the same bytes to all its sockets
 * of it, or, when the notification carries the room's state (a spin's, when small), sends that
 * without a read. The process that made the change already has the room: it sends it to its own
 * sockets at once, and skips its own notification (the version was sent). Revision 0 means
 * "the viewer count changed". After a lost listening connection every room is read again
 * (events.ts calls every subscriber), so a change made meanwhile is not missed.
 */
export function createRoomHub(options: {
  service: RoomService
  events: ProfileEvents
  processId: string
  log: Log
}) {
  const { service, events, processId, log } = options
  const rooms = new Map<string, Entry>()
  const alive = new WeakSet<WebSocket>()

  const send = (socket: WebSocket, data: string | Buffer) => {
    if (socket.readyState === socket.OPEN) socket.send(data, { binary: false })
  }
  /** Writes SEND_SLICE sockets' worth of the room's deliveries, and the rest in later tasks. */
  const pump = (entry: Entry) => {
    let budget = SEND_SLICE
    for (let delivery = entry.deliveries[0]; delivery && budget > 0; delivery = entry.deliveries[0]) {
      const end = Math.min(delivery.sockets.length, delivery.sent + budget)
      for (let i = delivery.sent; i < end; i++) {
        const socket = delivery.sockets[i] as WebSocket
        send(socket, delivery.bytes)
        delivery.after?.(socket)
      }
      budget -= end - delivery.sent
      delivery.sent = end
      if (end === delivery.sockets.length) entry.deliveries.shift()
    }
    if (entry.deliveries.length > 0) setImmediate(() => pump(entry))
  }
  /** Serialised and encoded once per room; every socket is sent the same bytes. */
  const broadcast = (entry: Entry, message: ServerMessage, after?: Delivery['after']) => {
    if (entry.sockets.size === 0) return
    const bytes = Buffer.from(JSON.stringify(message))
    entry.deliveries.push({ sockets: [...entry.sockets], bytes, sent: 0, after })
    // A pump is already due otherwise.
    if (entry.deliveries.length === 1) pump(entry)
  }
  const sendState = (entry: Entry, room: RoomState) => {
    entry.version = room.version
    entry.viewers = room.viewers
    const close = room.ended ? (socket: WebSocket) => socket.close(4410, 'The room has ended') : undefined
    broadcast(entry, { type: 'state', room, serverTime: Date.now() }, close)
  }
  /** The room's state a notification carried, if it is the announced version of this room. */
  const carried = (code: string, revision: number | undefined, data: unknown): RoomState | null => {
    if (typeof data !== 'object' || data === null) return null
    const room = data as RoomState
    return revision !== undefined && room.code === code && room.version === revision ? room : null
  }

  async function read(code: string, entry: Entry) {
    try {
      // The viewer count as last heard (a revision-0 notification refreshes it).
      const room = await service.state(code, entry.viewers ?? undefined)
      if (room.version <= entry.version && !room.ended) return
      sendState(entry, room)
    } catch (error) {
      log.warn({ err: { message: (error as Error).message }, room: code }, 'rooms: could not refresh a room')
    }
  }

  async function refresh(code: string, revision: number | undefined, data?: unknown) {
    const entry = rooms.get(code)
    if (!entry) return
    if (revision === 0) {
      try {
        entry.viewers = await service.repository.viewers(code)
        broadcast(entry, { type: 'viewers', viewers: entry.viewers })
      } catch (error) {
        log.warn({ err: { message: (error as Error).message }, room: code }, 'rooms: could not count viewers')
      }
      return
    }
    // This version was sent already (this process made the change): nothing to read.
    if (revision !== undefined && revision <= entry.version) return
    const room = carried(code, revision, data)
    if (room) return sendState(entry, { ...room, viewers: entry.viewers ?? entry.sockets.size })
    // One read at a time per room: notifications that arrive during a read share the next one.
    if (entry.reading) {
      entry.again = true
      return entry.reading
    }
    entry.reading = (async () => {
      do {
        entry.again = false
        await read(code, entry)
      } while (entry.again)
      entry.reading = null
    })()
    return entry.reading
  }

  const flushCount = (code: string, entry: Entry) => {
    if (entry.flush) return
    entry.flush = setTimeout(async () => {
      entry.flush = null
      try {
        await service.repository.setViewers(code, processId, entry.sockets.size)
        await events.publish(code, 0)
      } catch (error) {
        log.warn(
          { err: { message: (error as Error).message }, room: code },
          'rooms: viewer count not written',
        )
      }
      if (entry.sockets.size === 0 && rooms.get(code) === entry) {
        entry.unsubscribe()
        rooms.delete(code)
      }
    }, VIEWER_FLUSH_MS)
  }

  const heartbeat = setInterval(() => {
    for (const [code, entry] of rooms) {
      for (const socket of entry.sockets) {
        if (!alive.has(socket)) {
          socket.terminate()
          continue
        }
        alive.delete(socket)
        socket.ping()
      }
      void service.repository.setViewers(code, processId, entry.sockets.size).catch(() => {})
    }
  }, HEARTBEAT_MS)
  heartbeat.unref()

  return {
    /**
     * Announces a room's change to every process (unless `known.announced`: it went out with the
     * change's commit); this process's own screens are sent `known` at once when it is complete
     * (the next draw's commitment is known), without a read.
     */
    async publish(code: string, version: number, known?: KnownRoom): Promise<void> {
      const entry = rooms.get(code)
      if (entry && known && known.next !== undefined && known.row.version > entry.version)
        sendState(entry, roomState(known.row, known.next, entry.viewers ?? entry.sockets.size))
      if (!known?.announced) await events.publish(code, version)
    },

    /** The room's connections on every process, as last counted. */
    async viewers(code: string): Promise<number> {
      const local = rooms.get(code)?.sockets.size ?? 0
      return Math.max(local, await service.repository.viewers(code))
    },

    /** Adds a socket to the room's fan-out; it is removed when it closes. */
    join(code: string, socket: WebSocket): void {
      let entry = rooms.get(code)
      if (!entry) {
        const created: Entry = {
          deliveries: [],
          sockets: new Set(),
          version: 0,
          viewers: null,
          reading: null,
          again: false,
          unsubscribe: () => {},
          flush: null,
        }
        created.unsubscribe = events.subscribe(code, (revision, data) => void refresh(code, revision, data))
        rooms.set(code, created)
        entry = created
      }
      const joined = entry
      joined.sockets.add(socket)
      alive.add(socket)
      socket.on('pong', () => alive.add(socket))
      socket.on('close', () => {
        joined.sockets.delete(socket)
        flushCount(code, joined)
      })
      flushCount(code, joined)
    },

    sendTo(socket: WebSocket, message: ServerMessage): void {
      send(socket, JSON.stringify(message))
    },

    /** This process's connections, all rooms together (the bench reads it). */
    connections(): number {
      let n = 0
      for (const entry of rooms.values()) n += entry.sockets.size
      return n
    },

    async close(): Promise<void> {
      clearInterval(heartbeat)
      for (const [code, entry] of rooms) {
        if (entry.flush) clearTimeout(entry.flush)
        entry.unsubscribe()
        await service.repository.setViewers(code, processId, 0).catch(() => {})
      }
      rooms.clear()
    },
  }
}

export type RoomHub = ReturnType<typeof createRoomHub>
