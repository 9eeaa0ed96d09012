import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { msg } from '../../core/i18n/message-id'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import { clientKey } from './client-address'
import { countHit, readHits } from './counter'

/**
 * Rate limits, one mechanism: every attempt is one hit on a fixed-window counter in the database
 * every process shares (counter.ts), and every refusal is the same 429 answer. Two ways in:
 * - a route's `config: { rateLimit: { max, timeWindow } }`, counted per client address by
 *   @fastify/rate-limit on the database store below (rateLimitsPlugin, once in app.ts);
 * - `createRateLimiter(db, windowMs).check(keys)` for limits a handler keys itself (per user, per
 *   email address, per share link).
 */

/** The one refusal text, in the units the route limiter counts its wait in. */
const WAIT_MESSAGES = {
  second: msg(
    'Too many attempts. Please wait {count, plural, one {# second} other {# seconds}} and try again.',
  ),
  minute: msg(
    'Too many attempts. Please wait {count, plural, one {# minute} other {# minutes}} and try again.',
  ),
  hour: msg('Too many attempts. Please wait {count, plural, one {# hour} other {# hours}} and try again.'),
  day: msg('Too many attempts. Please wait {count, plural, one {# day} other {# days}} and try again.'),
} as const

export type WaitUnit = keyof typeof WAIT_MESSAGES

/** A wait as the route limiter writes it ("15 minutes", "1 second"): its count and unit. */
export function parseWait(wait: string): { count: number; unit: WaitUnit } | null {
  const [, count, unit] = /^(\d+) (second|minute|hour|day)s?$/.exec(wait) ?? []
  return count && unit && Object.hasOwn(WAIT_MESSAGES, unit)
    ? { count: Number(count), unit: unit as WaitUnit }
    : null
}

/** The 429 of the route limiter's wait, worded in the request's language by the error handler. */
export function tooManyAttemptsError(wait: string): HttpError {
  const parsed = parseWait(wait)
  if (parsed) return new HttpError(429, WAIT_MESSAGES[parsed.unit], { count: parsed.count })
  return new HttpError(429, `Too many attempts. Please wait ${wait} and try again.`)
}

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
    WAIT_MESSAGES.minute,
    { count: minutes },
    Math.max(1, Math.ceil(retryAfterMs / 1000)),
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

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void
type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } }

/**
 * A store for @fastify/rate-limit that counts in the database every process shares (PostgreSQL,
 * or PGlite for one process), so a route's limit holds for the whole cluster. Each route gets its
 * own key space ("METHOD url:"); windows are fixed and start at a key's first hit.
 */
export function databaseRateLimitStore(db: Db) {
  class DatabaseStore {
    constructor(
      _params?: unknown,
      readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      )
    }

    read(key: string, callback: Callback): void {
      readHits(db, this.prefix + key).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      )
    }

    child(routeOptions: object): DatabaseStore {
      const options = routeOptions as RouteInfo
      const method = [options.routeInfo?.method ?? ''].flat().join(',')
      return new DatabaseStore(undefined, `${this.prefix}${method} ${options.routeInfo?.url ?? ''}:`)
    }
  }
  return DatabaseStore
}

/** Route rate limits (below), counted in app.database: register before any route that opts in. */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    await registerRouteRateLimits(app, app.database.db)
  },
  { name: 'whirl-rate-limits', dependencies: ['whirl-database'] },
)

/**
 * Registers @fastify/rate-limit for the routes that opt in (`config.rateLimit`), counted in the
 * shared database per client address, refusing with the same answer as the limiter above.
 */
async function registerRouteRateLimits(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) => tooManyAttemptsError(context.after),
  })
}
