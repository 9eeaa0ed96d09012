import { msg } from '../../core/i18n/message-id'
import { CLOCK_SAMPLES, type ClockSample, estimateOffset } from '../../core/rooms/clock'
import type {
  ClientMessage,
  CreatedRoom,
  RoomState,
  RoomWheel,
  ServerMessage,
} from '../../core/rooms/protocol'
import type { Schema } from '../../core/schema'
import { request } from './client'

/**
 * The room's answers are read by shape only (an object with the room's code, or the new secret):
 * the full zod schemas stay on the server, so the live pages do not pull the wheel's schema into
 * chunks of their own, which made /wheel's first visit load more files (decision 0047).
 */
const answerWith = <T>(key: string): Schema<T> => ({
  safeParse: (value: unknown) =>
    typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[key] === 'string'
      ? { success: true, data: value as T }
      : { success: false },
})
const createdRoomSchema = answerWith<CreatedRoom>('code')
const roomStateSchema = answerWith<RoomState>('code')
const remoteSecretSchema = answerWith<{ remoteSecret: string }>('remoteSecret')

const UNREADABLE = msg('Whirl sent an answer that could not be read. Please try again.')
const messages = { failure: UNREADABLE, unreadable: { empty: UNREADABLE, invalid: UNREADABLE } }
const path = (code: string, action: string) => `/api/rooms/${encodeURIComponent(code)}/${action}`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const withToken = (token: string) => (url: string, init: RequestInit) =>
  fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), ...bearer(token) } })

/** Live rooms' HTTP calls (issue 35). A failure is an ApiError with the server's message. */
export const roomsApi = {
  /** Opens a room; `permanent` (Premium) keeps it and its code however long it stays idle. */
  create: (wheel: RoomWheel, permanent = false): Promise<CreatedRoom> =>
    request('/api/rooms', {
      method: 'POST',
      body: permanent ? { wheel, permanent } : { wheel },
      schema: createdRoomSchema,
      ...messages,
    }),
  state: (code: string): Promise<RoomState> =>
    request(path(code, 'live'), { schema: roomStateSchema, ...messages }),
  /** A host call with its token (or the remote's secret): spin, remove-winner, end. */
  act: (code: string, action: 'spin' | 'remove-winner' | 'end', token: string): Promise<void> =>
    request(path(code, action), { method: 'POST', fetch: withToken(token), ...messages }),
  /** A new remote link (the old one stops working): the new secret. */
  newRemote: (code: string, hostToken: string): Promise<string> =>
    request(path(code, 'remote'), {
      method: 'POST',
      fetch: withToken(hostToken),
      schema: remoteSecretSchema,
      ...messages,
    }).then((answer) => answer.remoteSecret),
  /** Revokes the remote link: only the host can spin until a new one is made. */
  revokeRemote: (code: string, hostToken: string): Promise<void> =>
    request(path(code, 'remote'), { method: 'DELETE', fetch: withToken(hostToken), ...messages }),
}

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'ended'
export type LiveHandlers = {
  state(room: RoomState): void
  viewers(count: number): void
  status(status: LiveStatus): void
  error(message: string, status: number): void
}

/** How often a connected page measures its clock offset again. */
const CLOCK_EVERY_MS = 15_000

/**
 * A page's live connection to a room: reconnects with backoff (0.5 s doubling to 8 s) and, being
 * sent the whole state on every (re)connection, catches up without a reload. It estimates the
 * server clock NTP-style (core/rooms/clock.ts): `serverNow()` is what every screen renders from.
 */
export function connectLive(code: string, handlers: LiveHandlers, token?: string) {
  let socket: WebSocket | null = null
  let closed = false
  let failures = 0
  let version = -1
  let retry: number | undefined
  let clock: number | undefined
  let nextPing = 0
  const samples: ClockSample[] = []
  let offset = 0
  const pending = new Map<number, number>()

  const send = (message: ClientMessage) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message))
  }
  const ping = () => {
    const id = ++nextPing
    const sentAt = Date.now()
    pending.set(id, sentAt)
    send({ type: 'ping', id, sentAt })
  }
  const onMessage = (message: ServerMessage) => {
    if (message.type === 'pong') {
      pending.delete(message.id)
      samples.push({ sentAt: message.sentAt, serverTime: message.serverTime, receivedAt: Date.now() })
      if (samples.length > 20) samples.shift()
      offset = estimateOffset(samples)
    } else if (message.type === 'state') {
      if (samples.length === 0) offset = message.serverTime - Date.now()
      if (message.room.version < version && !message.room.ended) return
      version = message.room.version
      handlers.state(message.room)
      if (message.room.ended) handlers.status('ended')
    } else if (message.type === 'viewers') handlers.viewers(message.viewers)
    else if (message.type === 'error') handlers.error(message.message, message.status)
  }

  const open = () => {
    if (closed) return
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
    const next = new WebSocket(`${scheme}://${window.location.host}${path(code, 'live')}`)
    socket = next
    next.onopen = () => {
      failures = 0
      handlers.status('live')
      if (token) send({ type: 'auth', token })
      for (let i = 0; i < CLOCK_SAMPLES; i++) window.setTimeout(ping, i * 150)
      window.clearInterval(clock)
      clock = window.setInterval(ping, CLOCK_EVERY_MS)
    }
    next.onmessage = (event) => {
      try {
        onMessage(JSON.parse(String(event.data)) as ServerMessage)
      } catch {
        // A message that cannot be read is ignored; the next state replaces everything.
      }
    }
    next.onclose = (event) => {
      window.clearInterval(clock)
      if (socket !== next || closed) return
      // 4404 / 4410: no such room, or it ended; 4503: full (try again later, slowly).
      if (event.code === 4404 || event.code === 4410) {
        handlers.status('ended')
        return
      }
      handlers.status('reconnecting')
      const delay = Math.min(8_000, 500 * 2 ** failures) * (event.code === 4503 ? 4 : 1)
      failures += 1
      retry = window.setTimeout(open, delay)
    }
  }
  handlers.status('connecting')
  open()

  return {
    /** The server's clock, as this page estimates it (epoch ms). */
    serverNow: () => Date.now() + offset,
    send,
    close() {
      closed = true
      window.clearTimeout(retry)
      window.clearInterval(clock)
      socket?.close()
    },
  }
}

export type LiveConnection = ReturnType<typeof connectLive>
