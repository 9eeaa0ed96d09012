import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { msg } from '../../core/i18n/message-id'
import { HttpError } from '../http/errors'
import { answers, noQuery } from '../http/openapi'
import { clientKey } from '../limits/client-address'
import { createStreamLeases, STREAM_CAPS } from '../limits/stream-leases'

export type ProfileStreamOptions = {
  heartbeatMs?: number
  /** Open streams allowed per user and per client address, counted across every process. */
  caps?: { perUser: number; perClient: number }
}

export const TOO_MANY_STREAMS = msg(
  'Too many live connections are open. Close some Whirl tabs or windows and try again.',
)

/**
 * GET /api/profile/stream: Server-Sent Events. `profile` with the current profile at once and after
 * every change (from this process or, through the profile events, any other); `signed-out` when
 * the session has ended (sign-out elsewhere, password reset), after which the stream closes. A
 * comment every heartbeat keeps proxies from closing an idle stream and re-checks the session.
 */
export function registerProfileStream(
  app: FastifyInstance,
  { heartbeatMs = 25_000, caps = STREAM_CAPS }: ProfileStreamOptions,
): void {
  const { accounts } = app
  const leases = createStreamLeases(app.database.db, caps)
  // A lease outlives two missed heartbeats: a process that dies stops counting soon after.
  const leaseMs = heartbeatMs * 2 + 5_000
  const open = new Set<() => void>()
  app.addHook('preClose', async () => {
    for (const close of [...open]) close()
  })

  const schema = {
    querystring: noQuery,
    response: answers({
      200: z
        .string()
        .meta({ description: 'An event stream (text/event-stream) of the profile as it changes.' }),
    }),
  }
  app.get('/api/profile/stream', { schema }, async (request, reply) => {
    const user = await accounts.requireUser(request)
    const lease = await leases.acquire(user.userId, clientKey(request.ip), leaseMs)
    if (!lease) throw new HttpError(429, TOO_MANY_STREAMS)
    reply.hijack()
    const res = reply.raw
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    res.write('retry: 3000\n\n')

    let closed = false
    let last = ''
    const send = (event: string, data: unknown) => {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    }
    const close = () => {
      if (closed) return
      closed = true
      clearInterval(heartbeat)
      unsubscribe()
      open.delete(close)
      void leases.release(lease).catch(() => {})
      res.end()
    }
    const signedOut = () => {
      send('signed-out', {})
      close()
    }

    // Reloads run one after another, so events leave in the order the changes were made.
    let chain = Promise.resolve()
    const reload = () => {
      chain = chain
        .then(async () => {
          if (closed) return
          // The session is checked with every reload: a password reset ends it and tells the
          // user's streams, which then sign out at once rather than at the next heartbeat.
          const current = await accounts.readSession(request)
          if (!current || current.sessionId !== user.sessionId) return signedOut()
          const profile = current.profile ?? (await accounts.profiles.get(user.userId))
          if (!profile) return signedOut()
          const text = JSON.stringify(profile)
          if (text === last) return
          last = text
          send('profile', profile)
        })
        .catch((error: Error) =>
          request.log.warn({ err: { message: error.message } }, 'profile stream reload failed'),
        )
    }

    const unsubscribe = accounts.events.subscribe(user.userId, reload)
    const heartbeat = setInterval(() => {
      if (closed) return
      res.write(': keep-alive\n\n')
      void leases.renew(lease, leaseMs).catch(() => {})
      accounts.readSession(request).then(
        (current) => {
          if (!current || current.sessionId !== user.sessionId) signedOut()
        },
        () => {},
      )
    }, heartbeatMs)
    heartbeat.unref()
    open.add(close)
    res.on('close', close)
    reload()
  })
}
