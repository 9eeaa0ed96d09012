import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Profile } from '../../core/account/profile'
import { msg } from '../../core/i18n/message-id'
import type { Database } from '../db/client'
import { changeEvents, PROFILE_CHANNEL, type ProfileEvents } from '../events/events'
import { HttpError } from '../http/errors'
import type { SessionRead } from '../http/guards'
import { registerPeriodicJob } from '../jobs/runner'
import { purgeLimits } from '../limits/purge'
import { createRateLimiter, type RateLimiter } from '../limits/rate-limit'
import type { Mailer } from '../mail/mailer'
import { createProfileRepository, type ProfileRepository } from '../profile/repository'
import { type BetterAuth, createAuth, dueForExtension } from './auth'
import { copyCookies, requestHeaders } from './auth-response'
import { createOriginCheck } from './origin-check'
import { resolveAuthSecret } from './secret'
import { createSessionCache } from './session-cache'
import { createSessionReader } from './session-reader'

/** The signed-in user as the page-load check finds it, with the profile when it was read with it. */
export type SessionUser = { userId: string; sessionId: string; email: string; profile?: Profile | null }

/**
 * The sign-in service the rest of the server uses (account routes, profile, billing, saved wheels):
 * better-auth, the profiles and their live events, the attempt limiter and the session checks.
 */
export type Auth = {
  auth: BetterAuth
  profiles: ProfileRepository
  events: ProfileEvents
  limiter: RateLimiter
  /**
   * The signed-in user of the request, or null. A session due for extension goes through
   * better-auth, which extends it and sends its refreshed cookie on `reply`; any other is answered
   * from the cached session read, with its profile. The app calls this once per page load.
   */
  currentUser(request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null>
  /** The signed-in user with the profile, or null: one query, no refresh. */
  readSession(request: FastifyRequest): Promise<SessionRead | null>
  /** The signed-in user, or a 401 answer. Use in every endpoint that belongs to a user. */
  requireUser(request: FastifyRequest): Promise<SessionRead>
  /** onRequest hook that refuses state-changing requests from other sites. */
  checkOrigin(request: FastifyRequest): Promise<void>
}

/** The former name of Auth, kept while billing still imports it. */
export type Accounts = Auth

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way modules reach the sign-in service (accountsPlugin; list 'whirl-accounts' in dependencies). */
    accounts: Auth
  }
}

export const SIGN_IN_REQUIRED = msg('Please sign in to continue.')
/** How long a stopping app waits for the sign-up and reset mails still under way. */
const MAIL_DRAIN_MS = 5000

/** The sign-in service as app.accounts (below); the account routes are auth/routes.ts's plugin. */
export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    await createAuthService(app, { database: app.database, mailer: app.mailer })
  },
  { name: 'whirl-accounts', dependencies: ['whirl-config', 'whirl-database', 'whirl-mailer'] },
)

/**
 * Builds the sign-in service (better-auth, profiles and their live updates, the attempt limiter),
 * ties its start and stop to the app's, and decorates app.accounts. It registers no routes.
 */
async function createAuthService(
  app: FastifyInstance,
  { database, mailer }: { database: Database; mailer: Mailer },
): Promise<Auth> {
  const { config } = app
  const db = database.db
  const channel = changeEvents(app, database, PROFILE_CHANNEL)
  // Other processes forget a user's cached sessions when the event arrives; this one at once, so a
  // change is never followed by a stale read here (before and after, for reads in flight).
  const sessionCache = createSessionCache(channel)
  const events: ProfileEvents = {
    ...channel,
    async publish(userId) {
      sessionCache.invalidate(userId)
      await channel.publish(userId)
      sessionCache.invalidate(userId)
    },
  }
  const profiles = createProfileRepository(db, events)
  const secret = await resolveAuthSecret(db, config.auth.secret)
  // Sign-up and reset mails go out after the answer. A stopping app waits for those under way
  // (for MAIL_DRAIN_MS at most), so that none is cut off half-sent or half-written.
  const mailsUnderWay = new Set<Promise<void>>()
  app.addHook('preClose', async () => {
    if (mailsUnderWay.size === 0) return
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.allSettled(mailsUnderWay),
      new Promise((resolve) => {
        timer = setTimeout(resolve, MAIL_DRAIN_MS)
      }),
    ])
    clearTimeout(timer)
  })
  const auth = createAuth({
    config,
    db,
    secret,
    mailer,
    profiles,
    log: app.log,
    onSessionEnded: (userId) => events.publish(userId),
    inBackground: (task) => {
      mailsUnderWay.add(task)
      void task.finally(() => mailsUnderWay.delete(task))
    },
  })
  const limiter = createRateLimiter(db, config.auth.rateLimit.windowMs)

  const currentUser = async (request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null> => {
    if (!request.headers.cookie) return null
    // better-auth would neither extend this session nor send a cookie: its own read (two queries)
    // would only say what the cached read says.
    const read = await readSession(request)
    if (read?.expiresAt && !dueForExtension(read.expiresAt)) return read
    const response = await auth.api.getSession({ headers: requestHeaders(request), asResponse: true })
    if (!response.ok) return null
    if (reply) copyCookies(reply, response)
    // An extended session's new end is read again, not taken from the cache.
    if (read) sessionCache.invalidate(read.userId)
    const session = (await response.json()) as {
      session: { id: string }
      user: { id: string; email: string }
    } | null
    return session
      ? { userId: session.user.id, sessionId: session.session.id, email: session.user.email }
      : null
  }

  let cookieName: Promise<string> | null = null
  const reader = createSessionReader(
    db,
    secret,
    () => {
      cookieName ??= auth.$context.then((context) => context.authCookies.sessionToken.name)
      return cookieName
    },
    sessionCache,
  )
  const readSession = (request: FastifyRequest) => reader(request.headers.cookie)

  const service: Auth = {
    auth,
    profiles,
    events,
    limiter,
    currentUser,
    readSession,
    async requireUser(request) {
      const user = await readSession(request)
      if (!user) throw new HttpError(401, SIGN_IN_REQUIRED)
      return user
    },
    checkOrigin: createOriginCheck(config.auth.trustedOrigins),
  }
  app.decorate('accounts', service)

  // Ended rate-limit windows, old sign-in failures and stale stream leases: once per cluster.
  registerPeriodicJob(app, db, { name: 'limits-purge', everyMs: 10 * 60 * 1000, run: () => purgeLimits(db) })
  return service
}
