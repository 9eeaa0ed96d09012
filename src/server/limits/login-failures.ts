import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loginFailures } from '../db/schema'

export type LoginFailureRules = {
  /** Failures one address may make for one email within the window. */
  perPair: number
  /** Failures from all addresses together past which only addresses without failures may try. */
  perEmail: number
  windowMs: number
}

export const LOGIN_FAILURE_RULES: LoginFailureRules = { perPair: 5, perEmail: 50, windowMs: 15 * 60 * 1000 }

const since = (windowMs: number) => sql`now() - ${`${Math.round(windowMs)} milliseconds`}::interval`

/**
 * Failed sign-ins counted per (email, client address), so that strangers cannot lock the owner out:
 * an address is refused after its own `perPair` failures for the email, and once the email has
 * `perEmail` failures in all, every address that has failed for it is refused too; an address
 * with no failure for the email may still try. Only failures are written: a refused attempt or a
 * successful sign-in adds no row.
 */
export function createLoginFailures(db: Db, rules: LoginFailureRules = LOGIN_FAILURE_RULES) {
  return {
    /** True when this address may try to sign in to this email now. */
    async allowed(email: string, client: string): Promise<boolean> {
      const recent = gt(loginFailures.lastFailedAt, since(rules.windowMs))
      const [pair] = await db
        .select({ count: loginFailures.count })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), eq(loginFailures.client, client), recent))
      const own = pair?.count ?? 0
      if (own >= rules.perPair) return false
      if (own === 0) return true
      const [total] = await db
        .select({ count: sql<number>`coalesce(sum(${loginFailures.count}), 0)` })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), recent))
      return Number(total?.count ?? 0) < rules.perEmail
    },

    async recordFailure(email: string, client: string): Promise<void> {
      await db.execute(sql`
        insert into ${loginFailures} (email, client, count, last_failed_at)
        values (${email}, ${client}, 1, now())
        on conflict (email, client) do update set
          count = case when ${loginFailures.lastFailedAt} <= ${since(rules.windowMs)} then 1
            else ${loginFailures.count} + 1 end,
          last_failed_at = now()`)
    },

    /** A successful sign-in forgets that address's failures for the email. */
    async clear(email: string, client: string): Promise<void> {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.email, email), eq(loginFailures.client, client)))
    },

    async purgeOld(): Promise<number> {
      const deleted = await db
        .delete(loginFailures)
        .where(lt(loginFailures.lastFailedAt, since(rules.windowMs)))
        .returning({ email: loginFailures.email })
      return deleted.length
    },
  }
}

export type LoginFailures = ReturnType<typeof createLoginFailures>
