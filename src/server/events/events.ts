import { type SQL, sql } from 'drizzle-orm'
import pg from 'pg'
import type { Database, Db } from '../db/client'

/**
 * "This user's profile changed" (or, on another channel, "this user's saved wheels changed"):
 * published after a change is committed, delivered to every subscriber of that user in every
 * server process. Subscribers reload what changed themselves, so a notification carries only the
 * user id, and at most one number (the wheels' new sync cursor).
 */
export type ProfileEvents = {
  /**
   * `revision`: a number the change carries to its listeners (the wheels' new sync cursor).
   * `data`: what the change is, for listeners that can use it instead of a read; left out when
   * the payload would pass MAX_EVENT_PAYLOAD_BYTES (the listeners then read).
   */
  publish(userId: string, revision?: number, data?: unknown): Promise<void>
  /**
   * The same notification as a piece of SQL (`pg_notify(…)`) for the writer to put in the very
   * statement that commits the change: it goes out at that commit, with no round trip of its own
   * and no moment when the change is stored but not announced. Null in-process (call publish).
   */
  announcement(userId: string, revision?: number, data?: unknown): SQL | null
  /**
   * Calls `listener` after each change of the user's profile, and also when changes may have been
   * missed (the listening connection was lost and is back). Returns the unsubscribe function.
   */
  subscribe(userId: string, listener: Listener): () => void
  /** Calls `listener` after a change of any user's profile (and after missed changes). */
  subscribeAll(listener: () => void): () => void
  start(): Promise<void>
  close(): Promise<void>
}

/** A listener's arguments: both absent after changes may have been missed. */
type Listener = (revision?: number, data?: unknown) => void

/** A notification carries its data only when its whole payload stays this short (PostgreSQL allows 8,000 bytes). */
export const MAX_EVENT_PAYLOAD_BYTES = 7_000

type Log = {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

function createRegistry() {
  const listeners = new Map<string, Set<Listener>>()
  const everyone = new Set<() => void>()
  const call = (fn: Listener, revision?: number, data?: unknown) => {
    try {
      fn(revision, data)
    } catch {
      // One broken subscriber must not stop the others.
    }
  }
  return {
    subscribe(userId: string, listener: Listener) {
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
    dispatch(userId: string, revision?: number, data?: unknown) {
      for (const listener of [...everyone]) call(listener)
      for (const listener of [...(listeners.get(userId) ?? [])]) call(listener, revision, data)
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
    async publish(userId, revision, data) {
      queueMicrotask(() => registry.dispatch(userId, revision, data))
    },
    announcement: () => null,
    subscribe: registry.subscribe,
    subscribeAll: registry.subscribeAll,
    start: async () => {},
    close: async () => {},
  }
}

export const PROFILE_CHANNEL = 'whirl_profile_changed'
/** At most this many notifications go in one statement (each payload is well under 200 bytes). */
export const PUBLISH_BATCH = 100

/** The schema a PostgreSQL connection works in (tests use one per run), from its search_path. */
export function schemaOf(database: Database): string | undefined {
  const options = database.pgOptions?.options
  return typeof options === 'string' ? /search_path=([a-z_][a-z0-9_]*)/.exec(options)?.[1] : undefined
}

/**
 * Per-user change events on `channel` for the database at hand: across processes through
 * PostgreSQL, in-process on PGlite. Started when the app is ready, closed with it.
 */
export function changeEvents(
  app: { log: Log; addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown },
  database: Database,
  channel: string,
): ProfileEvents {
  const events =
    database.kind === 'postgres' && database.pgOptions
      ? createPgProfileEvents({
          db: database.db,
          pgOptions: database.pgOptions,
          schema: schemaOf(database),
          log: app.log,
          channel,
        })
      : createInProcessProfileEvents()
  app.addHook('onReady', async () => events.start())
  app.addHook('onClose', async () => events.close())
  return events
}

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
  /** Another kind of per-user change (for example the wheels'); default: the profile's. */
  channel?: string
}): ProfileEvents {
  const { db, log } = options
  const channel = options.channel ?? PROFILE_CHANNEL
  const schema = options.schema ?? ''
  const registry = createRegistry()
  const maxBackoffMs = options.maxBackoffMs ?? 10_000
  let client: pg.Client | null = null
  let closed = false
  let started = false
  let failures = 0
  let timer: NodeJS.Timeout | null = null

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== channel || !message.payload) return
    try {
      const { s, u, r, d } = JSON.parse(message.payload) as {
        s?: unknown
        u?: unknown
        r?: unknown
        d?: unknown
      }
      if (s === schema && typeof u === 'string')
        registry.dispatch(u, Number.isSafeInteger(r) ? (r as number) : undefined, d)
    } catch {
      log.warn({ payload: message.payload }, `${channel}: unreadable notification ignored`)
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
      // The profile's listener keeps the plain name (operators and tests look for it); others add their channel.
      application_name:
        `whirl-listen${channel === PROFILE_CHANNEL ? '' : `-${channel}`}:${schema || 'public'}`.slice(0, 63),
    })
    next.on('notification', onNotification)
    next.on('error', (error) => {
      log.warn({ err: { message: error.message } }, `${channel}: listening connection failed`)
    })
    next.on('end', () => {
      if (client === next) client = null
      scheduleReconnect()
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${channel}`)
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, `${channel}: could not listen; retrying`)
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
      log.info({}, `${channel}: listening again; subscribers reload`)
      registry.dispatchAll()
    }
  }

  // Each NOTIFY is a transaction with a commit of its own. Publishes made while one is being sent
  // wait for it and then go together, in one statement (in order, so a user's events stay in
  // order): under load one commit carries many of them, and a lone publish goes at once. That
  // commit does not wait for the disk (synchronous_commit off for it alone): it changes no data,
  // its notifications are sent at commit either way, and a crash loses the queue anyway (the
  // listeners then reconnect and everyone reloads). A wait for the disk is a flush of the
  // write-ahead log, which costs CPU on this kind of machine (decision 0023).
  type Waiting = { payload: string; resolve: () => void; reject: (error: unknown) => void }
  let waiting: Waiting[] = []
  let sending = false
  async function send() {
    sending = true
    while (waiting.length > 0) {
      const batch = waiting.slice(0, PUBLISH_BATCH)
      waiting = waiting.slice(batch.length)
      try {
        const calls = sql.join(
          batch.map((one) => sql`pg_notify(${channel}, ${one.payload})`),
          sql`, `,
        )
        await db.execute(sql`select set_config('synchronous_commit', 'off', true), ${calls}`)
        for (const one of batch) one.resolve()
      } catch (error) {
        for (const one of batch) one.reject(error)
      }
    }
    sending = false
  }

  const payloadOf = (userId: string, revision?: number, data?: unknown) => {
    const bare = { s: schema, u: userId, ...(revision === undefined ? {} : { r: revision }) }
    if (data === undefined) return JSON.stringify(bare)
    const full = JSON.stringify({ ...bare, d: data })
    return Buffer.byteLength(full) <= MAX_EVENT_PAYLOAD_BYTES ? full : JSON.stringify(bare)
  }

  return {
    announcement: (userId, revision, data) =>
      sql`pg_notify(${channel}, ${payloadOf(userId, revision, data)})`,
    publish(userId, revision, data) {
      const payload = payloadOf(userId, revision, data)
      return new Promise<void>((resolve, reject) => {
        waiting.push({ payload, resolve, reject })
        if (!sending) void send()
      })
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
