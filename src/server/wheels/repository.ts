import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { MAX_SAVED_WHEELS } from '../../core/plan/definition'
import {
  CONFLICT_SUFFIX,
  PULL_PAGE_BYTES,
  type ServerWheel,
  SYNC_MESSAGES,
  type SyncChange,
} from '../../core/sync/protocol'
import { MAX_WHEEL_NAME, type Wheel } from '../../core/wheel/model'
import type { Db } from '../db/client'
import { wheels } from '../db/schema'
import { sqlStateOf } from '../db/sql-state'
import { HttpError } from '../http/errors'
import { type AccountQuota, createAccountQuota } from '../quota/account-quota'

/** A changed row as raw SQL gives it (both drivers give timestamps as Date or string); null in a row of nulls. */
type PulledRow = {
  id: string | null
  data: unknown
  updated_at: Date | string
  deleted_at: Date | string | null
  revision: number | string
  /** A push's row holding the wheel its request's change of this index sent (left out of the answer). */
  from_change?: number | null
}

const pulledWheel = (row: PulledRow): ServerWheel => ({
  id: row.id as string,
  wheel: row.deleted_at || typeof row.from_change === 'number' ? null : (row.data as Wheel),
  updatedAt: new Date(row.updated_at).toISOString(),
  revision: Number(row.revision),
  ...(typeof row.from_change === 'number' ? { sent: row.from_change } : {}),
})

/** The changed rows of a statement that answers a single row of nulls when nothing changed. */
const pulledWheels = (rows: PulledRow[]) => rows.filter((r) => r.id !== null).map(pulledWheel)

/**
 * A pulled row with its wheel as the JSON text PostgreSQL wrote (null when it was deleted): a page
 * of megabytes is passed on as it is rather than parsed and written out again (pull-answer.ts).
 */
export type PulledText = { id: string; json: string | null; updatedAt: string; revision: number }

export type WheelRepository = ReturnType<typeof createWheelRepository>

export type WheelRepositoryOptions = {
  /** The wheel bytes a pull's page holds at most (default PULL_PAGE_BYTES). */
  pageBytes?: number
  /**
   * A shorter limit for a pull's statement than the pool's STATEMENT_TIMEOUT_MS (db/client.ts), on
   * PostgreSQL. Unset, a pull is one statement under the pool's limit; set, it costs a transaction
   * (three more round trips), so only tests set it. PGlite has no statement timer.
   */
  pullTimeoutMs?: number
}

/** Asked to come back later (503 with Retry-After): the database could not answer in time. */
export class RetryLater extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'RetryLater'
  }
}

/**
 * The database refused to wait longer: a statement timeout (57014), a lock timeout (55P03), or no
 * pooled connection free within the pool's connection timeout (pg-pool's own error, no SQLSTATE).
 */
function isBusy(error: unknown): boolean {
  const state = sqlStateOf(error)
  if (state === '57014' || state === '55P03') return true
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes('timeout exceeded when trying to connect')) return true
  }
  return false
}

/** How long a sync waits for another sync of the same user (its statement's limit: db/client.ts). */
export const SYNC_LOCK_TIMEOUT_MS = 5_000
/** Tombstones are kept this long, so that other devices learn of the delete. */
export const TOMBSTONE_DAYS = 30

const UNSTORABLE = { status: 400, message: SYNC_MESSAGES.unstorable }

/**
 * The push function's refusals (drizzle/0014_sync_push_function.sql; WH413, the full quota, is
 * answered apart). Postgres refusing to wait longer (lock_timeout 55P03, statement_timeout 57014) is
 * answered as busy: the sync is tried again.
 */
const PUSH_REFUSALS: Record<string, { status: number; message: string }> = {
  WH400: { status: 400, message: SYNC_MESSAGES.cursorAhead },
  WH409: { status: 409, message: SYNC_MESSAGES.tooMany },
  '55P03': { status: 503, message: SYNC_MESSAGES.busy },
  '57014': { status: 503, message: SYNC_MESSAGES.busy },
}

/**
 * The cloud copy of a user's saved wheels. Every query names the user: a wheel id of another user
 * is simply another row. A user's writes run one at a time (an advisory lock per user), so the
 * per-user change number (`revision`) only ever grows and a cursor never skips a change.
 */
