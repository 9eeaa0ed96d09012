import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify'
import { registerAccountDataRoutes } from './account/account-data-routes'
import { createAuthService } from './auth/accounts'
import { registerAccountRoutes } from './auth/routes'
import { type BillingOptions, registerBilling } from './billing/module'
import type { Config } from './config/config'
import { type ContactMailQueueOptions, createContactMailQueue } from './contact/mail-queue'
import { registerContactRoutes } from './contact/routes'
import { type Database, openDatabase } from './db/client'
import { type DrawOptions, registerDrawRoutes } from './draws/routes'
import { registerHealthRoutes } from './health/routes'
import { registerErrorHandling } from './http/errors'
import { loggerOptions } from './http/logging'
import { registerOpenApi } from './http/openapi'
import { registerSecurityHeaders } from './http/security'
import { loadWebShell, registerWeb } from './http/web'
import { registerRouteRateLimits } from './limits/rate-limit'
import { createMailer, type Mailer } from './mail/mailer'
import { registerProfileRoutes } from './profile/routes'
import type { ProfileStreamOptions } from './profile/stream'
import { registerUsageRoute } from './profile/usage-route'
import { type AccountQuota, createAccountQuota, type QuotaOptions } from './quota/account-quota'
import { type RoomsOptions, roomsPlugin } from './rooms/plugin'
import { registerShareRoutes, type ShareOptions } from './shares/routes'
import { registerThemeRoutes } from './themes/routes'
import { registerWheelRoutes, type WheelOptions } from './wheels/routes'

export type BuildOptions = {
  /** An already opened database (tests share one); otherwise the app opens and closes its own. */
  database?: Database
  logger?: FastifyServerOptions['logger']
  mailer?: Mailer
  /** Timing of the contact mail queue (tests make it fast). */
  contactQueue?: Pick<ContactMailQueueOptions, 'pollMs' | 'baseBackoffMs' | 'maxBackoffMs' | 'now'>
  /** How often the profile stream re-checks the session, and its caps (tests). */
  profileStream?: ProfileStreamOptions
  /** Payment provider, billing clock and sweep timing (tests). */
  billing?: BillingOptions
  /** Share links' rate limits, purge timing and clock (tests). */
  shares?: ShareOptions
  /** How often never-revealed draws are purged (tests make it fast). */
  draws?: DrawOptions
  /** The account quota over everything an account stores, and visitors' daily bytes (tests make them small). */
  quota?: QuotaOptions
  /** Live rooms' limits and sweep timing (tests make them small). */
  rooms?: RoomsOptions
  /** Sync pulls: the page size and a statement timeout (tests make them small). */
  wheels?: WheelOptions
  /** Sees every route as it is registered (the OpenAPI test checks each one is declared). */
  onRoute?: (route: RouteOptions) => void
  /** Socket timeouts (tests make them short). */
  timeouts?: { requestMs?: number; connectionMs?: number }
}

/** A whole request (headers and body) must arrive within this time, so slow uploads cannot hold sockets. */
export const REQUEST_TIMEOUT_MS = 30_000
/** A socket with no traffic for this long is closed (profile streams send a heartbeat every 25 s). */
export const CONNECTION_TIMEOUT_MS = 60_000

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    /** One byte quota per account over everything it stores (quota/account-quota.ts). */
    quota: AccountQuota
  }
}

/** Builds the whole server (API and web app) without listening, so tests can use app.inject(). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // A hop count trusts that many proxies nearest to us: the client address is the one the outermost saw.
  const hops = config.trustProxy
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logger),
    bodyLimit: config.bodyLimit,
    trustProxy,
    forceCloseConnections: 'idle',
    requestTimeout: options.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS,
    connectionTimeout: options.timeouts?.connectionMs ?? CONNECTION_TIMEOUT_MS,
    return503OnClosing: true,
  })
  const ownsDatabase = !options.database
  const database = options.database ?? (await openDatabase(config.database))
  app.decorate('config', config)
  app.decorate('database', database)
  if (ownsDatabase) app.addHook('onClose', async () => database.close())

  // While shutting down, answers to requests still in flight close their connection, so that
  // keep-alive sockets do not hold the process open after the last response.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  // A callback hook, not an async one: it runs on every answer, and a promise for each is not free.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close')
    done(null, payload)
  })

  const shell = loadWebShell(config)
  registerErrorHandling(app)
  const { onRoute } = options
  if (onRoute) app.addHook('onRoute', onRoute)
  // Before any route: every route below is declared with zod schemas and listed in the OpenAPI document.
  await registerOpenApi(app)
  await registerSecurityHeaders(app, config, shell?.inlineScriptHashes ?? [])
  // Rate limits are opt-in per route (config.rateLimit on the route), counted in the shared database.
  await registerRouteRateLimits(app, database.db)
  registerHealthRoutes(app, database)

  const mailer = options.mailer ?? createMailer(config.mail, app.log)
  const contactQueue = createContactMailQueue({
    db: database.db,
    mailer,
    supportEmail: config.supportEmail,
    log: app.log,
    ...options.contactQueue,
  })
  registerContactRoutes(app, contactQueue)
  // The sign-in service first: every module below reaches it as app.accounts.
  await createAuthService(app, { database, mailer })
  registerAccountRoutes(app)
  registerProfileRoutes(app, options.profileStream)
  const billing = await registerBilling(app, {
    accounts: app.accounts,
    db: database.db,
    mailer,
    options: options.billing,
  })
  registerAccountDataRoutes(app, { billing, mailer })
  app.decorate('quota', createAccountQuota(database.db, options.quota))
  registerUsageRoute(app)
  registerWheelRoutes(app, database, options.wheels)
  registerThemeRoutes(app, database.db)
  registerShareRoutes(app, {
    accounts: app.accounts,
    db: database.db,
    shell: shell?.html ?? null,
    options: options.shares,
  })
  registerDrawRoutes(app, app.accounts, database.db, options.draws)
  await app.register(roomsPlugin, options.rooms ?? {})
  app.addHook('onReady', async () => contactQueue.start())
  app.addHook('preClose', async () => {
    await contactQueue.stop()
    mailer.close()
  })
  await registerWeb(app, config, shell)
  return app
}
