import type { ProfileEvents } from '../events/events'

/** Users a process keeps at most; the oldest watched goes first. */
const MAX_ENTRIES = 10_000
/** A safety net for a push whose event was lost: a user's cursor is read again after this long. */
const MAX_AGE_MS = 10_000

/** A watched user: their cursor when known, and how often their events were lost (a reset). */
type Entry = { top?: number; at: number; resets: number; unsubscribe: () => void }

export type CursorCache = {
  /** The user's highest revision, when this process knows it. */
  get(userId: string): number | undefined
  /**
   * Starts hearing the user's pushes before one of theirs begins here, so that none committed
   * after it can be missed (call `pushed` when it has committed).
   */
  watch(userId: string): void
  /** Reads with `read`, whose result tells the user's highest revision (`topOf`, undefined: it does not), and keeps it. */
  track<T>(userId: string, read: () => Promise<T>, topOf: (result: T) => number | undefined): Promise<T>
  /** A push of the user committed here, leaving their highest revision at `top`. */
  pushed(userId: string, top: number): void
}

/**
 * Each user's sync cursor (the highest revision of their saved wheels), per process, so that a
 * device asking "anything after my cursor?" when nothing changed is answered without the database:
 * the common case of sync, which every signed-in tab asks on a timer.
 *
 * Every push publishes the user's new highest revision, which reaches every process
 * (LISTEN/NOTIFY on PostgreSQL). A user's pushes run one at a time and their revisions only grow,
 * so NOTIFY, delivered in commit order, brings each process the cursor in order; a process takes
 * the highest it has heard of or read. When the listening connection was lost, every cursor is
 * forgotten, and a read that was under way then is not kept. A change that another process
 * committed a moment ago may be answered "nothing new" until its event arrives (milliseconds):
 * the next ask finds it, as if this one had come a moment sooner. A cursor ahead of the known one
 * always goes to the database.
 */
export function createCursorCache(
  events: Pick<ProfileEvents, 'subscribe'>,
  now: () => number = Date.now,
): CursorCache {
  const entries = new Map<string, Entry>()

  const raise = (entry: Entry, top: number) => {
    entry.top = entry.top === undefined ? top : Math.max(entry.top, top)
    entry.at = now()
  }
  const watch = (userId: string): Entry => {
    const known = entries.get(userId)
    if (known) return known
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value
      if (oldest !== undefined) {
        entries.get(oldest)?.unsubscribe()
        entries.delete(oldest)
      }
    }
    const entry: Entry = { at: 0, resets: 0, unsubscribe: () => {} }
    entry.unsubscribe = events.subscribe(userId, (revision) => {
      if (revision === undefined) {
        // Changes may have been missed: only the database knows the cursor now.
        entry.resets += 1
        entry.top = undefined
      } else raise(entry, revision)
    })
    entries.set(userId, entry)
    return entry
  }

  return {
    get(userId) {
      const entry = entries.get(userId)
      if (entry?.top === undefined) return undefined
      if (now() - entry.at < MAX_AGE_MS) return entry.top
      entry.top = undefined
      return undefined
    },
    watch(userId) {
      watch(userId)
    },
    async track(userId, read, topOf) {
      const entry = watch(userId)
      const started = entry.resets
      const result = await read()
      const top = topOf(result)
      if (top !== undefined && entry.resets === started && entries.get(userId) === entry) raise(entry, top)
      return result
    },
    pushed(userId, top) {
      const entry = entries.get(userId)
      if (entry) raise(entry, top)
    },
  }
}
