import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
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
import { sqlStateOf } from '../db/sql-state'
import { HttpError } from '../http/errors'

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

/** How long a sync waits for another sync of the same user (its statement's limit: db/client.ts). */
export const SYNC_LOCK_TIMEOUT_MS = 5_000
/** Tombstones are kept this long, so that other devices learn of the delete. */
export const TOMBSTONE_DAYS = 30

const UNSTORABLE = { status: 400, message: SYNC_MESSAGES.unstorable }

/**
 * The push function's refusals (drizzle/0014_sync_push_function.sql). Postgres refusing to wait
 * longer (lock_timeout 55P03, statement_timeout 57014) is answered as busy: the sync is tried again.
 */
const PUSH_REFUSALS: Record<string, { status: number; message: string }> = {
  WH400: { status: 400, message: SYNC_MESSAGES.cursorAhead },
  WH409: { status: 409, message: SYNC_MESSAGES.tooMany },
  WH413: { status: 413, message: SYNC_MESSAGES.quotaFull },
  '55P03': { status: 503, message: SYNC_MESSAGES.busy },
  '57014': { status: 503, message: SYNC_MESSAGES.busy },
}

/**
 * The cloud copy of a user's saved wheels. Every query names the user: a wheel id of another user
 * is simply another row. A user's writes run one at a time (an advisory lock per user), so the
 * per-user change number (`revision`) only ever grows and a cursor never skips a change.
 */
export function createWheelRepository(db: Db, quotaBytes = CLOUD_QUOTA_BYTES) {
  // Prepared once and named, so each connection parses and plans the call once.
  const pushStatement = db
    .select({
      o_cursor: sql<number | string>`o_cursor`,
      o_conflicts: sql<{ id: string; copyId: string }[] | null>`o_conflicts`,
      id: sql<string | null>`id`,
      data: sql<unknown>`data`,
      updated_at: sql<Date | string>`updated_at`,
      deleted_at: sql<Date | string | null>`deleted_at`,
      revision: sql<number | string>`revision`,
    })
    .from(
      sql`sync_push_wheels(${sql.placeholder('userId')}::text, ${sql.placeholder('since')}::int,
        ${sql.placeholder('changes')}::jsonb, ${MAX_SAVED_WHEELS}::int, ${quotaBytes}::bigint,
        ${MAX_WHEEL_NAME - CONFLICT_SUFFIX.length}::int, ${CONFLICT_SUFFIX}::text,
        ${String(SYNC_LOCK_TIMEOUT_MS)}::text)`,
    )
    .prepare('whirl_sync_push')

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
        return await runPush(userId, since, changes)
      } catch (error) {
        const state = sqlStateOf(error)
        // A data exception (class 22): a value the checks let through that PostgreSQL cannot hold,
        // such as the year 0 in a timestamp.
        const refusal = state
          ? (PUSH_REFUSALS[state] ?? (state.startsWith('22') ? UNSTORABLE : undefined))
          : undefined
        if (refusal) throw new HttpError(refusal.status, refusal.message)
        throw error
      }
    },
  }

  async function runPush(userId: string, since: number, changes: readonly SyncChange[]) {
    for (const change of changes) {
      if (change.wheel && change.wheel.id !== change.id) throw new HttpError(400, SYNC_MESSAGES.idMismatch)
    }
    // One statement, its own transaction (drizzle/0014_sync_push_function.sql, as 0015 replaced it):
    // the lock under lock_timeout, the reads, the writes, the limits and the answer. Every statement
    // of the pool runs under statement_timeout (db/client.ts).
    const rows = await pushStatement.execute({ userId, since, changes: JSON.stringify(changes) })
    const first = rows[0]
    return {
      wheels: pulledWheels(rows),
      cursor: Number(first?.o_cursor ?? since),
      conflicts: first?.o_conflicts ?? [],
    }
  }
}
