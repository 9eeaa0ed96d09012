import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { register, send, startApp, type TestApp } from '../auth/test-support'
import { authRateLimits, profiles, users } from '../db/schema'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { createPaypalProvider } from './paypal-provider'
import { type FakePaypal, startFakePaypal } from './testing/fake-paypal'

describe.each(DATABASE_KINDS)('billing with PayPal on %s', (kind) => {
  let database: TestDatabase
  let paypal: FakePaypal
  let app: TestApp

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    paypal = await startFakePaypal()
    const settings = {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_PLAN_ID: 'P-WHIRL-PREMIUM',
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_API_URL: paypal.url,
    }
    // The app's own provider, with a short timeout so a hanging PayPal is found out quickly.
    const provider = createPaypalProvider({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      planId: 'P-WHIRL-PREMIUM',
      webhookId: paypal.webhookId,
      apiUrl: paypal.url,
      timeoutMs: 400,
    })
    app = await startApp(database, settings, { billing: { provider } })
  })
  afterEach(async () => {
    paypal.failNext(0)
    await database.db.delete(users)
    await database.db.delete(authRateLimits)
  })
  afterAll(async () => {
    await app.dispose()
    await paypal.close()
    await database.dispose()
  })

  const profileOf = async (userId: string) =>
    (await database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]
  const webhook = (delivery: { headers: Record<string, string>; body: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: delivery.headers,
      payload: delivery.body,
    })

  async function subscribed() {
    const user = await register(app)
    const created = await send(
      app,
      '/api/billing/create-subscription',
      { plan_type: 'premium' },
      { cookie: user.cookie },
    )
    expect(created.statusCode).toBe(200)
    const { subscription_id, approval_url } = created.json()
    expect(approval_url).toContain('https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=')
    expect(paypal.subscription(subscription_id)).toMatchObject({
      plan_id: 'P-WHIRL-PREMIUM',
      custom_id: user.profile.userId,
    })
    paypal.approve(subscription_id)
    const activated = await send(
      app,
      '/api/billing/activate-subscription',
      { subscription_id },
      { cookie: user.cookie },
    )
    expect(activated.statusCode).toBe(200)
    return { ...user, id: subscription_id as string }
  }

  it('subscribes through PayPal: create, approve, activate, verify, cancel', async () => {
    const { cookie, profile, id } = await subscribed()
    expect(await profileOf(profile.userId)).toMatchObject({
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: id,
    })
    expect(
      (await send(app, '/api/billing/verify-subscription', { subscription_id: id }, { cookie })).json(),
    ).toEqual({
      success: true,
      status: 'active',
    })
    expect(
      (await send(app, '/api/billing/cancel-subscription', { subscription_id: id }, { cookie })).statusCode,
    ).toBe(200)
    expect(paypal.subscription(id)?.status).toBe('CANCELLED')
    expect(await profileOf(profile.userId)).toMatchObject({
      planType: 'monthly',
      subscriptionStatus: 'cancelled',
    })
  })

  it("refuses to activate another user's subscription", async () => {
    const { id } = await subscribed()
    const thief = await register(app)
    const res = await send(
      app,
      '/api/billing/activate-subscription',
      { subscription_id: id },
      { cookie: thief.cookie },
    )
    expect(res.json()).toEqual({ success: false, error: 'Subscription not found' })
    expect(await profileOf(thief.profile.userId)).toMatchObject({ planType: 'free' })
  })

  it('acts on a genuine webhook once; a forged one is refused and changes nothing', async () => {
    const { profile, id } = await subscribed()
    paypal.setStatus(id, 'SUSPENDED')
    const event = paypal.subscriptionEvent('BILLING.SUBSCRIPTION.SUSPENDED', id)
    const genuine = paypal.signedWebhook(event)

    const forged = await webhook({
      headers: { ...genuine.headers, 'paypal-transmission-sig': 'bad' },
      body: genuine.body,
    })
    expect(forged.statusCode).toBe(400)
    expect(await profileOf(profile.userId)).toMatchObject({ subscriptionStatus: 'active' })

    const first = await webhook(genuine)
    expect(first.json()).toEqual({ success: true, duplicate: false })
    const suspended = await profileOf(profile.userId)
    expect(suspended).toMatchObject({ planType: 'monthly', subscriptionStatus: 'suspended' })

    // PayPal reactivates; a replay of the old SUSPENDED event must not suspend it again.
    paypal.setStatus(id, 'ACTIVE')
    await webhook(paypal.signedWebhook(paypal.subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', id)))
    expect(await profileOf(profile.userId)).toMatchObject({ subscriptionStatus: 'active' })
    const replay = await webhook(genuine)
    expect(replay.json()).toEqual({ success: true, duplicate: true })
    expect(await profileOf(profile.userId)).toMatchObject({ subscriptionStatus: 'active' })
  })

  it('a completed payment webhook extends premium to the next billing time', async () => {
    const { profile, id } = await subscribed()
    const before = (await profileOf(profile.userId))?.subscriptionExpiresAt?.getTime() ?? 0
    paypal.renew(id)
    const res = await webhook(paypal.signedWebhook(paypal.saleCompleted(id)))
    expect(res.statusCode).toBe(200)
    const after = (await profileOf(profile.userId))?.subscriptionExpiresAt?.getTime() ?? 0
    expect(after - before).toBe(30 * 86_400_000)
  })

  it('PayPal answering 500 or not at all: a clear error, and the profile is unchanged', async () => {
    const user = await register(app)
    const created = (await send(app, '/api/billing/create-subscription', {}, { cookie: user.cookie })).json()
    paypal.approve(created.subscription_id)
    paypal.failNext(2, 'error')
    const failed = await send(
      app,
      '/api/billing/activate-subscription',
      { subscription_id: created.subscription_id },
      { cookie: user.cookie },
    )
    expect(failed.statusCode).toBe(502)
    expect(failed.json()).toEqual({
      success: false,
      error: 'PayPal returned an error (HTTP 500, INTERNAL_SERVER_ERROR). Please try again.',
    })
    paypal.failNext(1, 'hang')
    const hung = await send(
      app,
      '/api/billing/activate-subscription',
      { subscription_id: created.subscription_id },
      { cookie: user.cookie },
    )
    expect(hung.json()).toEqual({
      success: false,
      error: 'PayPal is not responding. Please try again in a moment.',
    })
    expect(await profileOf(user.profile.userId)).toMatchObject({
      planType: 'free',
      subscriptionStatus: 'inactive',
    })
    paypal.failNext(0)
    const ok = await send(
      app,
      '/api/billing/activate-subscription',
      { subscription_id: created.subscription_id },
      { cookie: user.cookie },
    )
    expect(ok.statusCode).toBe(200)
  })

  it('has no test endpoints and says it is not in test mode', async () => {
    const { cookie, profile } = await register(app)
    expect((await send(app, '/api/billing/config')).json()).toMatchObject({
      provider: 'paypal',
      testMode: false,
    })
    for (const path of [
      '/api/billing/test/simulate-monthly',
      '/api/billing/test/clear',
      '/api/billing/test/clock',
    ]) {
      const res = await send(app, path, {}, { cookie })
      expect(res.statusCode, path).toBe(404)
    }
    expect(
      (await app.inject({ method: 'GET', url: '/billing/sandbox/approve?subscription_id=I-1' })).statusCode,
    ).not.toBe(200)
    expect(await profileOf(profile.userId)).toMatchObject({ planType: 'free' })
  })
})
