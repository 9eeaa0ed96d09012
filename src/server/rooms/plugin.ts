import { randomUUID } from 'node:crypto'
import websocket from '@fastify/websocket'
import fp from 'fastify-plugin'
import { cryptoRandomSource } from '../../core/random/random'
import { ROOM_LIMITS } from '../../core/rooms/protocol'
import { changeEvents } from '../events/events'
import { registerPeriodicJob } from '../jobs/runner'
import { createRoomHub, type RoomHub } from './hub'
import { registerRoomRoutes } from './routes'
import { createRoomService, type RoomLimits } from './service'

export type RoomsOptions = {
  /** The rooms' limits (tests make them small). */
  limits?: Partial<RoomLimits>
  /** How often idle rooms are closed (ms; every 10 minutes by default). */
  sweepEveryMs?: number
}

/** The channel of the rooms' changes: the payload is a room's code and version, never its content. */
export const ROOMS_CHANNEL = 'whirl_rooms'

declare module 'fastify' {
  interface FastifyInstance {
    /** Live rooms' connections in this process (the bench and the tests read it). */
    rooms: RoomHub
  }
}

/**
 * Live spin rooms (issue 35): one wheel on every screen, spun by its host, the same winner
 * everywhere at the same moment. WebSocket through @fastify/websocket (decision 0047); the fan-out
 * across processes goes through PostgreSQL's LISTEN/NOTIFY, in-process on PGlite.
 */
export const roomsPlugin = fp(
  async (app, options: RoomsOptions = {}) => {
    const limits: RoomLimits = { ...ROOM_LIMITS, ...options.limits }
    // A client's message over the limit gets a clear answer; far over it, the socket is closed (1009).
    await app.register(websocket, { options: { maxPayload: limits.messageBytes * 2 } })
    const events = changeEvents(app, app.database, ROOMS_CHANNEL)
    const source = cryptoRandomSource((array) => globalThis.crypto.getRandomValues(array))
    // The hub reads rooms through the service, and the service announces changes through the hub.
    let hub: RoomHub | null = null
    const service = createRoomService({
      db: app.database.db,
      source,
      limits,
      publish: (code, version, known) =>
        hub ? hub.publish(code, version, known) : events.publish(code, version),
      announcement: (code, version, state) => events.announcement(code, version, state),
    })
    hub = createRoomHub({ service, events, processId: randomUUID(), log: app.log })
    app.decorate('rooms', hub)
    app.addHook('preClose', async () => hub.close())
    registerRoomRoutes(app, service, hub, limits)
    registerPeriodicJob(app, app.database.db, {
      name: 'room-sweep',
      everyMs: options.sweepEveryMs ?? 600_000,
      run: async () => {
        await service.sweep()
      },
    })
  },
  {
    name: 'whirl-rooms',
    dependencies: [
      'whirl-errors',
      'whirl-openapi',
      'whirl-rate-limits',
      'whirl-config',
      'whirl-database',
      'whirl-accounts',
    ],
  },
)
