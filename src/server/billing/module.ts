import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { trialStatusSchema } from '../../core/billing/trial'
import type { Accounts } from '../auth/accounts'
import type { BillingConfig } from '../config/config'
import { users } from '../db/auth-schema'
import type { Db } from '../db/client'
import { answers, noQuery } from '../http/openapi'
import { registerPeriodicJob } from '../jobs/runner'
import type { Mailer } from '../mail/mailer'
import { type BillingClock, createBillingClock } from './clock'
import { createBillingMails } from './mail-events'
import type { PaymentProvider } from './provider'
import { registerBillingRoutes } from './routes'
import { registerSandboxPage } from './sandbox-page'
import { createSandboxProvider } from './sandbox-provider'
import { type BillingService, createBillingService } from './service'
import { sendTrialReminders, trialStatus } from './trial'

/** How often plans past the end of their paid period are looked at (renewed or lapsed). */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000

export const SANDBOX_WARNING =
  '*** TEST MODE: payments are simulated by the built-in sandbox provider; no money is charged and ' +
  'any signed-in user can make themselves premium. Set the PAYPAL_* settings for real payments. ***'

export type BillingOptions = {
  /** Tests: a PayPal provider with their own fetch or timeouts. */
  provider?: PaymentProvider
  clock?: BillingClock
  sweepIntervalMs?: number
  /** Tests: receives the billing service (to run the periodic check at once). */
  expose?: (service: BillingService) => void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Plans and payments (billingPlugin); account deletion settles payments through it. */
    billing: BillingService
  }
}

/** Plans and payments (below) as app.billing, with their routes and periodic work. */
export const billingPlugin = fp(
  async (app: FastifyInstance, options: BillingOptions) => {
    const service = await registerBilling(app, {
      accounts: app.accounts,
      db: app.database.db,
      mailer: app.mailer,
      options,
    })
    app.decorate('billing', service)
  },
  {
    name: 'whirl-billing',
    dependencies: [
      'whirl-errors',
      'whirl-openapi',
      'whirl-rate-limits',
      'whirl-config',
      'whirl-database',
      'whirl-mailer',
      'whirl-accounts',
    ],
  },
)

/** The configured provider; PayPal's code is only loaded when PayPal is configured. */
async function providerFor(
  config: BillingConfig,
  db: Db,
  clock: BillingClock,
  publicUrl: string,
): Promise<PaymentProvider> {
  const settings = config.provider
  if (settings.kind === 'sandbox') return createSandboxProvider(db, clock, publicUrl)
  const { createPaypalProvider } = await import('./paypal-provider')
  return createPaypalProvider({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    planId: settings.planId,
    trialPlanId: settings.trialPlanId,
    webhookId: settings.webhookId,
    apiUrl: settings.apiUrl,
    brandName: 'Whirl',
  })
}

/** Plans and payments: the provider, the billing endpoints, the sandbox's page, the expiry sweep. */
async function registerBilling(
  app: FastifyInstance,
  {
    accounts,
    db,
    mailer,
    options = {},
  }: { accounts: Accounts; db: Db; mailer: Mailer; options?: BillingOptions },
): Promise<BillingService> {
  const clock = options.clock ?? createBillingClock()
  const provider =
    options.provider ?? (await providerFor(app.config.billing, db, clock, app.config.publicUrl))
  const mails = createBillingMails({
    db,
    mailer,
    publicUrl: app.config.publicUrl,
    testMode: provider.kind === 'sandbox',
    log: app.log,
  })
  const service = createBillingService({
    db,
    provider,
    profiles: accounts.profiles,
    clock,
    mails,
    onSweepError: (error, userId) =>
      app.log.warn({ err: error, userId }, 'plan expiry check failed; retried later'),
  })
  options.expose?.(service)
  // The trial reminder: a plain function whose claim is atomic, so any number of processes may run
  // it on any schedule (a cluster-wide runner can take it over); here, with the expiry sweep.
  const remind = async () => {
    await sendTrialReminders(db, mails, clock.now())
    await mails.flush()
  }
  registerBillingRoutes(app, { accounts, service, provider, clock, afterClock: remind })
  const trial = { querystring: noQuery, response: answers({ 200: trialStatusSchema }) }
  app.get('/api/billing/trial', { schema: trial }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await accounts.requireUser(request)
    const status = await trialStatus(db, user.userId, clock.now())
    return provider.offersTrial
      ? status
      : { ...status, eligible: false, used: false, needsVerification: false }
  })
  // Browser tests only (NODE_ENV=test, sandbox with its test clock): marks the user's email
  // verified, standing in for the verification mail's link, so a journey can reach the trial.
  if (provider.kind === 'sandbox' && app.config.billing.testClock && app.config.env === 'test') {
    const verified = {
      querystring: noQuery,
      response: answers({ 200: z.object({ success: z.literal(true) }) }),
    }
    app.post(
      '/api/billing/test/verify-email',
      { onRequest: accounts.checkOrigin, schema: verified },
      async (request) => {
        const user = await accounts.requireUser(request)
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.userId))
        return { success: true }
      },
    )
  }
  if (provider.kind === 'sandbox' && 'approveSubscription' in provider) {
    registerSandboxPage(app, provider as ReturnType<typeof createSandboxProvider>, accounts)
  }

  app.addHook('onReady', async () => {
    if (provider.kind === 'sandbox') app.log.warn(SANDBOX_WARNING)
  })
  // Once per interval for the whole cluster, whichever process claims it (jobs/runner.ts).
  registerPeriodicJob(app, db, {
    name: 'plan-renewal-sweep',
    everyMs: options.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
    run: () => service.renewal.sweep(),
  })
  registerPeriodicJob(app, db, {
    name: 'trial-reminders',
    everyMs: options.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
    run: remind,
  })
  return service
}
