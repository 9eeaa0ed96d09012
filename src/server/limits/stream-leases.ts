import { randomUUID } from 'node:crypto'
import { and, count, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { openStreams } from '../db/schema'

/** Open profile streams allowed at once, per user and per client address, across all processes. */
export const STREAM_CAPS = { perUser: 8, perClient: 32 }

/**
 * Leases for open profile streams, in the database every process shares, so the caps hold for the
 * cluster. A lease lasts `ttlMs` unless renewed (each heartbeat renews it), so the streams of a
 * process that died stop counting soon after.
 */
export function createStreamLeases(db: Db, caps = STREAM_CAPS) {
  return {
    /** A lease id, or null when the user or the address is at its cap. */
    async acquire(userId: string, client: string, ttlMs: number): Promise<string | null> {
      const ttl = `${Math.round(ttlMs)} milliseconds`
      return db.transaction(async (tx) => {
        // Opens are serialised cluster-wide (they are rare), so two at once cannot both pass the cap.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('whirl:open_streams'))`)
        const live = gt(openStreams.expiresAt, sql`now()`)
        const [byUser] = await tx
          .select({ n: count() })
          .from(openStreams)
          .where(and(eq(openStreams.userId, userId), live))
        if ((byUser?.n ?? 0) >= caps.perUser) return null
        const [byClient] = await tx
          .select({ n: count() })
          .from(openStreams)
          .where(and(eq(openStreams.client, client), live))
        if ((byClient?.n ?? 0) >= caps.perClient) return null
        const id = randomUUID()
        await tx.insert(openStreams).values({ id, userId, client, expiresAt: sql`now() + ${ttl}::interval` })
        return id
      })
    },

    async renew(id: string, ttlMs: number): Promise<void> {
      const ttl = `${Math.round(ttlMs)} milliseconds`
      await db
        .update(openStreams)
        .set({ expiresAt: sql`now() + ${ttl}::interval` })
        .where(eq(openStreams.id, id))
    },

    async release(id: string): Promise<void> {
      await db.delete(openStreams).where(eq(openStreams.id, id))
    },

    async purgeExpired(): Promise<number> {
      const deleted = await db
        .delete(openStreams)
        .where(lt(openStreams.expiresAt, sql`now()`))
        .returning({ id: openStreams.id })
      return deleted.length
    },
  }
}

export type StreamLeases = ReturnType<typeof createStreamLeases>
