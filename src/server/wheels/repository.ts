import { randomBytes } from 'node:crypto'
import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { MAX_SAVED_WHEELS } from '../../core/storage/persisted-state'
import {
  CLOUD_QUOTA_BYTES,
  CONFLICT_SUFFIX,
  type ServerWheel,
  SYNC_MESSAGES,
  type SyncChange,
} from '../../core/sync/protocol'
import { MAX_WHEEL_NAME, type Wheel } from '../../core/wheel/model'
import type { Db } from '../db/client'
import { wheels } from '../db/schema'
import { HttpError } from '../http/errors'

type Row = typeof wheels.$inferSelect

/** The losing side of a conflict, kept as a new wheel so that nothing is lost. */
function conflictCopy(wheel: Wheel): Wheel {
  const id = `${(wheel.id ?? 'w').slice(0, 48)}-c${randomBytes(4).toString('hex')}`
  return {
    ...wheel,
    id,
    name: `${wheel.name.slice(0, MAX_WHEEL_NAME - CONFLICT_SUFFIX.length)}${CONFLICT_SUFFIX}`,
  }
}

/** A changed row as raw SQL gives it (both drivers give timestamps as Date or string); null in a row of nulls. */
type PulledRow = {
  id: string | null
  data: unknown
  updated_at: Date | string
  deleted_at: Date | string | null
  revision: number | string
}

const pulledWheel = (row: PulledRow): ServerWheel => ({
  id: row.id as string,
  wheel: row.deleted_at ? null : (row.data as Wheel),
  updatedAt: new Date(row.updated_at).toISOString(),
  revision: Number(row.revision),
})

/** The changed rows of a statement that answers a single row of nulls when nothing changed. */
const pulledWheels = (rows: PulledRow[]) => rows.filter((r) => r.id !== null).map(pulledWheel)

export type WheelRepository = ReturnType<typeof createWheelRepository>

/** How long a sync waits for another sync of the same user, and how long any of its statements may run. */
export const SYNC_LOCK_TIMEOUT_MS = 5_000
export const SYNC_STATEMENT_TIMEOUT_MS = 10_000
/** Tombstones are kept this long, so that other devices learn of the delete. */
export const TOMBSTONE_DAYS = 30

/** Postgres refused to wait longer (lock_timeout, statement_timeout): the sync is tried again later. */
function isTimeout(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (code === '55P03' || code === '57014') return true
  }
  return false
}

/**
 * The cloud copy of a user's saved wheels. Every query names the user: a wheel id of another user
 * is simply another row. A user's writes run one at a time (an advisory lock per user), so the
 * per-user change number (`revision`) only ever grows and a cursor never skips a change.
 */
