import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import { countHit } from '../limits/counter'

/** The attempts also counted per email address (sign-up and reset mails): their counters' keys. */
export const EMAIL_LIMITED_ACTIONS = ['sign-up', 'reset'] as const
export type EmailLimitedAction = (typeof EMAIL_LIMITED_ACTIONS)[number]

/** The counter of one action for one (normalised) email address. */
export const emailLimitKey = (action: EmailLimitedAction, email: string) => `${action}:email:${email}`

/** Every email counter of an address: exactly these keys, no pattern another address could match. */
export const emailLimitKeys = (email: string) => EMAIL_LIMITED_ACTIONS.map((a) => emailLimitKey(a, email))

export type RateLimiter = {
  /** Counts one attempt under each key; throws a 429 HttpError when any key is over its limit. */
  check(keys: { key: string; max: number }[]): Promise<void>
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
  return {
    async check(keys) {
      let retryAfterMs = 0
      for (const { key, max } of keys) {
        const hit = await countHit(db, key, windowMs)
        if (hit.count > max) retryAfterMs = Math.max(retryAfterMs, hit.resetAt.getTime() - Date.now())
      }
      if (retryAfterMs > 0) throw tooManyAttempts(retryAfterMs)
    },
  }
}
