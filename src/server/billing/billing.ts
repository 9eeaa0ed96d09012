import type { FastifyInstance } from 'fastify'
import type { Accounts } from '../auth/accounts'
import type { BillingConfig } from '../config'
import type { Db } from '../db/client'
import { type BillingClock, createBillingClock } from './clock'
import type { PaymentProvider } from './provider'
import { registerBillingRoutes } from './routes'
import { registerSandboxPage } from './sandbox-page'
import { createSandboxProvider } from './sandbox-provider'
import { createBillingService } from './service'

/** How often plans past the end of their paid period are looked at (renewed or lapsed). */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000

export type BillingOptions = {
  /** Tests: a PayPal provider with their own fetch or timeouts. */
  provider?: PaymentProvider
  clock?: BillingClock
  sweepIntervalMs?: number
}

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
    webhookId: settings.webhookId,
    apiUrl: settings.apiUrl,
    brandName: 'Whirl',
  })
}

/** Plans and payments: the provider, the billing endpoints, the sandbox's page, the expiry sweep. */
export async function registerBilling(
  app: FastifyInstance,
  { accounts, db, options = {} }: { accounts: Accounts; db: Db; options?: BillingOptions },
): Promise<void> {
  const clock = options.clock ?? createBillingClock()
  const provider =
    options.provider ?? (await providerFor(app.config.billing, db, clock, app.config.publicUrl))
  const service = createBillingService({
    db,
    provider,
    profiles: accounts.profiles,
    clock,
    onSweepError: (error, userId) =>
      app.log.warn({ err: error, userId }, 'plan expiry check failed; retried later'),
  })
  registerBillingRoutes(app, { accounts, service, provider, clock })
  if (provider.kind === 'sandbox' && 'approveSubscription' in provider) {
    registerSandboxPage(app, provider as ReturnType<typeof createSandboxProvider>, accounts)
  }

  let timer: NodeJS.Timeout | undefined
  const sweep = () =>
    service.sync.sweep().catch((error: unknown) => app.log.error({ err: error }, 'plan expiry sweep failed'))
  app.addHook('onReady', async () => {
    void sweep()
    timer = setInterval(sweep, options.sweepIntervalMs ?? SWEEP_INTERVAL_MS)
    timer.unref()
  })
  app.addHook('preClose', async () => clearInterval(timer))
}
