import { describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../testing/harness'
import { usePaypalApp } from '../testing/paypal-app'

describe.each(DATABASE_KINDS)('PayPal webhooks on %s', (kind) => {
  const t = usePaypalApp(kind)

  /** The event as PayPal might write it: escapes and a number that JSON.stringify would rewrite. */
  const rawEvent = (event: object) => {
    const text = JSON.stringify(event).replace(
      /"summary":"[^"]*"/,
      '"summary":"Premium \\u20ac6.99 \\/ month","rate":1.0',
    )
    expect(text).toContain('\\u20ac')
    expect(JSON.stringify(JSON.parse(text))).not.toBe(text)
    return text
  }

  it('a genuine webhook is verified with its exact bytes: \\u20ac, \\/ and 1.0 survive, premium changes', async () => {
    const { profile, id } = await t.subscribed()
    t.paypal.setStatus(id, 'SUSPENDED')
    const raw = rawEvent(t.paypal.subscriptionEvent('BILLING.SUBSCRIPTION.SUSPENDED', id))
    const delivery = t.paypal.signedWebhook(raw)

    // Re-encoded, the same event is not what PayPal signed: the stand-in refuses it.
    const reencoded = await t.webhook({ ...delivery, body: JSON.stringify(JSON.parse(raw)) })
    expect(reencoded.statusCode).toBe(400)
    expect(await t.profileOf(profile.userId)).toMatchObject({ subscriptionStatus: 'active' })

    const res = await t.webhook(delivery)
    expect(res.json()).toEqual({ success: true, duplicate: false })
    expect(await t.profileOf(profile.userId)).toMatchObject({ subscriptionStatus: 'suspended' })
    const verify = t.paypal.received.filter((r) => r.path === '/v1/notifications/verify-webhook-signature')
    expect(verify.at(-1)?.body).toContain(`"webhook_event":${raw}`)
  })

  it('a forgery is refused with 400 and logged as one; a PayPal outage is 503, logged as an outage', async () => {
    const { profile, id } = await t.subscribed()
    t.paypal.setStatus(id, 'SUSPENDED')
    const delivery = t.paypal.signedWebhook(t.paypal.subscriptionEvent('BILLING.SUBSCRIPTION.SUSPENDED', id))

    const forged = await t.webhook({
      ...delivery,
      headers: { ...delivery.headers, 'paypal-transmission-sig': 'forged' },
    })
    expect(forged.statusCode).toBe(400)
    expect(t.logs.map((l) => l.msg)).toContain(
      'billing webhook refused: not genuine (forged, altered or unsigned)',
    )

    for (const mode of [429, 503, 'hang'] as const) {
      t.logs.length = 0
      t.paypal.failNext(1, mode, '/v1/notifications/')
      const res = await t.webhook(delivery)
      expect(res.statusCode, String(mode)).toBe(503)
      const outage = t.logs.find((l) =>
        l.msg.startsWith('billing webhook not handled: PayPal unavailable (outage)'),
      )
      expect(outage?.level, String(mode)).toBe(40)
      expect(t.logs.map((l) => l.msg).join()).not.toContain('not genuine')
      expect(await t.profileOf(profile.userId)).toMatchObject({ subscriptionStatus: 'active' })
    }
    // PayPal delivers it again once it is back.
    expect((await t.webhook(delivery)).json()).toEqual({ success: true, duplicate: false })
    expect(await t.profileOf(profile.userId)).toMatchObject({ subscriptionStatus: 'suspended' })
  })
})
