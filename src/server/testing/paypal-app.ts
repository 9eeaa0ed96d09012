import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { createBillingClock } from '../billing/clock'
import { createPaypalProvider } from '../billing/paypal-provider'
import { authRateLimits, profiles, users } from '../db/schema'
import { newUser, register, send, startApp, type TestApp } from '../testing/auth'
import { openTestDatabase, type TestDatabase } from './harness'
import { type PaypalStandIn, startPaypalStandIn } from './paypal-stand-in'

export type LogLine = { level: number; msg: string }

/**
 * The app with the real PayPal provider against the PayPal stand-in, on one database kind, for a
 * describe block: a billing clock the test can move, and the app's log lines to look at.
 */
export function usePaypalApp(kind: 'pglite' | 'postgres') {
  const env = {} as {
    database: TestDatabase
    paypal: PaypalStandIn
    app: TestApp
    logs: LogLine[]
    clock: ReturnType<typeof createBillingClock>
    /** Runs the periodic plan check now. */
    sweep: () => Promise<number>
  }
  env.logs = []
  env.clock = createBillingClock()

  beforeAll(async () => {
    env.database = await openTestDatabase(kind)
    env.paypal = await startPaypalStandIn({ trialPlans: { 'P-WHIRL-TRIAL': 7 } })
    const { paypal } = env
    const settings = {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_PLAN_ID: 'P-WHIRL-PREMIUM',
      PAYPAL_TRIAL_PLAN_ID: 'P-WHIRL-TRIAL',
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_API_URL: paypal.url,
    }
    // The app's own provider, with a short timeout so a hanging PayPal is found out quickly.
    const provider = createPaypalProvider({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      planId: 'P-WHIRL-PREMIUM',
      trialPlanId: 'P-WHIRL-TRIAL',
      webhookId: paypal.webhookId,
      apiUrl: paypal.url,
      timeoutMs: 400,
    })
    const stream = {
      write(line: string) {
        env.logs.push(JSON.parse(line) as LogLine)
      },
    }
    env.app = await startApp(env.database, settings, {
      billing: {
        provider,
        clock: env.clock,
        sweepIntervalMs: 3_600_000,
        expose: (service) => {
          env.sweep = () => service.renewal.sweep()
        },
      },
      logger: { level: 'info', stream },
    })
  })
  afterEach(async () => {
    env.paypal.failNext(0)
    env.paypal.setCaptureOutcome({ status: 'COMPLETED' })
    env.logs.length = 0
    await env.database.db.delete(users)
    await env.database.db.delete(authRateLimits)
  })
  afterAll(async () => {
    await env.app.dispose()
    await env.paypal.close()
    await env.database.dispose()
  })

  const profileOf = async (userId: string) =>
    (await env.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]

  const webhook = (delivery: { headers: Record<string, string>; body: string }) =>
    env.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: delivery.headers,
      payload: delivery.body,
    })

  /** A signed-in user with an ACTIVE subscription, activated through the success page's call. */
  async function subscribed(name?: string) {
    const user = await register(env.app, name ? { ...newUser(), displayName: name } : newUser())
    const created = await send(env.app, '/api/billing/create-subscription', {}, { cookie: user.cookie })
    expect(created.statusCode).toBe(200)
    const { subscription_id } = created.json()
    env.paypal.approve(subscription_id)
    const activated = await send(
      env.app,
      '/api/billing/activate-subscription',
      { subscription_id },
      { cookie: user.cookie },
    )
    expect(activated.statusCode).toBe(200)
    return { ...user, id: subscription_id as string }
  }

  return Object.assign(env, { profileOf, webhook, subscribed })
}
