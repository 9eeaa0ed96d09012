import { existsSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles, sandboxPayments } from '../db/schema'
import { APP_ORIGIN, register, send } from '../testing/auth'
import { decideOnSandbox, useSandboxBillingApp } from '../testing/billing-harness'
import { DATABASE_KINDS } from '../testing/harness'

const DAY = 86_400_000

describe.each(DATABASE_KINDS)('billing with the sandbox provider on %s', (kind) => {
  const billing = useSandboxBillingApp(kind)

  const profileOf = async (userId: string) =>
    (await billing.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]

  /** Create → approval page → approve; returns the subscription id and the return URL. */
  async function approvedSubscription(cookie: string) {
    const created = await send(
      billing.app,
      '/api/billing/create-subscription',
      { plan_type: 'premium' },
      { cookie },
    )
    expect(created.statusCode).toBe(200)
    const { approval_url, subscription_id } = created.json()
    expect(approval_url).toBe(`${APP_ORIGIN}/billing/sandbox/approve?subscription_id=${subscription_id}`)
    const page = await billing.app.inject({
      method: 'GET',
      url: new URL(approval_url).pathname + new URL(approval_url).search,
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Test mode: payments are simulated. No money is charged.')
    expect(page.body).toContain('$6.99 USD / month')
    // The browser asks for an icon: the page names the app's own (public/favicon.svg), not a 404.
    const icon = /<link rel="icon" href="\/([^"]+)"/.exec(page.body)?.[1]
    expect(icon && existsSync(new URL(`../../../public/${icon}`, import.meta.url))).toBe(true)
    const approved = await decideOnSandbox(billing.app, 'subscription_id', subscription_id, 'approve')
    expect(approved.statusCode).toBe(303)
    const back = new URL(approved.headers.location as string, APP_ORIGIN)
    expect(back.pathname).toBe('/payment/success')
    expect(back.searchParams.get('subscription_id')).toBe(subscription_id)
    expect(back.searchParams.get('token')).toMatch(/^EC-/)
    expect(back.searchParams.get('ba_token')).toMatch(/^BA-/)
    return subscription_id as string
  }

  it('describes the plan and says it is in test mode', async () => {
    const res = await send(billing.app, '/api/billing/config')
    expect(res.json()).toEqual({
      provider: 'sandbox',
      testMode: true,
      plan: { key: 'premium', name: 'Premium Plan', price: '6.99', currency: 'USD', interval: 'month' },
    })
  })

  it('subscribes, activates once, verifies, cancels with premium to the end of the period, then lapses', async () => {
    const { cookie, profile } = await register(billing.app)
    const id = await approvedSubscription(cookie)

    const activated = await send(
      billing.app,
      '/api/billing/activate-subscription',
      { subscription_id: id },
      { cookie },
    )
    expect(activated.statusCode).toBe(200)
    const { subscription } = activated.json()
    expect(subscription).toMatchObject({
      id,
      plan: 'premium',
      amount: '6.99',
      currency: 'USD',
      status: 'active',
    })
    const paidUntil = Date.parse(subscription.next_billing_time)
    expect(paidUntil - Date.parse(subscription.start_time)).toBeGreaterThanOrEqual(28 * DAY)
    const after = await profileOf(profile.userId)
    expect(after).toMatchObject({ planType: 'monthly', subscriptionStatus: 'active', subscriptionId: id })
    expect(after?.subscriptionExpiresAt?.getTime()).toBe(paidUntil)

    // A replayed activation (a reload of the success page) answers the same and writes nothing.
    const again = await send(
      billing.app,
      '/api/billing/activate-subscription',
      { subscription_id: id },
      { cookie },
    )
    expect(again.json().subscription).toEqual(subscription)
    expect((await profileOf(profile.userId))?.updatedAt).toEqual(after?.updatedAt)

    const verified = await send(
      billing.app,
      '/api/billing/verify-subscription',
      { subscription_id: id },
      { cookie },
    )
    expect(verified.json()).toEqual({ success: true, status: 'active' })

    const cancelled = await send(
      billing.app,
      '/api/billing/cancel-subscription',
      { subscription_id: id },
      { cookie },
    )
    expect(cancelled.json()).toEqual({ success: true })
    expect(await profileOf(profile.userId)).toMatchObject({
      planType: 'monthly',
      subscriptionStatus: 'cancelled',
      subscriptionExpiresAt: new Date(paidUntil),
    })
    // Cancelling twice is harmless.
    expect(
      (await send(billing.app, '/api/billing/cancel-subscription', { subscription_id: id }, { cookie }))
        .statusCode,
    ).toBe(200)
    expect(
      (
        await send(billing.app, '/api/billing/verify-subscription', { subscription_id: id }, { cookie })
      ).json().status,
    ).toBe('cancelled')

    const moved = await send(
      billing.app,
      '/api/billing/test/clock',
      { advanceMs: paidUntil - billing.clock.now().getTime() + DAY },
      { cookie },
    )
    expect(moved.json()).toMatchObject({ success: true, lapsed: 1 })
    expect(await profileOf(profile.userId)).toMatchObject({ planType: 'free', subscriptionStatus: 'expired' })
  })

  it('renews an active subscription when its billing time passes, instead of lapsing it', async () => {
    const { cookie, profile } = await register(billing.app)
    const id = await approvedSubscription(cookie)
    await send(billing.app, '/api/billing/activate-subscription', { subscription_id: id }, { cookie })
    const firstEnd = (await profileOf(profile.userId))?.subscriptionExpiresAt?.getTime() ?? 0
    billing.clock.advance(firstEnd - billing.clock.now().getTime() + DAY)
    await send(billing.app, '/api/billing/test/clock', { advanceMs: 0 }, { cookie })
    const renewed = await profileOf(profile.userId)
    expect(renewed).toMatchObject({ planType: 'monthly', subscriptionStatus: 'active' })
    expect(renewed?.subscriptionExpiresAt?.getTime()).toBeGreaterThan(
      billing.clock.now().getTime() + 20 * DAY,
    )
  })

  it("never lets a user activate, verify or cancel someone else's subscription", async () => {
    const owner = await register(billing.app)
    const thief = await register(billing.app)
    const id = await approvedSubscription(owner.cookie)
    for (const path of ['activate-subscription', 'verify-subscription', 'cancel-subscription']) {
      const res = await send(
        billing.app,
        `/api/billing/${path}`,
        { subscription_id: id },
        { cookie: thief.cookie },
      )
      expect(res.statusCode, path).toBe(404)
      expect(res.json()).toEqual({ success: false, error: 'Subscription not found' })
    }
    expect(await profileOf(thief.profile.userId)).toMatchObject({ planType: 'free', subscriptionId: null })
    const [row] = await billing.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id))
    expect(row?.status).toBe('ACTIVE')
  })

  it('refuses an activation before approval, an unknown id, a bad body, a visitor and another site', async () => {
    const { cookie, profile } = await register(billing.app)
    const created = (await send(billing.app, '/api/billing/create-subscription', {}, { cookie })).json()
    const early = await send(
      billing.app,
      '/api/billing/activate-subscription',
      { subscription_id: created.subscription_id },
      { cookie },
    )
    expect(early.statusCode).toBe(409)
    expect(early.json().error).toMatch(/not been approved yet/)
    const unknown = await send(
      billing.app,
      '/api/billing/activate-subscription',
      { subscription_id: 'I-MADEUP' },
      { cookie },
    )
    expect(unknown.json()).toEqual({ success: false, error: 'Subscription not found' })
    for (const body of [{}, { subscription_id: 42 }, { subscription_id: 'x'.repeat(65) }]) {
      expect(
        (await send(billing.app, '/api/billing/activate-subscription', body, { cookie })).statusCode,
      ).toBe(400)
    }
    expect(
      (await send(billing.app, '/api/billing/create-subscription', { plan_type: 'gold' }, { cookie }))
        .statusCode,
    ).toBe(400)
    const visitor = await send(billing.app, '/api/billing/create-subscription', { plan_type: 'premium' })
    expect(visitor.statusCode).toBe(401)
    expect(visitor.json().success).toBe(false)
    const crossSite = await send(
      billing.app,
      '/api/billing/test/simulate-monthly',
      {},
      { cookie, origin: 'https://evil.example' },
    )
    expect(crossSite.statusCode).toBe(403)
    expect(await profileOf(profile.userId)).toMatchObject({
      planType: 'free',
      subscriptionStatus: 'inactive',
    })
  })

  it('Cancel and return on the approval page leads to /payment/cancel and changes nothing', async () => {
    const { cookie, profile } = await register(billing.app)
    const { subscription_id } = (
      await send(billing.app, '/api/billing/create-subscription', {}, { cookie })
    ).json()
    const back = await decideOnSandbox(billing.app, 'subscription_id', subscription_id, 'cancel')
    expect(back.statusCode).toBe(303)
    expect(back.headers.location).toMatch(/^\/payment\/cancel\?token=/)
    expect(await profileOf(profile.userId)).toMatchObject({ planType: 'free' })
    const form = await billing.app.inject({
      method: 'GET',
      url: `/billing/sandbox/approve?subscription_id=${subscription_id}`,
    })
    expect(form.statusCode).toBe(200)
  })

  it('does not open a second subscription for a premium user', async () => {
    const { cookie } = await register(billing.app)
    const id = await approvedSubscription(cookie)
    await send(billing.app, '/api/billing/activate-subscription', { subscription_id: id }, { cookie })
    const second = await send(billing.app, '/api/billing/create-subscription', {}, { cookie })
    expect(second.statusCode).toBe(409)
    expect(second.json().error).toBe('You already have an active Premium subscription.')
  })

  it('a one-time payment buys 30 days once, however often it is captured, and only for its owner', async () => {
    const { cookie, profile } = await register(billing.app)
    const other = await register(billing.app)
    const created = (await send(billing.app, '/api/billing/create-payment', {}, { cookie })).json()
    expect(created.approval_url).toContain(`/billing/sandbox/approve?order_id=${created.order_id}`)
    const early = await send(
      billing.app,
      '/api/billing/capture-payment',
      { order_id: created.order_id },
      { cookie },
    )
    expect(early.statusCode).toBe(502)
    const approved = await decideOnSandbox(billing.app, 'order_id', created.order_id, 'approve')
    expect(approved.headers.location).toMatch(
      new RegExp(`^/payment/success\\?token=${created.order_id}&PayerID=`),
    )
    const stolen = await send(
      billing.app,
      '/api/billing/capture-payment',
      { order_id: created.order_id },
      { cookie: other.cookie },
    )
    expect(stolen.statusCode).toBe(404)
    const captured = await send(
      billing.app,
      '/api/billing/capture-payment',
      { order_id: created.order_id },
      { cookie },
    )
    expect(captured.json()).toMatchObject({
      success: true,
      payment: { amount: '6.99', currency: 'USD', status: 'completed' },
    })
    const first = await profileOf(profile.userId)
    expect(first).toMatchObject({ planType: 'monthly', subscriptionStatus: 'active' })
    expect((first?.subscriptionExpiresAt?.getTime() ?? 0) - billing.clock.now().getTime()).toBeGreaterThan(
      29 * DAY,
    )
    await send(billing.app, '/api/billing/capture-payment', { order_id: created.order_id }, { cookie })
    expect((await profileOf(profile.userId))?.subscriptionExpiresAt).toEqual(first?.subscriptionExpiresAt)
    expect(await profileOf(other.profile.userId)).toMatchObject({ planType: 'free' })
  })

  it('the test page simulates a monthly plan and clears it; the sandbox refuses webhooks', async () => {
    const { cookie, profile } = await register(billing.app)
    const simulated = await send(billing.app, '/api/billing/test/simulate-monthly', {}, { cookie })
    expect(simulated.json().profile).toMatchObject({ planType: 'monthly', subscriptionStatus: 'active' })
    expect(simulated.json().profile.subscriptionId).toMatch(/^TEST-/)
    const { subscriptionId } = simulated.json().profile
    expect(
      (
        await send(
          billing.app,
          '/api/billing/verify-subscription',
          { subscription_id: subscriptionId },
          { cookie },
        )
      ).json(),
    ).toEqual({
      success: true,
      status: 'active',
    })
    const cleared = await send(billing.app, '/api/billing/test/clear', {}, { cookie })
    expect(cleared.json().profile).toMatchObject({
      planType: 'free',
      subscriptionStatus: 'inactive',
      subscriptionId: null,
    })
    const hook = await billing.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        id: 'WH-1',
        event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
        resource: { id: 'I-X' },
      }),
    })
    expect(hook.statusCode).toBe(400)
    expect(await profileOf(profile.userId)).toMatchObject({ planType: 'free' })
  })
})
