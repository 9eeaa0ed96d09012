import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify'
import { accountDataPlugin } from './account/account-data-routes'
import { accountsPlugin } from './auth/accounts'
import { accountRoutesPlugin } from './auth/routes'
import { type BillingOptions, billingPlugin } from './billing/module'
import type { Config } from './config/config'
import { configPlugin } from './config/plugin'
import { type ContactPluginOptions, contactPlugin } from './contact/routes'
import type { Database } from './db/client'
import { databasePlugin } from './db/plugin'
import { type DrawOptions, drawsPlugin } from './draws/routes'
import { healthPlugin } from './health/routes'
import { closingPlugin } from './http/closing'
import { errorsPlugin } from './http/errors'
import { loggerOptions } from './http/logging'
import { openApiPlugin } from './http/openapi'
import { securityHeadersPlugin } from './http/security'
import { webPlugin, webShellPlugin } from './http/web'
import { i18nPlugin } from './i18n/plugin'
import { rateLimitsPlugin } from './limits/rate-limit'
import type { Mailer } from './mail/mailer'
import { mailerPlugin } from './mail/plugin'
import { profilePlugin } from './profile/routes'
import type { ProfileStreamOptions } from './profile/stream'
import { usagePlugin } from './profile/usage-route'
import { type QuotaOptions, quotaPlugin } from './quota/account-quota'
import { type RoomsOptions, roomsPlugin } from './rooms/plugin'
import { type ShareOptions, sharesPlugin } from './shares/routes'
import { themesPlugin } from './themes/routes'
import { type WheelOptions, wheelsPlugin } from './wheels/routes'

export type BuildOptions = {
  /** An already opened database (tests share one); otherwise the app opens and closes its own. */
  database?: Database
  logger?: FastifyServerOptions['logger']
  mailer?: Mailer
  /** Timing of the contact mail queue (tests make it fast). */
  contactQueue?: ContactPluginOptions
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

/**
 * Builds the whole server (API and web app) without listening, so tests can use app.inject().
 * Every module is a Fastify plugin (fastify-plugin: one signature, a name and its dependencies,
 * decision 0034); shared services are decorators (app.config, app.database, app.mailer,
 * app.accounts, app.billing, app.quota, app.webShell). The order below is the order of the hooks.
 */
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
  await app.register(configPlugin, { config })
  await app.register(databasePlugin, { database: options.database })
  await app.register(closingPlugin)
  // Each request's language (request.locale), before anything answers it.
  await app.register(i18nPlugin)
  await app.register(webShellPlugin)
  await app.register(errorsPlugin)
  // Before any route: every route below is declared with zod schemas and listed in the OpenAPI document.
  await app.register(openApiPlugin, { onRoute: options.onRoute })
  await app.register(securityHeadersPlugin)
  // Rate limits are opt-in per route (config.rateLimit on the route), counted in the shared database.
  await app.register(rateLimitsPlugin)
  await app.register(healthPlugin)
  await app.register(mailerPlugin, { mailer: options.mailer })
  // The sign-in service before every module that reaches it as app.accounts.
  await app.register(accountsPlugin)
  await app.register(contactPlugin, options.contactQueue ?? {})
  await app.register(accountRoutesPlugin)
  await app.register(profilePlugin, options.profileStream ?? {})
  await app.register(billingPlugin, options.billing ?? {})
  await app.register(accountDataPlugin)
  await app.register(quotaPlugin, options.quota ?? {})
  await app.register(usagePlugin)
  await app.register(wheelsPlugin, options.wheels ?? {})
  await app.register(themesPlugin)
  await app.register(sharesPlugin, options.shares ?? {})
  await app.register(drawsPlugin, options.draws ?? {})
  await app.register(roomsPlugin, options.rooms ?? {})
  await app.register(webPlugin)
  return app
}
