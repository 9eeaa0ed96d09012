import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { registerAccounts } from './auth/accounts'
import { type BillingOptions, registerBilling } from './billing/billing'
import type { Config } from './config'
import { type ContactMailQueueOptions, createContactMailQueue } from './contact/mail-queue'
import { registerContactRoutes } from './contact/routes'
import { type Database, openDatabase } from './db/client'
import { registerHealthRoutes } from './health/routes'
import { HttpError, registerErrorHandling } from './http/errors'
import { registerSecurityHeaders } from './http/security'
import { loadWebShell, registerWeb } from './http/web'
import { createMailer, type Mailer } from './mail/mailer'
import { registerWheelRoutes } from './wheels/routes'

export type BuildOptions = {
  /** An already opened database (tests share one); otherwise the app opens and closes its own. */
  database?: Database
  logger?: FastifyServerOptions['logger']
  mailer?: Mailer
  /** Timing of the contact mail queue (tests make it fast). */
  contactQueue?: Pick<ContactMailQueueOptions, 'pollMs' | 'baseBackoffMs' | 'maxBackoffMs' | 'now'>
  /** How often the profile stream re-checks the session (tests make it fast). */
  profileStream?: { heartbeatMs?: number }
  /** Payment provider, billing clock and sweep timing (tests). */
  billing?: BillingOptions
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
  }
}

/** Builds the whole server (API and web app) without listening, so tests can use app.inject(). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
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
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close')
  })

  const shell = loadWebShell(config)
  registerErrorHandling(app)
  await registerSecurityHeaders(app, config, shell?.inlineScriptHashes ?? [])
  // Rate limits are opt-in per route (config.rateLimit on the route).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Please wait ${context.after} and try again.`),
  })
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
  const accounts = await registerAccounts(app, { database, mailer, profileStream: options.profileStream })
  await registerBilling(app, { accounts, db: database.db, options: options.billing })
  registerWheelRoutes(app, accounts, database.db)
  app.addHook('onReady', async () => contactQueue.start())
  app.addHook('preClose', async () => {
    await contactQueue.stop()
    mailer.close()
  })
  await registerWeb(app, config, shell)
  return app
}
