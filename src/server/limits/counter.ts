import { lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { authRateLimits } from '../db/schema'

export type Hit = { count: number; resetAt: Date }

/**
 * Counts one hit under `key` in a fixed window shared by every server process: one atomic upsert,
 * and a window that has ended starts again at 1. The row is the whole state, so a limit is never
 * looser with more processes.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const result = await db.execute<{ count: number; reset_at: Date | string }>(hitStatement(key, windowMs))
  const row = (result as unknown as { rows: { count: number; reset_at: Date | string }[] }).rows[0]
  if (!row) throw new Error('rate limit counter: no row returned')
  return { count: Number(row.count), resetAt: new Date(row.reset_at) }
}

/**
 * countHit's statement, returning `count` and `reset_at`, for a caller that puts it in a statement
 * of its own (a WITH clause); `when` counts the hit only if it holds (no row returned otherwise).
 */
export function hitStatement(key: string, windowMs: number, when: SQL = sql`true`): SQL {
  const interval = `${Math.max(1, Math.round(windowMs))} milliseconds`
  return sql`
    insert into ${authRateLimits} (key, count, reset_at)
    select ${key}::text, 1, now() + ${interval}::interval where ${when}
    on conflict (key) do update set
      count = case when ${authRateLimits.resetAt} <= now() then 1 else ${authRateLimits.count} + 1 end,
      reset_at = case when ${authRateLimits.resetAt} <= now()
        then now() + ${interval}::interval else ${authRateLimits.resetAt} end
    returning count, reset_at`
}

/** The hits counted under `key` in its current window (0 when none), without counting one. */
export async function readHits(db: Db, key: string): Promise<Hit> {
  const result = await db.execute<{ count: number; reset_at: Date | string }>(sql`
    select count, reset_at from ${authRateLimits} where key = ${key} and reset_at > now()`)
  const row = (result as unknown as { rows: { count: number; reset_at: Date | string }[] }).rows[0]
  return row
    ? { count: Number(row.count), resetAt: new Date(row.reset_at) }
    : { count: 0, resetAt: new Date() }
}

/** Deletes the counters of every window that has ended. */
export async function purgeExpiredWindows(db: Db): Promise<number> {
  const deleted = await db
    .delete(authRateLimits)
    .where(lt(authRateLimits.resetAt, sql`now()`))
    .returning({ key: authRateLimits.key })
  return deleted.length
}

/**
 * Adds `amount` under `key` in a fixed window when the window's total stays within `max`: true when
 * added, false (nothing added) when it would go past. One atomic upsert, like countHit.
 */
export async function addWithin(
  db: Db,
  key: string,
  amount: number,
  max: number,
  windowMs: number,
): Promise<boolean> {
  if (amount > max) return false
  const interval = `${Math.max(1, Math.round(windowMs))} milliseconds`
  const result = await db.execute<{ count: number }>(sql`
    insert into ${authRateLimits} (key, count, reset_at)
    values (${key}, ${amount}, now() + ${interval}::interval)
    on conflict (key) do update set
      count = case when ${authRateLimits.resetAt} <= now() then excluded.count
        else ${authRateLimits.count} + excluded.count end,
      reset_at = case when ${authRateLimits.resetAt} <= now() then excluded.reset_at
        else ${authRateLimits.resetAt} end
    where ${authRateLimits.resetAt} <= now() or ${authRateLimits.count} + excluded.count <= ${max}
    returning count`)
  return (result as unknown as { rows: unknown[] }).rows.length > 0
}