export function createWheelRepository(
  db: Db,
  quota: AccountQuota = createAccountQuota(db),
  options: WheelRepositoryOptions = {},
) {
  const { quotaBytes } = quota
  const { pageBytes = PULL_PAGE_BYTES, pullTimeoutMs } = options
  /**
   * A pull's page, one statement (one round trip, one pool checkout): the user's highest revision
   * beside the page of rows after the cursor, or a single row of nulls when nothing changed. The
   * page is chosen on the stored sizes (`data_bytes`) without reading the wheels; only its rows'
   * wheels are read, as JSON text. Revisions are unique per user, so a page ends between two.
   */
  const pullPage = (q: Db) =>
    q
      .select({
        top: sql<number | string>`top`,
        id: sql<string | null>`id`,
        json: sql<string | null>`json`,
        updated_at: sql<Date | string>`updated_at`,
        deleted_at: sql<Date | string | null>`deleted_at`,
        revision: sql<number | string>`revision`,
      })
      .from(
        sql`(select t.top, w.id, w.data::text as json, w.updated_at, w.deleted_at, w.revision
          from (select coalesce(max(revision), 0)::int as top from wheels
                where user_id = ${sql.placeholder('userId')}::text) t
          left join lateral (
            select p.id from (
              select id, row_number() over upto as n, sum(data_bytes) over upto as run
              from wheels
              where user_id = ${sql.placeholder('userId')}::text and revision > ${sql.placeholder('since')}::int
              window upto as (order by revision rows unbounded preceding)
              order by revision limit ${sql.placeholder('limit')}::int
            ) p where p.n = 1 or p.run <= ${pageBytes}::bigint
          ) p on true
          left join wheels w on w.user_id = ${sql.placeholder('userId')}::text and w.id = p.id) pulled`,
      )
      .orderBy(sql`revision`)
  // Prepared once and named, so each connection parses and plans them once.
  const pullStatement = pullPage(db).prepare('whirl_sync_pull')
  const pushStatement = db
    .select({
      o_cursor: sql<number | string>`o_cursor`,
      o_conflicts: sql<{ id: string; copyId: string }[] | null>`o_conflicts`,
      id: sql<string | null>`id`,
      data: sql<unknown>`data`,
      updated_at: sql<Date | string>`updated_at`,
      deleted_at: sql<Date | string | null>`deleted_at`,
      revision: sql<number | string>`revision`,
      from_change: sql<number | null>`from_change`,
    })
    .from(
      sql`sync_push_wheels(${sql.placeholder('userId')}::text, ${sql.placeholder('since')}::int,
        ${sql.placeholder('changes')}::jsonb, ${MAX_SAVED_WHEELS}::int, ${quotaBytes}::bigint,
        ${MAX_WHEEL_NAME - CONFLICT_SUFFIX.length}::int, ${CONFLICT_SUFFIX}::text,
        ${String(SYNC_LOCK_TIMEOUT_MS)}::text, ${sql.placeholder('omitSent')}::boolean)`,
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
     * One page of the rows changed after `since` (at most `limit` rows and `pageBytes` of wheels,
     * but always at least one row), with the cursor to ask from next and whether more follow. A
     * cursor the account never gave out is refused. The database refusing to wait longer (its
     * statement timeout, a full pool) is a RetryLater.
     */
    async pull(userId: string, since: number, limit: number) {
      try {
        return await runPull(userId, since, limit)
      } catch (error) {
        if (isBusy(error)) throw new RetryLater(SYNC_MESSAGES.serverBusy, { cause: error })
        throw error
      }
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

    /**
     * Applies a batch of changes all or nothing, then answers every row changed after `since`;
     * with `omitSent`, a row holding a wheel exactly as this batch sent it comes without it (`sent`:
     * the change's index), as the client already has it.
     */
    async push(userId: string, since: number, changes: readonly SyncChange[], omitSent = false) {
      try {
        return await runPush(userId, since, changes, omitSent)
      } catch (error) {
        const state = sqlStateOf(error)
        // The account's quota (every store, drizzle/0017_account_quota.sql): the answer names its figures.
        if (state === 'WH413') throw await quota.fullError(userId)
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

  async function runPush(userId: string, since: number, changes: readonly SyncChange[], omitSent: boolean) {
    for (const change of changes) {
      if (change.wheel && change.wheel.id !== change.id) throw new HttpError(400, SYNC_MESSAGES.idMismatch)
    }
    // One statement, its own transaction (drizzle/0014_sync_push_function.sql, as 0015 replaced it):
    // the lock under lock_timeout, the reads, the writes, the limits and the answer. Every statement
    // of the pool runs under statement_timeout (db/client.ts).
    const rows = await pushStatement.execute({ userId, since, changes: JSON.stringify(changes), omitSent })
    const first = rows[0]
    return {
      wheels: pulledWheels(rows),
      cursor: Number(first?.o_cursor ?? since),
      conflicts: first?.o_conflicts ?? [],
    }
  }

  async function runPull(userId: string, since: number, limit: number) {
    const values = { userId, since, limit }
    const rows =
      pullTimeoutMs === undefined
        ? await pullStatement.execute(values)
        : await db.transaction(async (tx) => {
            await tx.execute(sql`select set_config('statement_timeout', ${String(pullTimeoutMs)}, true)`)
            return pullPage(tx).prepare('whirl_sync_pull').execute(values)
          })
    const top = Number(rows[0]?.top ?? 0)
    if (since > top) throw new HttpError(400, SYNC_MESSAGES.cursorAhead)
    const page: PulledText[] = []
    for (const row of rows) {
      if (row.id === null) continue
      page.push({
        id: row.id,
        json: row.deleted_at ? null : row.json,
        updatedAt: new Date(row.updated_at).toISOString(),
        revision: Number(row.revision),
      })
    }
    const last = page[page.length - 1]?.revision ?? top
    // Every row has a revision up to `top`: rows follow this page exactly when it ends below it.
    const more = last < top
    return { wheels: page, cursor: more ? last : top, more }
  }
}
