import { lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { authRateLimits } from '../db/schema'
import { HttpError } from '../http/errors'

export type RateLimiter = {
  /** Counts one attempt under each key; throws a 429 HttpError when any key is over its limit. */
  check(keys: { key: string; max: number }[]): Promise<void>
  /** Deletes counters whose window ended long ago. */
  sweep(): Promise<void>
}

export function tooManyAttempts(retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
  return new HttpError(
    429,
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  )
}

/**
 * Fixed-window counters in the database, so the limits hold across every server process. One
 * atomic upsert per key: a window that has ended starts again at 1.
 */
export function createRateLimiter(db: Db, windowMs: number): RateLimiter {
  const interval = `${Math.round(windowMs)} milliseconds`
  return {
    async check(keys) {
      let retryAfterMs = 0
      for (const { key, max } of keys) {
        const result = await db.execute<{ count: number; reset_at: Date | string }>(sql`
          insert into ${authRateLimits} (key, count, reset_at)
          values (${key}, 1, now() + ${interval}::interval)
          on conflict (key) do update set
            count = case when ${authRateLimits.resetAt} <= now() then 1 else ${authRateLimits.count} + 1 end,
            reset_at = case when ${authRateLimits.resetAt} <= now()
              then now() + ${interval}::interval else ${authRateLimits.resetAt} end
          returning count, reset_at`)
        const row = (result as unknown as { rows: { count: number; reset_at: Date | string }[] }).rows[0]
        if (row && Number(row.count) > max) {
          retryAfterMs = Math.max(retryAfterMs, new Date(row.reset_at).getTime() - Date.now())
        }
      }
      if (retryAfterMs > 0) throw tooManyAttempts(retryAfterMs)
    },
    async sweep() {
      await db.delete(authRateLimits).where(lt(authRateLimits.resetAt, sql`now() - interval '1 day'`))
    },
  }
}
