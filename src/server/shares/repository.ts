import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import { hasPremiumPlan } from '../../core/plan/plan'
import { type ShareSummary, snapshotOf, VISITOR_LINK_DAYS } from '../../core/share/protocol'
import type { Wheel } from '../../core/wheel/model'
import { profiles } from '../db/auth-schema'
import type { Db } from '../db/client'
import { shares } from '../db/shares-schema'
import { newShareId } from './id'

type Row = typeof shares.$inferSelect

export type ShareRead =
  | {
      status: 'ok'
      id: string
      name: string
      itemCount: number
      createdAt: Date
      owned: boolean
      wheel: Wheel
      /** The owner is not premium now (or there is none): the page shows "Made with Whirl". */
      watermark: boolean
    }
  | { status: 'missing' }
  | { status: 'gone' }

const DAY_MS = 86_400_000

/** The columns a summary needs: the list never reads the (up to 1 MB) snapshots. */
const summaryColumns = {
  id: shares.id,
  name: shares.name,
  itemCount: shares.itemCount,
  createdAt: shares.createdAt,
  lastVisitedAt: shares.lastVisitedAt,
}

const summary = (row: Pick<Row, keyof typeof summaryColumns>): ShareSummary => ({
  id: row.id,
  name: row.name,
  itemCount: row.itemCount,
  createdAt: row.createdAt.toISOString(),
  lastVisitedAt: row.lastVisitedAt.toISOString(),
})

export type ShareRepository = ReturnType<typeof createShareRepository>

/** Share links in the database. `now` is the clock (tests move it forward). */
export function createShareRepository(db: Db, now: () => Date = () => new Date()) {
  const expiredBefore = () => new Date(now().getTime() - VISITOR_LINK_DAYS * DAY_MS)
  const tombstone = { deletedAt: sql`now()`, snapshot: null, name: '', dataBytes: 0 } as const

  return {
    /**
     * Stores a link of `dataBytes` (its snapshot's JSON size, which the owner's quota counts), in
     * `tx` when given (the quota's transaction).
     */
    async create(
      ownerId: string | null,
      wheel: Wheel,
      dataBytes: number,
      tx: Db = db,
    ): Promise<ShareSummary> {
      const snapshot = snapshotOf(wheel)
      const at = now()
      for (let attempt = 0; ; attempt++) {
        const rows = await tx
          .insert(shares)
          .values({
            id: newShareId(),
            ownerId,
            name: snapshot.name,
            itemCount: snapshot.items.length,
            snapshot,
            dataBytes,
            createdAt: at,
            lastVisitedAt: at,
          })
          .onConflictDoNothing()
          .returning()
        const row = rows[0]
        if (row) return summary(row)
        if (attempt > 3) throw new Error('could not find a free share id')
      }
    },

    /**
     * A link, counting a visit unless `countVisit` is false (the preview image); a visitor's link
     * unvisited for 30 days is expired here, even before the hourly purge has seen it.
     */
    async read(id: string, countVisit = true): Promise<ShareRead> {
      const [found] = await db
        .select({
          share: shares,
          planType: profiles.planType,
          subscriptionStatus: profiles.subscriptionStatus,
          subscriptionExpiresAt: profiles.subscriptionExpiresAt,
        })
        .from(shares)
        .leftJoin(profiles, eq(profiles.userId, shares.ownerId))
        .where(eq(shares.id, id))
      if (!found) return { status: 'missing' }
      const row = found.share
      if (row.deletedAt || !row.snapshot) return { status: 'gone' }
      if (row.ownerId === null && row.lastVisitedAt < expiredBefore()) {
        await db.update(shares).set(tombstone).where(eq(shares.id, id))
        return { status: 'gone' }
      }
      if (countVisit) await db.update(shares).set({ lastVisitedAt: now() }).where(eq(shares.id, id))
      const { planType, subscriptionStatus, subscriptionExpiresAt } = found
      const ownerPlan = planType
        ? { planType, subscriptionStatus: subscriptionStatus ?? '', subscriptionExpiresAt }
        : null
      return {
        status: 'ok',
        id: row.id,
        name: row.name,
        itemCount: row.itemCount,
        createdAt: row.createdAt,
        owned: row.ownerId !== null,
        wheel: row.snapshot as Wheel,
        watermark: !hasPremiumPlan(ownerPlan, now()),
      }
    },

    /** Whether a link is live, without reading its snapshot or counting a visit (the cached preview). */
    async status(id: string): Promise<'ok' | 'missing' | 'gone'> {
      const [row] = await db
        .select({ ownerId: shares.ownerId, deletedAt: shares.deletedAt, lastVisitedAt: shares.lastVisitedAt })
        .from(shares)
        .where(eq(shares.id, id))
      if (!row) return 'missing'
      if (row.deletedAt || (row.ownerId === null && row.lastVisitedAt < expiredBefore())) return 'gone'
      return 'ok'
    },

    /** The user's live links, newest first. */
    async list(ownerId: string): Promise<ShareSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(shares)
        .where(and(eq(shares.ownerId, ownerId), isNull(shares.deletedAt)))
        .orderBy(desc(shares.createdAt))
      return rows.map(summary)
    },

    /** Deletes one of the user's links: 'missing' when there is no such link, 'not-yours' for another's. */
    async remove(id: string, ownerId: string): Promise<'deleted' | 'missing' | 'not-yours'> {
      const [row] = await db
        .select({ ownerId: shares.ownerId, deletedAt: shares.deletedAt })
        .from(shares)
        .where(eq(shares.id, id))
      if (!row) return 'missing'
      if (row.ownerId !== ownerId) return 'not-yours'
      if (!row.deletedAt) await db.update(shares).set(tombstone).where(eq(shares.id, id))
      return 'deleted'
    },

    /** Expires visitors' links not visited for 30 days (their snapshot is removed); returns how many. */
    async purgeExpired(): Promise<number> {
      const rows = await db
        .update(shares)
        .set(tombstone)
        .where(
          and(isNull(shares.ownerId), isNull(shares.deletedAt), lt(shares.lastVisitedAt, expiredBefore())),
        )
        .returning({ id: shares.id })
      return rows.length
    },
  }
}
