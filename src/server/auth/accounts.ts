import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../db/client'
import { HttpError } from '../http/errors'
import type { Mailer } from '../mail/mailer'
import { createInProcessProfileEvents, createPgProfileEvents, type ProfileEvents } from '../profile/events'
import { createProfileRepository, type ProfileRepository } from '../profile/repository'
import { registerProfileRoutes } from '../profile/routes'
import { type Auth, createAuth } from './auth'
import { copyCookies, requestHeaders } from './auth-response'
import { createOriginCheck } from './origin-check'
import { createRateLimiter, type RateLimiter } from './rate-limit'
import { registerAccountRoutes } from './routes'
import { resolveAuthSecret } from './secret'
import { createSessionReader, type SessionRead } from './session-reader'

export type SessionUser = { userId: string; sessionId: string; email: string }

/** What the rest of the server uses from accounts (billing, saved wheels). */
export type Accounts = {
  auth: Auth
  profiles: ProfileRepository
  events: ProfileEvents
  limiter: RateLimiter
  /**
   * The signed-in user of the request, or null, through better-auth, which also extends a session
   * in use and sends its refreshed cookie on `reply`. The app calls this once per page load.
   */
  currentUser(request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null>
  /** The signed-in user with the profile, or null: one query, no refresh. */
  readSession(request: FastifyRequest): Promise<SessionRead | null>
  /** The signed-in user, or a 401 answer. Use in every endpoint that belongs to a user. */
  requireUser(request: FastifyRequest): Promise<SessionRead>
  /** onRequest hook that refuses state-changing requests from other sites. */
  checkOrigin(request: FastifyRequest): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.'

/** The schema the database connection works in (tests use one per run), from its search_path. */
function schemaOf(database: Database): string | undefined {
  const options = database.pgOptions?.options
  return typeof options === 'string' ? /search_path=([a-z_][a-z0-9_]*)/.exec(options)?.[1] : undefined
}

/** Sets up sign-in, profiles and their live updates, and their routes. Decorates app.accounts. */
export async function registerAccounts(
  app: FastifyInstance,
  {
    database,
    mailer,
    profileStream,
  }: { database: Database; mailer: Mailer; profileStream?: { heartbeatMs?: number } },
): Promise<Accounts> {
  const { config } = app
  const db = database.db
  const events: ProfileEvents =
    database.kind === 'postgres' && database.pgOptions
      ? createPgProfileEvents({ db, pgOptions: database.pgOptions, schema: schemaOf(database), log: app.log })
      : createInProcessProfileEvents()
  const profiles = createProfileRepository(db, events)
  const secret = await resolveAuthSecret(db, config.auth.secret)
  const auth = createAuth({ config, db, secret, mailer, profiles, log: app.log })
  const limiter = createRateLimiter(db, config.auth.rateLimit.windowMs)

  const currentUser = async (request: FastifyRequest, reply?: FastifyReply) => {
    if (!request.headers.cookie) return null
    const response = await auth.api.getSession({ headers: requestHeaders(request), asResponse: true })
    if (!response.ok) return null
    if (reply) copyCookies(reply, response)
    const session = (await response.json()) as {
      session: { id: string }
      user: { id: string; email: string }
    } | null
    return session
      ? { userId: session.user.id, sessionId: session.session.id, email: session.user.email }
      : null
  }

  let cookieName: Promise<string> | null = null
  const reader = createSessionReader(db, secret, () => {
    cookieName ??= auth.$context.then((context) => context.authCookies.sessionToken.name)
    return cookieName
  })
  const readSession = (request: FastifyRequest) => reader(request.headers.cookie)

  const accounts: Accounts = {
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
  app.decorate('accounts', accounts)

  let sweep: NodeJS.Timeout | null = null
  app.addHook('onReady', async () => {
    await events.start()
    sweep = setInterval(() => void limiter.sweep().catch(() => {}), 60 * 60 * 1000)
    sweep.unref()
  })
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep)
    await events.close()
  })

  registerAccountRoutes(app, accounts)
  registerProfileRoutes(app, accounts, profileStream)
  return accounts
}
