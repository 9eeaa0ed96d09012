import type { WebSocket } from 'ws'
import type { ServerMessage } from '../../core/rooms/protocol'
import type { ProfileEvents } from '../events/events'
import type { RoomService } from './service'

type Log = { warn(obj: object, msg: string): void }
type Entry = {
  sockets: Set<WebSocket>
  /** The newest version sent to this room's sockets. */
  version: number
  unsubscribe: () => void
  flush: NodeJS.Timeout | null
}

/** How soon a change of this process's connections to a room is written and announced. */
export const VIEWER_FLUSH_MS = 200
/** How often this process refreshes its counts and pings its sockets (a dead one is closed). */
export const HEARTBEAT_MS = 20_000

/**
 * This process's connections to rooms, and the fan-out (issue 35). A change is announced on the
 * rooms' channel with the room's code and version only (ids, not payloads: NOTIFY carries at most
 * 8 kB); each process then reads the room once and sends the same text to all its sockets of it.
 * Revision 0 means "the viewer count changed". After a lost listening connection every room is
 * read again (events.ts calls every subscriber), so a change made meanwhile is not missed.
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

  const send = (socket: WebSocket, text: string) => {
    if (socket.readyState === socket.OPEN) socket.send(text)
  }
  const broadcast = (entry: Entry, message: ServerMessage) => {
    const text = JSON.stringify(message)
    for (const socket of entry.sockets) send(socket, text)
  }

  async function refresh(code: string, revision: number | undefined) {
    const entry = rooms.get(code)
    if (!entry) return
    try {
      if (revision === 0) {
        broadcast(entry, { type: 'viewers', viewers: await service.repository.viewers(code) })
        return
      }
      const room = await service.state(code)
      if (room.version <= entry.version && !room.ended) return
      entry.version = room.version
      broadcast(entry, { type: 'state', room, serverTime: Date.now() })
      if (room.ended) for (const socket of entry.sockets) socket.close(4410, 'The room has ended')
    } catch (error) {
      log.warn({ err: { message: (error as Error).message }, room: code }, 'rooms: could not refresh a room')
    }
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
    /** The room's connections on every process, as last counted. */
    async viewers(code: string): Promise<number> {
      const local = rooms.get(code)?.sockets.size ?? 0
      return Math.max(local, await service.repository.viewers(code))
    },

    /** Adds a socket to the room's fan-out; it is removed when it closes. */
    join(code: string, socket: WebSocket): void {
      let entry = rooms.get(code)
      if (!entry) {
        const created: Entry = { sockets: new Set(), version: 0, unsubscribe: () => {}, flush: null }
        created.unsubscribe = events.subscribe(code, (revision) => void refresh(code, revision))
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
