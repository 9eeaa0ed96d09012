import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles } from '../db/schema'
import type { ProfileEvents } from '../events/events'
import { createProfileRepository } from '../profile/repository'
import { register, send } from '../testing/auth'
import { decideOnSandbox, useSandboxBillingApp } from '../testing/billing-harness'
import { DATABASE_KINDS } from '../testing/harness'
import { createPlanRenewal } from './plan-renewal'
import type { PaymentProvider } from './provider'

const DAY = 86_400_000

describe.each(DATABASE_KINDS)('billing races and re-subscriptions on %s', (kind) => {
  const billing = useSandboxBillingApp(kind)

  const profileOf = async (userId: string) =>
    (await billing.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]

  async function subscribe(cookie: string) {
    const created = await send(
      billing.app,
      '/api/billing/create-subscription',
      { plan_type: 'premium' },
      { cookie },
    )
    expect(created.statusCode).toBe(200)
    const id = created.json().subscription_id as string
    expect((await decideOnSandbox(billing.app, 'subscription_id', id)).statusCode).toBe(303)
    const activated = await send(
      billing.app,
      '/api/billing/activate-subscription',
      { subscription_id: id },
      { cookie },
    )
    expect(activated.statusCode).toBe(200)
    return id
  }

  it('keeps premium when a user cancels, subscribes again and the old period ends', async () => {
    const { cookie, profile } = await register(billing.app)
    const first = await subscribe(cookie)
    await send(billing.app, '/api/billing/cancel-subscription', { subscription_id: first }, { cookie })
    const oldEnd = (await profileOf(profile.userId))?.subscriptionExpiresAt?.getTime() ?? 0
    billing.clock.advance(5 * DAY)
    const second = await subscribe(cookie)
    expect(await profileOf(profile.userId)).toMatchObject({
      subscriptionId: second,
      subscriptionStatus: 'active',
    })
    const moved = await send(
      billing.app,
      '/api/billing/test/clock',
      { advanceMs: oldEnd - billing.clock.now().getTime() + DAY },
      { cookie },
    )
    expect(moved.json()).toMatchObject({ success: true, lapsed: 0 })
    expect(await profileOf(profile.userId)).toMatchObject({
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: second,
    })
  })

  it('two one-time payments captured at the same moment add 30 days each (60 in all)', async () => {
    const { cookie, profile } = await register(billing.app)
    const orders: string[] = []
    for (let i = 0; i < 2; i++) {
      const { order_id } = (await send(billing.app, '/api/billing/create-payment', {}, { cookie })).json()
      await decideOnSandbox(billing.app, 'order_id', order_id)
      orders.push(order_id)
    }
    const before = billing.clock.now().getTime()
    const answers = await Promise.all(
      orders.map((order_id) => send(billing.app, '/api/billing/capture-payment', { order_id }, { cookie })),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    const ends = (await profileOf(profile.userId))?.subscriptionExpiresAt?.getTime() ?? 0
    expect(ends - before).toBeGreaterThanOrEqual(60 * DAY - 60_000)
    expect(ends - before).toBeLessThanOrEqual(60 * DAY + 60_000)
  })

  it("the sweep does not lapse a plan that was extended after it read it (a renewal's write wins)", async () => {
    const { profile } = await register(billing.app)
    const now = billing.clock.now()
    const events: ProfileEvents = {
      publish: async () => {},
      announcement: () => null,
      subscribe: () => () => {},
      subscribeAll: () => () => {},
      start: async () => {},
      close: async () => {},
    }
    const repo = createProfileRepository(billing.database.db, events)
    await repo.updatePlan(profile.userId, {
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date(now.getTime() - DAY),
    })
    // The sweep reads the expired plan; a payment lands before it writes.
    const racing = {
      ...repo,
      async get(userId: string) {
        const stale = await repo.get(userId)
        await repo.updatePlan(userId, { subscriptionExpiresAt: new Date(now.getTime() + 30 * DAY) })
        return stale
      },
    }
    const provider = { kind: 'sandbox', getSubscription: async () => null } as unknown as PaymentProvider
    const lapsed = await createPlanRenewal(billing.database.db, provider, racing, billing.clock).sweep()
    expect(lapsed).toBe(0)
    expect(await profileOf(profile.userId)).toMatchObject({
      planType: 'monthly',
      subscriptionStatus: 'active',
    })
  })
})
