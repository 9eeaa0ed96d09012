import { describe, expect, it } from 'vitest'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { usePaypalApp } from '../testing/paypal-app'

const DAY = 86_400_000

describe.each(DATABASE_KINDS)('one-time PayPal payments on %s', (kind) => {
  const t = usePaypalApp(kind)

  async function approvedOrder() {
    const user = await register(t.app)
    const created = await send(t.app, '/api/billing/create-payment', {}, { cookie: user.cookie })
    expect(created.statusCode).toBe(200)
    const orderId = created.json().order_id as string
    t.paypal.approveOrder(orderId)
    const capture = () =>
      send(t.app, '/api/billing/capture-payment', { order_id: orderId }, { cookie: user.cookie })
    return { ...user, orderId, capture }
  }

  it('a COMPLETED capture grants 30 days', async () => {
    const { profile, capture } = await approvedOrder()
    const res = await capture()
    expect(res.json()).toMatchObject({ success: true, payment: { status: 'completed', amount: '6.99' } })
    const after = await t.profileOf(profile.userId)
    expect(after).toMatchObject({ planType: 'monthly', subscriptionStatus: 'active' })
    expect((after?.subscriptionExpiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * DAY)
  })

  it('a PENDING capture grants nothing yet and says so; PayPal’s PAYMENT.CAPTURE.COMPLETED grants it', async () => {
    const { profile, orderId, capture } = await approvedOrder()
    t.paypal.setCaptureOutcome({ status: 'PENDING', reason: 'PENDING_REVIEW' })
    const res = await capture()
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({
      success: false,
      pending: true,
      error: 'PayPal is still reviewing this payment; premium starts when it completes',
    })
    expect(await t.profileOf(profile.userId)).toMatchObject({ planType: 'free' })
    // Asking again while it is pending answers the same and grants nothing.
    expect((await capture()).statusCode).toBe(202)
    expect(await t.profileOf(profile.userId)).toMatchObject({ planType: 'free' })

    const event = t.paypal.signedWebhook(t.paypal.completeCapture(orderId))
    expect((await t.webhook(event)).json()).toEqual({ success: true, duplicate: false })
    const after = await t.profileOf(profile.userId)
    expect(after).toMatchObject({ planType: 'monthly', subscriptionStatus: 'active' })
    expect((after?.subscriptionExpiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * DAY)
    // Once granted, the return page's capture answers completed and adds nothing.
    const expires = after?.subscriptionExpiresAt?.getTime()
    expect((await capture()).json()).toMatchObject({ success: true, payment: { status: 'completed' } })
    expect((await t.profileOf(profile.userId))?.subscriptionExpiresAt?.getTime()).toBe(expires)
  })

  it('a DECLINED or FAILED capture grants nothing and says so', async () => {
    for (const status of ['DECLINED', 'FAILED'] as const) {
      const { profile, capture } = await approvedOrder()
      t.paypal.setCaptureOutcome({ status })
      const res = await capture()
      expect(res.statusCode, status).toBe(402)
      expect(res.json().error).toBe(
        'PayPal declined this payment. Nothing was charged and premium has not started.',
      )
      expect(await t.profileOf(profile.userId)).toMatchObject({ planType: 'free' })
    }
  })
})
