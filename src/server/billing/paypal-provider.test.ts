import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type PaypalStandIn, startPaypalStandIn } from '../testing/paypal-stand-in'
import { createPaypalProvider } from './paypal-provider'
import { ProviderError } from './provider'

describe('the PayPal provider against a PayPal stand-in', () => {
  let paypal: PaypalStandIn
  beforeAll(async () => {
    paypal = await startPaypalStandIn()
  })
  afterEach(() => {
    paypal.setTokenLifetime(32_400)
    paypal.failNext(0)
  })
  afterAll(async () => paypal.close())

  const provider = (extra: { timeoutMs?: number; now?: () => number } = {}) =>
    createPaypalProvider({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      planId: 'P-5ML4271244454362WXNWU5NQ',
      webhookId: paypal.webhookId,
      apiUrl: paypal.url,
      ...extra,
    })
  const input = (requestId: string = crypto.randomUUID()) => ({
    userId: 'user-1',
    requestId,
    subscriber: { name: 'Ada King Lovelace', email: 'ada@example.com' },
    returnUrl: 'http://localhost:3000/payment/success',
    cancelUrl: 'http://localhost:3000/payment/cancel',
  })

  it('creates, is approved, reads ACTIVE with the next billing time, and cancels', async () => {
    const p = provider()
    const created = await p.createSubscription(input())
    expect(created.id).toMatch(/^I-/)
    expect(created.approvalUrl).toMatch(
      /^https:\/\/www\.sandbox\.paypal\.com\/webapps\/billing\/subscriptions\?ba_token=BA-/,
    )
    expect(await p.getSubscription(created.id)).toMatchObject({
      status: 'APPROVAL_PENDING',
      customId: 'user-1',
    })
    paypal.approve(created.id)
    const active = await p.getSubscription(created.id)
    expect(active).toMatchObject({ id: created.id, status: 'ACTIVE', planId: 'P-5ML4271244454362WXNWU5NQ' })
    expect(Date.parse(active?.nextBillingTime ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    await p.cancelSubscription(created.id, 'User requested cancellation')
    expect((await p.getSubscription(created.id))?.status).toBe('CANCELLED')
    await expect(p.cancelSubscription(created.id, 'again')).rejects.toThrow(/SUBSCRIPTION_STATUS_INVALID/)
    expect(await p.getSubscription('I-UNKNOWN')).toBeNull()
  })

  it('sends one PayPal-Request-Id per creation: a retried request makes no second subscription', async () => {
    const p = provider()
    const first = await p.createSubscription(input('same-key'))
    const second = await p.createSubscription(input('same-key'))
    expect(second.id).toBe(first.id)
  })

  it('caches the token, refreshes it when it expires and once when PayPal revokes it early', async () => {
    let clock = Date.now()
    const p = provider({ now: () => clock })
    const before = paypal.count('POST /v1/oauth2/token')
    const { id } = await p.createSubscription(input())
    await p.getSubscription(id)
    await Promise.all([p.getSubscription(id), p.getSubscription(id)])
    expect(paypal.count('POST /v1/oauth2/token') - before).toBe(1)
    clock += 32_400 * 1000
    await p.getSubscription(id)
    expect(paypal.count('POST /v1/oauth2/token') - before).toBe(2)
    paypal.revokeTokens()
    expect((await p.getSubscription(id))?.id).toBe(id)
    expect(paypal.count('POST /v1/oauth2/token') - before).toBe(3)
  })

  it('refuses ids that are not PayPal ids without asking PayPal', async () => {
    const p = provider()
    const before = paypal.requests.length
    expect(await p.getSubscription('../v1/oauth2/token')).toBeNull()
    await expect(p.cancelSubscription('I-1/cancel?x', 'r')).rejects.toThrow('Subscription not found')
    await expect(p.captureOrder('a b')).rejects.toThrow('Payment not found')
    expect(paypal.requests.length).toBe(before)
  })

  it('turns a PayPal error or a hang into a clear ProviderError', async () => {
    const p = provider({ timeoutMs: 300 })
    await p.createSubscription(input())
    paypal.failNext(1, 'error')
    const failed = await p.createSubscription(input()).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(ProviderError)
    expect((failed as ProviderError).message).toBe(
      'PayPal returned an error (HTTP 500, INTERNAL_SERVER_ERROR). Please try again.',
    )
    paypal.failNext(1, 'hang')
    const started = Date.now()
    await expect(p.getSubscription('I-ANY')).rejects.toThrow(
      'PayPal is not responding. Please try again in a moment.',
    )
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('creates and captures a one-time payment (Orders v2), and a second capture reads the first', async () => {
    const p = provider()
    const order = await p.createOrder({
      userId: 'user-1',
      requestId: crypto.randomUUID(),
      amount: '6.99',
      currency: 'USD',
      description: 'Whirl Premium: 30 days',
      returnUrl: 'http://localhost:3000/payment/success',
      cancelUrl: 'http://localhost:3000/payment/cancel',
    })
    expect(order.approvalUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`)
    await expect(p.captureOrder(order.id)).rejects.toThrow(/ORDER_NOT_APPROVED/)
    paypal.approveOrder(order.id)
    const captured = await p.captureOrder(order.id)
    expect(captured).toEqual({
      id: order.id,
      orderStatus: 'COMPLETED',
      captureStatus: 'COMPLETED',
      pendingReason: null,
      amount: '6.99',
      currency: 'USD',
      customId: 'user-1',
    })
    expect(await p.captureOrder(order.id)).toEqual(captured)
  })

  it('accepts only webhooks PayPal confirms: forged, altered or unsigned deliveries are null', async () => {
    const p = provider()
    const { id } = await p.createSubscription(input())
    const event = paypal.subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', id)
    const genuine = paypal.signedWebhook(event)
    expect(await p.verifyWebhook(genuine.headers, genuine.body)).toMatchObject({
      id: event.id,
      eventType: 'BILLING.SUBSCRIPTION.CANCELLED',
      subscriptionId: id,
    })
    const sale = paypal.saleCompleted(id)
    const signedSale = paypal.signedWebhook(sale)
    expect((await p.verifyWebhook(signedSale.headers, signedSale.body))?.subscriptionId).toBe(id)

    const altered = genuine.body.replace('CANCELLED', 'ACTIVATED')
    expect(await p.verifyWebhook(genuine.headers, altered)).toBeNull()
    expect(
      await p.verifyWebhook({ ...genuine.headers, 'paypal-transmission-sig': 'forged' }, genuine.body),
    ).toBeNull()
    const { 'paypal-transmission-id': _, ...unsigned } = genuine.headers
    expect(await p.verifyWebhook(unsigned, genuine.body)).toBeNull()
    expect(await p.verifyWebhook(genuine.headers, 'not json')).toBeNull()
  })

  it('sends Prefer: return=representation only where PayPal declares it', async () => {
    const p = provider()
    const from = paypal.received.length
    const { id } = await p.createSubscription(input())
    await p.getSubscription(id)
    paypal.approve(id)
    await p.cancelSubscription(id, 'r')
    const order = await p.createOrder({
      userId: 'user-1',
      requestId: crypto.randomUUID(),
      amount: '6.99',
      currency: 'USD',
      description: 'Whirl Premium: 30 days',
      returnUrl: 'http://localhost:3000/payment/success',
      cancelUrl: 'http://localhost:3000/payment/cancel',
    })
    paypal.approveOrder(order.id)
    await p.captureOrder(order.id)
    await p.getOrder(order.id)
    const signed = paypal.signedWebhook(paypal.subscriptionEvent('BILLING.SUBSCRIPTION.CANCELLED', id))
    await p.verifyWebhook(signed.headers, signed.body)
    const preferred = paypal.received
      .slice(from)
      .filter((r) => r.headers.prefer === 'return=representation')
      .map((r) => `${r.method} ${r.path.replace(id, '{id}').replace(order.id, '{id}')}`)
    expect(preferred).toEqual([
      'POST /v1/billing/subscriptions',
      'POST /v2/checkout/orders',
      'POST /v2/checkout/orders/{id}/capture',
    ])
  })
})