export function createWheelRepository(db: Db, quotaBytes = CLOUD_QUOTA_BYTES) {
  const topRevision = async (tx: Db, userId: string) => {
    const [top] = await tx
      .select({ max: sql<number>`coalesce(max(${wheels.revision}), 0)::int` })
      .from(wheels)
      .where(eq(wheels.userId, userId))
    return top?.max ?? 0
  }

  return {
    /**
     * The user's live saved wheels at a glance (name, item count, when they last changed and when
     * the server last wrote them), newest first, without their items.
     */
    async list(userId: string) {
      const rows = await db
        .select({
          id: wheels.id,
          name: wheels.name,
          itemCount: wheels.itemCount,
          updatedAt: wheels.updatedAt,
          syncedAt: wheels.syncedAt,
        })
        .from(wheels)
        .where(and(eq(wheels.userId, userId), isNull(wheels.deletedAt)))
        .orderBy(desc(wheels.updatedAt))
      return rows.map((row) => ({
        ...row,
        updatedAt: row.updatedAt.toISOString(),
        syncedAt: row.syncedAt.toISOString(),
      }))
    },
    /**
     * One page of the rows changed after `since` (at most `limit`), with the cursor to ask from next
     * and whether more follow. A cursor the account never gave out is refused.
     */
    async pull(userId: string, since: number, limit: number) {
      // One statement (one round trip, one pool checkout): the user's highest revision beside the
      // page of rows after the cursor, or a single row of nulls when nothing changed.
      const result = await db.execute(sql`
        select t.top, w.id, w.data, w.updated_at, w.deleted_at, w.revision
        from (select coalesce(max(${wheels.revision}), 0)::int as top from ${wheels}
              where ${wheels.userId} = ${userId}) t
        left join lateral (
          select id, data, updated_at, deleted_at, revision from ${wheels}
          where ${wheels.userId} = ${userId} and ${wheels.revision} > ${since}
          order by ${wheels.revision} limit ${limit + 1}
        ) w on true`)
      const rows = (result as unknown as { rows: (PulledRow & { top: number | string })[] }).rows
      const top = Number(rows[0]?.top ?? 0)
      if (since > top) throw new HttpError(400, SYNC_MESSAGES.cursorAhead)
      const list = pulledWheels(rows)
      const more = list.length > limit
      const page = more ? list.slice(0, limit) : list
      const cursor = more ? (page[page.length - 1]?.revision ?? since) : top
      return { wheels: page, cursor, more }
    },

    /** Purges tombstones older than TOMBSTONE_DAYS (each user's newest row stays: it holds the cursor). */
    async purgeTombstones(now = new Date()) {
      const cutoff = new Date(now.getTime() - TOMBSTONE_DAYS * 86_400_000)
      const purged = await db
        .delete(wheels)
        .where(
          and(
            isNotNull(wheels.deletedAt),
            lt(wheels.deletedAt, cutoff),
            sql`${wheels.revision} < (select max(w2.revision) from ${wheels} w2 where w2.user_id = ${wheels.userId})`,
          ),
        )
        .returning({ id: wheels.id })
      return purged.length
    },

    /** Applies a batch of changes all or nothing, then answers every row changed after `since`. */
    async push(userId: string, since: number, changes: readonly SyncChange[]) {
      try {
        return await pushLocked(userId, since, changes)
      } catch (error) {
        if (isTimeout(error)) throw new HttpError(503, SYNC_MESSAGES.busy)
        throw error
      }
    },
  }

  function pushLocked(userId: string, since: number, changes: readonly SyncChange[]) {
    return db.transaction(async (tx) => {
      // One round trip: both timeouts are set (in the subquery, which runs first), then the lock is
      // taken under lock_timeout. What follows reads in later statements, after the lock.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`wheels:${userId}`})) from (select set_config('lock_timeout', ${String(SYNC_LOCK_TIMEOUT_MS)}, true), set_config('statement_timeout', ${String(SYNC_STATEMENT_TIMEOUT_MS)}, true)) timeouts`,
      )
      // The rows the batch names, with the user's highest revision beside each, in one statement
      // (after the lock, so it sees every committed push); kept up to date below, so a batch that
      // names a wheel twice sees its own first change. A batch of new wheels only asks for the top.
      const known = new Map<string, Row>()
      const ids = [...new Set(changes.map((c) => c.id))]
      const found =
        ids.length === 0
          ? []
          : await tx
              .select({
                ...getTableColumns(wheels),
                top: sql<number>`(select coalesce(max(w2.revision), 0)::int from ${wheels} w2 where w2.user_id = ${userId})`,
              })
              .from(wheels)
              .where(and(eq(wheels.userId, userId), inArray(wheels.id, ids)))
      for (const { top: _top, ...row } of found) known.set(row.id, row)
      const top = found[0] ? Number(found[0].top) : await topRevision(tx as unknown as Db, userId)
      if (since > top) throw new HttpError(400, SYNC_MESSAGES.cursorAhead)
      let revision = top
      const conflicts: { id: string; copyId: string }[] = []

      const write = async (wheel: Wheel, existing: Row | undefined) => {
        revision += 1
        const values = {
          name: wheel.name,
          data: wheel,
          itemCount: wheel.items.length,
          createdAt: new Date(wheel.createdAt as string),
          updatedAt: new Date(wheel.updatedAt as string),
          deletedAt: null,
          revision,
          syncedAt: new Date(),
        }
        if (existing) {
          await tx
            .update(wheels)
            .set(values)
            .where(and(eq(wheels.userId, userId), eq(wheels.id, existing.id)))
        } else {
          await tx.insert(wheels).values({ userId, id: wheel.id as string, ...values })
        }
        known.set(wheel.id as string, { userId, id: wheel.id as string, ...values })
      }

      for (const change of changes) {
        if (change.wheel && change.wheel.id !== change.id) throw new HttpError(400, SYNC_MESSAGES.idMismatch)
        const row = known.get(change.id)
        const serverTime = row?.updatedAt.toISOString()
        if (change.wheel === null) {
          // A delete of the version the client saw; a wheel changed elsewhere since then stays.
          if (row && !row.deletedAt && serverTime === change.base) {
            revision += 1
            // The wheel's data goes at once; the tombstone keeps only its id and times.
            const tombstone = {
              deletedAt: new Date(),
              revision,
              syncedAt: new Date(),
              data: {},
              name: '',
              itemCount: 0,
            }
            await tx
              .update(wheels)
              .set(tombstone)
              .where(and(eq(wheels.userId, userId), eq(wheels.id, row.id)))
            known.set(row.id, { ...row, ...tombstone })
          }
          continue
        }
        const incoming = change.wheel
        if (!row || row.deletedAt || serverTime === change.base) {
          await write(incoming, row)
          continue
        }
        if (serverTime === incoming.updatedAt) continue
        // Both sides changed the wheel: the newer updatedAt keeps the id, the other is a copy.
        const server = row.data as Wheel
        const incomingNewer = Date.parse(incoming.updatedAt as string) > row.updatedAt.getTime()
        const loser = conflictCopy(incomingNewer ? server : incoming)
        if (incomingNewer) await write(incoming, row)
        await write(loser, undefined)
        conflicts.push({ id: change.id, copyId: loser.id as string })
      }

      // One statement (one round trip): the live wheels' count and size beside every row changed
      // after `since`, or a single row of nulls beside the count when nothing changed.
      const result = await tx.execute(sql`
        select t.count, t.bytes, w.id, w.data, w.updated_at, w.deleted_at, w.revision
        from (select count(*)::int as count,
                     coalesce(sum(octet_length(${wheels.data}::text)), 0)::bigint as bytes
              from ${wheels} where ${wheels.userId} = ${userId} and ${wheels.deletedAt} is null) t
        left join lateral (
          select id, data, updated_at, deleted_at, revision from ${wheels}
          where ${wheels.userId} = ${userId} and ${wheels.revision} > ${since}
          order by ${wheels.revision}
        ) w on true`)
      const rows = (
        result as unknown as { rows: (PulledRow & { count: number | string; bytes: number | string })[] }
      ).rows
      if (Number(rows[0]?.count ?? 0) > MAX_SAVED_WHEELS) throw new HttpError(409, SYNC_MESSAGES.tooMany)
      if (Number(rows[0]?.bytes ?? 0) > quotaBytes) throw new HttpError(413, SYNC_MESSAGES.quotaFull)
      const changed = pulledWheels(rows)
      return { wheels: changed, cursor: revision, conflicts }
    })
  }
}
