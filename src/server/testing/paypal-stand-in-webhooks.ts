import { randomBytes, randomUUID } from 'node:crypto'
import {
  captureBody,
  newId,
  type StandInOrder,
  type StandInSubscription,
  subscriptionBody,
} from './paypal-stand-in-records'

/**
 * Webhook deliveries of the PayPal stand-in: it signs what it delivers and remembers the exact text,
 * so verify-webhook-signature answers SUCCESS only for that text, byte for byte, as PayPal does
 * (its signature covers the bytes it sent, not a re-encoding of them).
 */
export function createWebhookDesk() {
  const issued = new Map<string, { sig: string; body: string }>()

  return {
    /** A delivery as PayPal sends it; `event` is an object, or the exact raw text to deliver. */
    signed(event: object | string) {
      const body = typeof event === 'string' ? event : JSON.stringify(event)
      const transmissionId = randomUUID()
      // A signature as PayPal's pattern has it: starts with a word character.
      const sig = `S${randomBytes(64).toString('base64')}`
      issued.set(transmissionId, { sig, body })
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url':
            'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        },
      }
    },
    /** True when the request names a delivery we made and carries its event text unchanged. */
    genuine(request: { transmission_id: string; transmission_sig: string }, rawEvent: string | null) {
      const delivery = issued.get(request.transmission_id)
      return delivery !== undefined && delivery.sig === request.transmission_sig && rawEvent === delivery.body
    },
  }
}

const skipString = (text: string, at: number): number => {
  let i = at + 1
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
  return i + 1
}

/** The end of the JSON value starting at `at` (objects and arrays by nesting, strings by quotes). */
function skipValue(text: string, at: number): number {
  if (text[at] === '"') return skipString(text, at)
  let depth = 0
  let i = at
  while (i < text.length) {
    const c = text[i] as string
    if (c === '"') {
      i = skipString(text, i)
      continue
    }
    if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      if (depth === 0) return i
      depth--
      if (depth === 0) return i + 1
    } else if (depth === 0 && (c === ',' || /\s/.test(c))) return i
    i++
  }
  return i
}

/** The raw text of a top-level member of a JSON object, exactly as it was sent. */
export function rawMember(text: string, key: string): string | null {
  const ws = (i: number) => {
    while (i < text.length && /\s/.test(text[i] as string)) i++
    return i
  }
  let i = ws(0)
  if (text[i] !== '{') return null
  i = ws(i + 1)
  while (text[i] === '"') {
    const end = skipString(text, i)
    const name = JSON.parse(text.slice(i, end)) as string
    i = ws(end)
    if (text[i] !== ':') return null
    const start = ws(i + 1)
    const stop = skipValue(text, start)
    if (name === key) return text.slice(start, stop)
    i = ws(stop)
    if (text[i] !== ',') return null
    i = ws(i + 1)
  }
  return null
}

const envelope = (eventType: string, resourceType: string, summary: string, resource: object) => ({
  id: newId('WH-', 17),
  event_version: '1.0',
  create_time: new Date().toISOString(),
  resource_type: resourceType,
  resource_version: '2.0',
  event_type: eventType,
  summary,
  resource,
})

export function subscriptionEvent(eventType: string, sub: StandInSubscription | undefined, subId: string) {
  return envelope(
    eventType,
    'subscription',
    `Subscription ${eventType.split('.').at(-1)?.toLowerCase()}`,
    sub ? subscriptionBody(sub) : { id: subId, status: 'ACTIVE' },
  )
}

export function saleCompletedEvent(subId: string) {
  const { resource_version: _, ...event } = envelope(
    'PAYMENT.SALE.COMPLETED',
    'sale',
    'Payment completed for $ 6.99 USD',
    {
      id: newId('', 17),
      state: 'completed',
      amount: { total: '6.99', currency: 'USD' },
      billing_agreement_id: subId,
      create_time: new Date().toISOString(),
    },
  )
  return event
}

export function captureEvent(eventType: string, order: StandInOrder) {
  return envelope(eventType, 'capture', `Payment ${eventType.split('.').at(-1)?.toLowerCase()}`, {
    ...captureBody(order),
  })
}
