import type { FastifyInstance } from 'fastify'
import WebSocket from 'ws'
import type { RoomWheel, ServerMessage } from '../../core/rooms/protocol'

/** A wheel of `n` items for tests and benches. */
export function testWheel(n = 4, mode: RoomWheel['mode'] = 'normal', spinDuration = 1000): RoomWheel {
  const colors = ['#ef4444', '#3b82f6', '#22c55e', '#eab308']
  return {
    name: 'Live test',
    mode,
    spinDuration,
    items: Array.from({ length: n }, (_, i) => ({
      id: `item${i}`,
      text: `Item ${i + 1}`,
      color: colors[i % colors.length] as string,
    })),
  }
}

/** The base address (http://127.0.0.1:port) of a listening app. */
export function baseOf(app: FastifyInstance): string {
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the app is not listening')
  return `http://127.0.0.1:${address.port}`
}

export type RoomClient = {
  socket: WebSocket
  messages: ServerMessage[]
  /** The first message (from `from` on) that `match` accepts; rejects after `timeoutMs`. */
  next<T extends ServerMessage>(
    match: (m: ServerMessage) => m is T,
    timeoutMs?: number,
    from?: number,
  ): Promise<T>
  /** Resolves with the close code. */
  closed: Promise<number>
  send(message: unknown): void
  close(): void
}

/** A real WebSocket client of a room, as a page or a headless viewer is. */
export function connectRoom(base: string, code: string): Promise<RoomClient> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/rooms/${code}/live`)
  const messages: ServerMessage[] = []
  const waiting = new Set<() => void>()
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as ServerMessage)
    for (const wake of [...waiting]) wake()
  })
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  const client: RoomClient = {
    socket,
    messages,
    closed,
    next(match, timeoutMs = 5_000, from = 0) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = messages.slice(from).find(match)
          if (!found) return false
          waiting.delete(look)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiting.delete(look)
          reject(
            new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages).slice(-500)}`),
          )
        }, timeoutMs)
        if (!look()) waiting.add(look)
      })
    },
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    close: () => socket.close(),
  }
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client))
    socket.once('error', reject)
  })
}

export const isState = (m: ServerMessage): m is Extract<ServerMessage, { type: 'state' }> =>
  m.type === 'state'
export const isError = (m: ServerMessage): m is Extract<ServerMessage, { type: 'error' }> =>
  m.type === 'error'
export const isViewers = (m: ServerMessage): m is Extract<ServerMessage, { type: 'viewers' }> =>
  m.type === 'viewers'
