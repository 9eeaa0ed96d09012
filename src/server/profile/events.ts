import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from '../db/client'

/**
 * "This user's profile changed": published after a change is committed, delivered to every
 * subscriber of that user in every server process. Subscribers reload the profile themselves, so a
 * notification carries only the user id.
 */
export type ProfileEvents = {
  publish(userId: string): Promise<void>
  /**
   * Calls `listener` after each change of the user's profile, and also when changes may have been
   * missed (the listening connection was lost and is back). Returns the unsubscribe function.
   */
  subscribe(userId: string, listener: () => void): () => void
  /** Calls `listener` after a change of any user's profile (and after missed changes). */
  subscribeAll(listener: () => void): () => void
  start(): Promise<void>
  close(): Promise<void>
}

type Log = {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

function createRegistry() {
  const listeners = new Map<string, Set<() => void>>()
  const everyone = new Set<() => void>()
  const call = (fn: () => void) => {
    try {
      fn()
    } catch {
      // One broken subscriber must not stop the others.
    }
  }
  return {
    subscribe(userId: string, listener: () => void) {
      let set = listeners.get(userId)
      if (!set) {
        set = new Set()
        listeners.set(userId, set)
      }
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(userId)
      }
    },
    subscribeAll(listener: () => void) {
      everyone.add(listener)
      return () => {
        everyone.delete(listener)
      }
    },
    dispatch(userId: string) {
      for (const listener of [...everyone]) call(listener)
      for (const listener of [...(listeners.get(userId) ?? [])]) call(listener)
    },
    dispatchAll() {
      for (const listener of [...everyone]) call(listener)
      for (const set of [...listeners.values()]) for (const listener of [...set]) call(listener)
    },
  }
}

/** One process (PGlite): changes are delivered in-process. */
export function createInProcessProfileEvents(): ProfileEvents {
  const registry = createRegistry()
  return {
    async publish(userId) {
      queueMicrotask(() => registry.dispatch(userId))
    },
    subscribe: registry.subscribe,
    subscribeAll: registry.subscribeAll,
    start: async () => {},
    close: async () => {},
  }
}

export const PROFILE_CHANNEL = 'whirl_profile_changed'

/**
 * PostgreSQL: NOTIFY on publish, and one dedicated connection per process that LISTENs and fans
 * out. The channel is shared by every schema of the database, so the payload names the schema and
 * other schemas' notifications are ignored. A lost connection is re-opened with backoff; after a
 * reconnect every subscriber reloads, because notifications sent meanwhile were not received.
 */
export function createPgProfileEvents(options: {
  db: Db
  pgOptions: pg.ClientConfig
  schema?: string
  log: Log
  maxBackoffMs?: number
}): ProfileEvents {
  const { db, log } = options
  const schema = options.schema ?? ''
  const registry = createRegistry()
  const maxBackoffMs = options.maxBackoffMs ?? 10_000
  let client: pg.Client | null = null
  let closed = false
  let started = false
  let failures = 0
  let timer: NodeJS.Timeout | null = null

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== PROFILE_CHANNEL || !message.payload) return
    try {
      const { s, u } = JSON.parse(message.payload) as { s?: unknown; u?: unknown }
      if (s === schema && typeof u === 'string') registry.dispatch(u)
    } catch {
      log.warn({ payload: message.payload }, 'profile events: unreadable notification ignored')
    }
  }

  const scheduleReconnect = () => {
    if (closed || timer) return
    const delay = Math.min(maxBackoffMs, 100 * 2 ** Math.min(failures, 10))
    failures += 1
    timer = setTimeout(() => {
      timer = null
      void connect(true)
    }, delay)
    timer.unref()
  }

  async function connect(resync: boolean): Promise<void> {
    if (closed) return
    const next = new pg.Client({
      ...options.pgOptions,
      keepAlive: true,
      application_name: `whirl-listen:${schema || 'public'}`.slice(0, 63),
    })
    next.on('notification', onNotification)
    next.on('error', (error) => {
      log.warn({ err: { message: error.message } }, 'profile events: listening connection failed')
    })
    next.on('end', () => {
      if (client === next) client = null
      scheduleReconnect()
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${PROFILE_CHANNEL}`)
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'profile events: could not listen; retrying')
      await next.end().catch(() => {})
      scheduleReconnect()
      return
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    client = next
    failures = 0
    if (resync) {
      log.info({}, 'profile events: listening again; subscribers reload')
      registry.dispatchAll()
    }
  }

  return {
    async publish(userId) {
      const payload = JSON.stringify({ s: schema, u: userId })
      await db.execute(sql`select pg_notify(${PROFILE_CHANNEL}, ${payload})`)
    },
    subscribe: registry.subscribe,
    subscribeAll: registry.subscribeAll,
    async start() {
      if (started) return
      started = true
      await connect(false)
    },
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      const current = client
      client = null
      await current?.end().catch(() => {})
    },
  }
}
