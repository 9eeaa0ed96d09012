import type { ProfileEvents } from '../events/events'
import type { SessionRead } from '../http/guards'

/** Entries a process keeps at most; the oldest read goes first. */
const MAX_ENTRIES = 10_000
/** A safety net for a change that published nothing: an entry is read again after this long. */
const MAX_AGE_MS = 60_000

type Entry = { read: SessionRead; at: number }

export type SessionCache = {
  /** The session of a verified token, from this process's cache or else from `load`. */
  get(token: string, load: () => Promise<SessionRead | null>): Promise<SessionRead | null>
  /** Forgets every cached session of the user (the profile events call this). */
  invalidate(userId: string): void
  size(): number
}

/**
 * A per-process cache of sessions with their profiles, keyed by session token. Every change of a
 * user's sessions or profile (sign-out, password reset, plan or name change) is published on the
 * profile events, which reach every process through PostgreSQL's LISTEN/NOTIFY; a cached user's
 * entries are dropped the moment their event arrives, and all of them when the listening connection
 * was lost (the events then call every subscriber). A read that started before an invalidation is
 * not cached, so it cannot put back what the event removed. A session is kept until it expires, and
 * never longer than a minute.
 */
export function createSessionCache(
  events: Pick<ProfileEvents, 'subscribe' | 'subscribeAll'>,
  now: () => number = Date.now,
): SessionCache {
  const entries = new Map<string, Entry>()
  const tokensOf = new Map<string, { tokens: Set<string>; unsubscribe: () => void }>()
  /**
   * Counts changes heard of, of any user: a read during which one happened is not kept. Any user's,
   * because the user of a read is known only once it is done: a read of a session that another
   * process was deleting at that moment must not be kept, even by a process that caches nothing of
   * that user yet (it has no subscription of theirs to hear it by).
   */
  let epoch = 0
  events.subscribeAll(() => {
    epoch += 1
  })

  const forget = (token: string) => {
    const entry = entries.get(token)
    if (!entry) return
    entries.delete(token)
    const { userId } = entry.read
    const watched = tokensOf.get(userId)
    if (!watched) return
    watched.tokens.delete(token)
    if (watched.tokens.size === 0) {
      watched.unsubscribe()
      tokensOf.delete(userId)
    }
  }

  const invalidate = (userId: string) => {
    epoch += 1
    for (const token of [...(tokensOf.get(userId)?.tokens ?? [])]) forget(token)
  }

  const remember = (token: string, read: SessionRead) => {
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value
      if (oldest !== undefined) forget(oldest)
    }
    entries.set(token, { read, at: now() })
    let watched = tokensOf.get(read.userId)
    if (!watched) {
      watched = {
        tokens: new Set(),
        unsubscribe: events.subscribe(read.userId, () => invalidate(read.userId)),
      }
      tokensOf.set(read.userId, watched)
    }
    watched.tokens.add(token)
  }

  return {
    async get(token, load) {
      const cached = entries.get(token)
      const time = now()
      if (cached && time - cached.at < MAX_AGE_MS && (cached.read.expiresAt?.getTime() ?? 0) > time) {
        return cached.read
      }
      if (cached) forget(token)
      const started = epoch
      const read = await load()
      // Only found sessions are kept: an unknown token may be a session still being created.
      if (read && epoch === started) remember(token, read)
      return read
    },
    invalidate,
    size: () => entries.size,
  }
}
