import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { billingSubscriptions } from '../db/schema'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { usePaypalApp } from '../testing/paypal-app'

const NEVER_STARTED =
  'This subscription had not started yet, so nothing was charged. It is cancelled and will not start.'

describe.each(DATABASE_KINDS)('cancelling a PayPal subscription that never started, on %s', (kind) => {
  const t = usePaypalApp(kind)

  async function created() {
    const user = await register(t.app)
    const res = await send(t.app, '/api/billing/create-subscription', {}, { cookie: user.cookie })
    return { ...user, id: res.json().subscription_id as string }
  }
  const cancel = (cookie: string, id: string) =>
    send(t.app, '/api/billing/cancel-subscription', { subscription_id: id }, { cookie })

  it('APPROVAL_PENDING: cancelled here without PayPal’s cancel, the user is told nothing was charged', async () => {
    const { cookie, profile, id } = await created()
    const res = await cancel(cookie, id)
    expect(res.json()).toEqual({ success: true, message: NEVER_STARTED })
    expect(t.paypal.count(`POST /v1/billing/subscriptions/${id}/cancel`)).toBe(0)
    // An approval that arrives after all does not activate it.
    t.paypal.approveOnly(id)
    const activated = await send(
      t.app,
      '/api/billing/activate-subscription',
      { subscription_id: id },
      { cookie },
    )
    expect(activated.statusCode).toBe(409)
    expect(activated.json().error).toBe(NEVER_STARTED)
    expect(await t.profileOf(profile.userId)).toMatchObject({ planType: 'free' })
  })

  it('APPROVED: no 422 from PayPal; if PayPal starts it anyway it is cancelled at once, premium to the paid end', async () => {
    const { cookie, profile, id } = await created()
    t.paypal.approveOnly(id)
    const res = await cancel(cookie, id)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(NEVER_STARTED)
    expect(t.paypal.count(`POST /v1/billing/subscriptions/${id}/cancel`)).toBe(0)
    const [row] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, id))
    expect(row?.status).toBe('WITHDRAWN')

    t.paypal.approve(id)
    const event = t.paypal.signedWebhook(t.paypal.subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', id))
    expect((await t.webhook(event)).statusCode).toBe(200)
    expect(t.paypal.subscription(id)?.status).toBe('CANCELLED')
    const after = await t.profileOf(profile.userId)
    expect(after).toMatchObject({ planType: 'monthly', subscriptionStatus: 'cancelled', subscriptionId: id })
    expect(after?.subscriptionExpiresAt?.toISOString()).toBe(t.paypal.subscription(id)?.next_billing_time)
  })
})
