import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import { readRoomCode } from '../../core/rooms/code'
import {
  type ClientMessage,
  clientMessageSchema,
  ROOM_MESSAGES,
  type ServerMessage,
} from '../../core/rooms/protocol'
import { HttpError } from '../http/errors'
import type { RoomHub } from './hub'
import type { Role, RoomLimits, RoomService } from './service'

/** Messages one connection may send per MESSAGE_WINDOW_MS; more are refused (429) and ignored. */
export const MESSAGES_PER_WINDOW = 60
const MESSAGE_WINDOW_MS = 10_000

/** Close codes: 4000 + the HTTP status the message would have had. */
const closeCode = (status: number) => 4000 + status

const errorOf = (error: unknown): { status: number; message: string } =>
  error instanceof HttpError
    ? { status: error.statusCode, message: error.message }
    : { status: 500, message: 'Something went wrong on our side. Please try again in a moment.' }

/**
 * Once upgraded, a connection needs nothing of the HTTP request that opened it, yet two references
 * would keep that request, its reply, their logger and the headers alive as long as the socket (a
 * quarter of an idle viewer's heap, measured): the upgrade's response stays the TCP socket's current
 * message, and @fastify/websocket's error listener closes over the request. Both are let go; an
 * error still ends the connection, as that listener did.
 */
export function releaseUpgrade(socket: WebSocket, request: FastifyRequest, log: FastifyBaseLogger): void {
  const tcp = request.raw.socket as (Socket & { _httpMessage?: ServerResponse | null }) | undefined
  if (tcp?._httpMessage) tcp._httpMessage.detachSocket(tcp)
  socket.removeAllListeners('error')
  socket.on('error', (error) => {
    log.warn({ err: { message: error.message } }, 'rooms: a live connection failed')
    socket.terminate()
  })
}

/**
 * GET /api/rooms/:code/live as a WebSocket: every connection hears the room's state and its
 * changes; a viewer may only ping (for its clock). The host (its token) or the remote (its secret)
 * says who it is with an `auth` message, then may change the room over the same socket.
 */
export function createLiveHandler(
  service: RoomService,
  hub: RoomHub,
  limits: RoomLimits,
  log: FastifyBaseLogger,
) {
  const can = (role: Role, message: ClientMessage) =>
    role === 'host' || (role === 'remote' && (message.type === 'spin' || message.type === 'remove-winner'))

  return async function live(socket: WebSocket, request: FastifyRequest): Promise<void> {
    const code = readRoomCode((request.params as { code?: string }).code)
    releaseUpgrade(socket, request, log)
    const tell = (message: ServerMessage) => hub.sendTo(socket, message)
    const refuse = (status: number, message: string) => {
      tell({ type: 'error', status, message })
      socket.close(closeCode(status), message.slice(0, 120))
    }
    // Messages that arrive while the room is being read wait for it.
    const early: RawData[] = []
    const onEarly = (data: RawData) => early.push(data)
    socket.on('message', onEarly)

    if (!code) return refuse(404, ROOM_MESSAGES.notFound)
    let role: Role = 'viewer'
    try {
      const room = await service.state(code)
      if (room.ended) return refuse(410, ROOM_MESSAGES.ended)
      if ((await hub.viewers(code)) >= limits.viewersPerRoom) return refuse(503, ROOM_MESSAGES.full)
      hub.join(code, socket)
      tell({ type: 'state', room, serverTime: Date.now() })
    } catch (error) {
      const { status, message } = errorOf(error)
      return refuse(status, message)
    }

    let windowStart = Date.now()
    let inWindow = 0
    const handle = async (data: RawData) => {
      const now = Date.now()
      if (now - windowStart > MESSAGE_WINDOW_MS) {
        windowStart = now
        inWindow = 0
      }
      if (++inWindow > MESSAGES_PER_WINDOW)
        return tell({ type: 'error', status: 429, message: ROOM_MESSAGES.tooManyMessages })
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength
      if (size > limits.messageBytes)
        return tell({ type: 'error', status: 413, message: ROOM_MESSAGES.tooLarge })
      let parsed: unknown
      try {
        parsed = JSON.parse(data.toString())
      } catch {
        return tell({ type: 'error', status: 400, message: ROOM_MESSAGES.invalid })
      }
      const checked = clientMessageSchema.safeParse(parsed)
      if (!checked.success) return tell({ type: 'error', status: 400, message: ROOM_MESSAGES.invalid })
      const message = checked.data
      if (message.type === 'ping')
        return tell({ type: 'pong', id: message.id, sentAt: message.sentAt, serverTime: Date.now() })
      try {
        if (message.type === 'auth') {
          role = await service.roleOf(code, message.token)
          if (role === 'viewer') return tell({ type: 'error', status: 403, message: ROOM_MESSAGES.badToken })
          return tell({ type: 'role', role })
        }
        if (!can(role, message)) return tell({ type: 'error', status: 403, message: ROOM_MESSAGES.hostOnly })
        if (message.type === 'wheel') await service.setWheel(code, message.wheel)
        else if (message.type === 'spin') await service.spin(code)
        else if (message.type === 'remove-winner') await service.removeWinner(code)
        else await service.end(code)
      } catch (error) {
        tell({ type: 'error', ...errorOf(error) })
      }
    }
    // One message at a time, in order.
    let queue = Promise.resolve()
    const enqueue = (data: RawData) => {
      queue = queue.then(() => handle(data))
    }
    socket.off('message', onEarly)
    for (const data of early) enqueue(data)
    socket.on('message', enqueue)
  }
}
