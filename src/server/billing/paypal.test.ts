import { describe, expect, it } from 'vitest'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { usePaypalApp } from '../testing/paypal-app'

describe.each(DATABASE_KINDS)('billing with PayPal on %s', (kind) => {
  const t = usePaypalApp(kind)
  const profileOf = t.profileOf
  const webhook = t.webhook

  async function subscribed() {
    const user = await register(t.app)
    const created = await send(
      t.app,
      '/api/billing/create-subscription',
      { plan_type: 'premium' },
      { cookie: user.cookie },
    )
    expect(created.statusCode).toBe(200)
    const { subscription_id, approval_url } = created.json()
    expect(approval_url).toContain('https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=')
    expect(t.paypal.subscription(subscription_id)).toMatchObject({
      plan_id: 'P-WHIRL-PREMIUM',
      custom_id: user.profile.userId,
    })
    t.paypal.approve(subscription_id)
    const activated = await send(
      t.app,
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
      (await send(t.app, '/api/billing/verify-subscription', { subscription_id: id }, { cookie })).json(),
    ).toEqual({
      success: true,
      status: 'active',
    })
    expect(
      (await send(t.app, '/api/billing/cancel-subscription', { subscription_id: id }, { cookie })).statusCode,
    ).toBe(200)
    expect(t.paypal.subscription(id)?.status).toBe('CANCELLED')
    expect(await profileOf(profile.userId)).toMatchObject({
      planType: 'monthly',
      subscriptionStatus: 'cancelled',
    })
  })

  it("refuses to activate another user's subscription", async () => {
    const { id } = await subscribed()
    const thief = await register(t.app)
    const res = await send(
      t.app,
      '/api/billing/activate-subscription',
      { subscription_id: id },
      { cookie: thief.cookie },
    )
    expect(res.json()).toEqual({ success: false, error: 'Subscription not found' })
    expect(await profileOf(thief.profile.userId)).toMatchObject({ planType: 'free' })
  })

  it('acts on a genuine webhook once; a forged one is refused and changes nothing', async () => {
    const { profile, id } = await subscribed()
    t.paypal.setStatus(id, 'SUSPENDED')
    const event = t.paypal.subscriptionEvent('BILLING.SUBSCRIPTION.SUSPENDED', id)
    const genuine = t.paypal.signedWebhook(event)

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
    t.paypal.setStatus(id, 'ACTIVE')
    await webhook(t.paypal.signedWebhook(t.paypal.subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', id)))
    expect(await profileOf(profile.userId)).toMatchObject({ subscriptionStatus: 'active' })
    const replay = await webhook(genuine)
    expect(replay.json()).toEqual({ success: true, duplicate: true })
    expect(await profileOf(profile.userId)).toMatchObject({ subscriptionStatus: 'active' })
  })

  it('a completed payment webhook extends premium to the next billing time', async () => {
    const { profile, id } = await subscribed()
    const before = (await profileOf(profile.userId))?.subscriptionExpiresAt?.getTime() ?? 0
    t.paypal.renew(id)
    const res = await webhook(t.paypal.signedWebhook(t.paypal.saleCompleted(id)))
    expect(res.statusCode).toBe(200)
    const after = (await profileOf(profile.userId))?.subscriptionExpiresAt?.getTime() ?? 0
    expect(after - before).toBe(30 * 86_400_000)
  })

  it('PayPal answering 500 or not at all: a clear error, and the profile is unchanged', async () => {
    const user = await register(t.app)
    const created = (
      await send(t.app, '/api/billing/create-subscription', {}, { cookie: user.cookie })
    ).json()
    t.paypal.approve(created.subscription_id)
    t.paypal.failNext(2, 'error')
    const failed = await send(
      t.app,
      '/api/billing/activate-subscription',
      { subscription_id: created.subscription_id },
      { cookie: user.cookie },
    )
    expect(failed.statusCode).toBe(502)
    expect(failed.json()).toEqual({
      success: false,
      error: 'PayPal returned an error (HTTP 500, INTERNAL_SERVER_ERROR). Please try again.',
    })
    t.paypal.failNext(1, 'hang')
    const hung = await send(
      t.app,
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
    t.paypal.failNext(0)
    const ok = await send(
      t.app,
      '/api/billing/activate-subscription',
      { subscription_id: created.subscription_id },
      { cookie: user.cookie },
    )
    expect(ok.statusCode).toBe(200)
  })

  it('has no test endpoints and says it is not in test mode', async () => {
    const { cookie, profile } = await register(t.app)
    expect((await send(t.app, '/api/billing/config')).json()).toMatchObject({
      provider: 'paypal',
      testMode: false,
    })
    for (const path of [
      '/api/billing/test/simulate-monthly',
      '/api/billing/test/clear',
      '/api/billing/test/clock',
    ]) {
      const res = await send(t.app, path, {}, { cookie })
      expect(res.statusCode, path).toBe(404)
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/billing/sandbox/approve?subscription_id=I-1' })).statusCode,
    ).not.toBe(200)
    expect(await profileOf(profile.userId)).toMatchObject({ planType: 'free' })
  })
})
