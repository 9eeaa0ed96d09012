import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_ID_PATTERN } from '../config/config'
import { type PaypalStandIn, startPaypalStandIn } from './paypal-stand-in'
import { rawMember } from './paypal-stand-in-webhooks'

describe('the PayPal stand-in is strict where PayPal is', () => {
  let paypal: PaypalStandIn
  let token: string
  beforeAll(async () => {
    paypal = await startPaypalStandIn()
    const res = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    token = (await res.json()).access_token
  })
  afterAll(async () => paypal.close())

  const post = (path: string, body: string, extra: Record<string, string> = {}) =>
    fetch(`${paypal.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra },
      body,
    })

  it('answers 400 INVALID_REQUEST in PayPal’s error shape to a body that breaks the schema', async () => {
    const res = await post(
      '/v1/billing/subscriptions',
      JSON.stringify({ plan_id: 'P-1', custom_id: 'u', subscriber: { name: { given_name: 'Ada' } } }),
    )
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({
      name: 'INVALID_REQUEST',
      message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
      details: [{ field: '/subscriber/name/surname', location: 'body' }],
    })
    expect(typeof body.debug_id).toBe('string')
    const missing = await post('/v1/billing/subscriptions/I-X/cancel', '{}')
    expect((await missing.json()).details[0]).toMatchObject({ field: '/reason' })
  })

  it('checks headers too: a Prefer value outside PayPal’s pattern is refused', async () => {
    const res = await post(
      '/v2/checkout/orders',
      JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: '1' } }],
      }),
      { prefer: 'return=representation; x' },
    )
    expect(res.status).toBe(400)
    expect((await res.json()).details[0]).toMatchObject({ location: 'header' })
  })

  it('has a webhook id of PayPal’s pattern, answers 429 and 503 on request, and can be slow', async () => {
    expect(paypal.webhookId).toMatch(WEBHOOK_ID_PATTERN)
    paypal.failNext(1, 429)
    expect((await post('/v1/billing/subscriptions', '{}')).status).toBe(429)
    paypal.failNext(1, 503)
    expect((await post('/v1/billing/subscriptions', '{}')).status).toBe(503)
    paypal.failNext(1, 'slow', '', 300)
    const started = Date.now()
    expect((await post('/v1/billing/subscriptions', '{}')).status).toBe(400)
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
  })

  it('keeps billing_info for SUSPENDED and CANCELLED subscriptions; a failed renewal leaves the due date', async () => {
    const created = await post(
      '/v1/billing/subscriptions',
      JSON.stringify({ plan_id: 'P-WHIRL', custom_id: 'u-1' }),
      { prefer: 'return=representation' },
    )
    expect(created.status).toBe(201)
    const { id } = await created.json()
    const show = async () =>
      (
        await fetch(`${paypal.url}/v1/billing/subscriptions/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
    expect((await show()).billing_info).toBeUndefined()
    paypal.approve(id)
    const due = (await show()).billing_info.next_billing_time
    paypal.failRenewal(id)
    expect(await show()).toMatchObject({
      status: 'ACTIVE',
      billing_info: { next_billing_time: due, failed_payments_count: 1 },
    })
    paypal.failRenewal(id)
    paypal.failRenewal(id)
    const suspended = await show()
    expect(suspended).toMatchObject({ status: 'SUSPENDED', billing_info: { failed_payments_count: 3 } })
    expect(suspended.billing_info.last_payment.amount).toEqual({ currency_code: 'USD', value: '6.99' })
    expect(
      (await post(`/v1/billing/subscriptions/${id}/cancel`, JSON.stringify({ reason: 'r' }))).status,
    ).toBe(204)
    expect(await show()).toMatchObject({ status: 'CANCELLED', billing_info: { failed_payments_count: 3 } })
  })

  it('finds a member’s raw text in a JSON object', () => {
    const text = '{ "a" : [1, {"b": "}"}] , "webhook_event":{"x":"\\u20ac\\/","v":1.0} }'
    expect(rawMember(text, 'webhook_event')).toBe('{"x":"\\u20ac\\/","v":1.0}')
    expect(rawMember(text, 'a')).toBe('[1, {"b": "}"}]')
    expect(rawMember(text, 'missing')).toBeNull()
  })
})
