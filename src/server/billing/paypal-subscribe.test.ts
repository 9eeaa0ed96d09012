import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles, users } from '../db/schema'
import { newUser, register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { usePaypalApp } from '../testing/paypal-app'

describe.each(DATABASE_KINDS)('subscribing through PayPal on %s', (kind) => {
  const t = usePaypalApp(kind)

  const create = (cookie: string, attempt_id?: string) =>
    send(t.app, '/api/billing/create-subscription', { plan_type: 'premium', attempt_id }, { cookie })

  it('one Subscribe Now, retried after a timeout, makes one subscription at PayPal', async () => {
    const { cookie, profile } = await register(t.app)
    const attempt = crypto.randomUUID()
    // PayPal is slow: our request gives up, PayPal still creates the subscription.
    t.paypal.failNext(1, 'slow', '/v1/billing/subscriptions', 700)
    expect((await create(cookie, attempt)).statusCode).toBe(502)
    const retried = await create(cookie, attempt)
    expect(retried.statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 400))
    const again = await create(cookie, attempt)
    expect(again.json().subscription_id).toBe(retried.json().subscription_id)
    const mine = t.paypal.received.filter(
      (r) => r.path === '/v1/billing/subscriptions' && r.body.includes(profile.userId),
    )
    expect(new Set(mine.map((r) => r.headers['paypal-request-id'])).size).toBe(1)

    // A new intent is a new subscription; another user's same attempt id is theirs alone.
    const next = await create(cookie, crypto.randomUUID())
    expect(next.json().subscription_id).not.toBe(retried.json().subscription_id)
    const other = await register(t.app)
    const theirs = await create(other.cookie, attempt)
    expect(theirs.json().subscription_id).not.toBe(retried.json().subscription_id)
  })

  it('a one-word display name is not sent as both given name and surname', async () => {
    const { cookie } = await register(t.app, { ...newUser(), displayName: 'Ada' })
    const id = (await create(cookie)).json().subscription_id
    expect(t.paypal.subscription(id)?.subscriber).toMatchObject({ email_address: expect.any(String) })
    expect(t.paypal.subscription(id)?.subscriber).not.toHaveProperty('name')
    const { cookie: full } = await register(t.app, { ...newUser(), displayName: 'Ada King Lovelace' })
    const named = (await create(full)).json().subscription_id
    expect(t.paypal.subscription(named)?.subscriber).toMatchObject({
      name: { given_name: 'Ada King', surname: 'Lovelace' },
    })
  })

  it('the return page tells an approved subscription (activating) from one not approved yet', async () => {
    const { cookie } = await register(t.app)
    const id = (await create(cookie)).json().subscription_id
    const activate = () =>
      send(t.app, '/api/billing/activate-subscription', { subscription_id: id }, { cookie })
    expect((await activate()).json().error).toBe(
      'The subscription has not been approved yet. Please finish the approval at PayPal, then try again.',
    )
    expect((await activate()).statusCode).toBe(409)
    // Approved and being activated is not a failure: 202, so the page offers no second subscription.
    t.paypal.approveOnly(id)
    const approved = await activate()
    expect(approved.statusCode).toBe(202)
    expect(approved.json()).toEqual({
      success: false,
      pending: true,
      error:
        'PayPal has approved your subscription and is activating it. Premium starts within a few minutes; reload this page to check.',
    })
  })

  it('a verified account’s first subscription is made on the trial plan and first billed 7 days later', async () => {
    const unverified = await register(t.app)
    const plain = (await create(unverified.cookie)).json().subscription_id
    expect(t.paypal.subscription(plain)?.plan_id).toBe('P-WHIRL-PREMIUM')

    const { cookie, profile } = await register(t.app)
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, profile.userId))
    const id = (await create(cookie)).json().subscription_id
    expect(t.paypal.subscription(id)?.plan_id).toBe('P-WHIRL-TRIAL')
    t.paypal.approve(id)
    const activated = await send(
      t.app,
      '/api/billing/activate-subscription',
      { subscription_id: id },
      { cookie },
    )
    expect(activated.statusCode, activated.body).toBe(200)
    const { start_time, next_billing_time } = activated.json().subscription
    expect(Date.parse(next_billing_time) - Date.parse(start_time)).toBe(7 * 86_400_000)
    const trial = (await send(t.app, '/api/billing/trial', undefined, { cookie })).json()
    expect(trial).toMatchObject({
      eligible: false,
      trial: { endsAt: new Date(next_billing_time).toISOString() },
    })
  })

  it('one trial per account: of subscriptions created at once while eligible, one is on the trial plan', async () => {
    const { cookie, profile } = await register(t.app)
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, profile.userId))
    const created = await Promise.all([create(cookie), create(cookie), create(cookie)])
    const plans = created.map((res) => t.paypal.subscription(res.json().subscription_id)?.plan_id)
    expect(plans.sort()).toEqual(['P-WHIRL-PREMIUM', 'P-WHIRL-PREMIUM', 'P-WHIRL-TRIAL'])
    const later = (await create(cookie)).json().subscription_id
    expect(t.paypal.subscription(later)?.plan_id).toBe('P-WHIRL-PREMIUM')
    const trial = (await send(t.app, '/api/billing/trial', undefined, { cookie })).json()
    expect(trial).toEqual({ eligible: false, used: true, trial: null })
  })

  it('subscribing again before a cancelled plan’s paid end asks PayPal to start then: nothing is charged twice', async () => {
    const { cookie, profile } = await register(t.app)
    const activate = (id: string) =>
      send(t.app, '/api/billing/activate-subscription', { subscription_id: id }, { cookie })
    const first = (await create(cookie)).json().subscription_id
    t.paypal.approve(first)
    expect((await activate(first)).statusCode).toBe(200)
    await send(t.app, '/api/billing/cancel-subscription', { subscription_id: first }, { cookie })
    const [cancelled] = await t.database.db.select().from(profiles).where(eq(profiles.userId, profile.userId))
    const paidEnd = cancelled?.subscriptionExpiresAt?.toISOString()
    expect(cancelled).toMatchObject({ subscriptionStatus: 'cancelled', planType: 'monthly' })

    const again = (await create(cookie)).json().subscription_id
    const sent = t.paypal.received.filter((r) => r.path === '/v1/billing/subscriptions').at(-1)
    expect(JSON.parse(sent?.body ?? '{}').start_time).toBe(paidEnd)
    t.paypal.approve(again)
    expect(t.paypal.subscription(again)).toMatchObject({
      next_billing_time: paidEnd,
      last_payment_time: null,
    })
    const activated = await activate(again)
    expect(activated.statusCode, activated.body).toBe(200)
    expect(activated.json().subscription.next_billing_time).toBe(paidEnd)
    const [after] = await t.database.db.select().from(profiles).where(eq(profiles.userId, profile.userId))
    expect(after).toMatchObject({ subscriptionId: again, subscriptionStatus: 'active' })
    expect(after?.subscriptionExpiresAt?.toISOString()).toBe(paidEnd)
  })
})
