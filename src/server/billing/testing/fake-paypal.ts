import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for PayPal's REST API on loopback, for tests: OAuth2 client credentials, Subscriptions
 * v1 (create, show, cancel), Orders v2 (create, capture, show) and verify-webhook-signature, with
 * bodies shaped like PayPal's published examples. Test helpers move subscriptions the way a buyer or
 * PayPal would (approve, suspend, expire, renew), make requests fail or hang, and sign webhooks.
 */

type Sub = {
  id: string
  plan_id: string
  custom_id: string | null
  status: string
  start_time: string | null
  create_time: string
  next_billing_time: string | null
  requestId: string | null
}
type Order = { id: string; status: string; value: string; currency: string; custom_id: string | null }

export type FakePaypalOptions = {
  clientId?: string
  clientSecret?: string
  webhookId?: string
  /** Lifetime of issued access tokens, in seconds (PayPal: about 32,400). */
  tokenLifetimeS?: number
}

const id = (prefix: string, length = 12) =>
  `${prefix}${randomBytes(16).toString('hex').toUpperCase().slice(0, length)}`

export async function startFakePaypal(options: FakePaypalOptions = {}) {
  const clientId = options.clientId ?? 'fake-client'
  const clientSecret = options.clientSecret ?? 'fake-secret'
  const webhookId = options.webhookId ?? 'WH-FAKE-1'
  let tokenLifetimeS = options.tokenLifetimeS ?? 32_400
  const tokens = new Map<string, number>()
  const subs = new Map<string, Sub>()
  const orders = new Map<string, Order>()
  const signed = new Map<string, { sig: string; body: string }>()
  const requests: string[] = []
  let failures: { count: number; mode: 'error' | 'hang' } = { count: 0, mode: 'error' }
  const hanging = new Set<ServerResponse>()

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' })
    res.end(body === undefined ? undefined : JSON.stringify(body))
  }
  const notFound = (res: ServerResponse) =>
    send(res, 404, {
      name: 'RESOURCE_NOT_FOUND',
      message: 'The specified resource does not exist.',
      debug_id: id('', 13).toLowerCase(),
      details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' }],
    })
  const unprocessable = (res: ServerResponse, issue: string) =>
    send(res, 422, {
      name: 'UNPROCESSABLE_ENTITY',
      message:
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
      details: [{ issue, description: issue }],
    })

  const subscriptionBody = (sub: Sub) => ({
    id: sub.id,
    plan_id: sub.plan_id,
    custom_id: sub.custom_id ?? undefined,
    status: sub.status,
    status_update_time: new Date().toISOString(),
    start_time: sub.start_time ?? sub.create_time,
    quantity: '1',
    create_time: sub.create_time,
    ...(sub.status === 'ACTIVE'
      ? {
          billing_info: {
            outstanding_balance: { currency_code: 'USD', value: '0.0' },
            cycle_executions: [{ tenure_type: 'REGULAR', sequence: 1, cycles_completed: 1 }],
            last_payment: { amount: { currency_code: 'USD', value: '6.99' }, time: sub.start_time },
            next_billing_time: sub.next_billing_time,
            failed_payments_count: 0,
          },
        }
      : {}),
    links: [
      {
        href: `https://api-m.sandbox.paypal.com/v1/billing/subscriptions/${sub.id}`,
        rel: 'self',
        method: 'GET',
      },
    ],
  })

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = ''
      req.on('data', (chunk) => {
        text += chunk
      })
      req.on('end', () => resolve(text))
    })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const path = url.pathname
    requests.push(`${req.method} ${path}`)
    const raw = await readBody(req)
    if (failures.count > 0) {
      failures.count--
      if (failures.mode === 'hang') {
        hanging.add(res)
        return
      }
      return send(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' })
    }

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
      if (req.headers.authorization !== expected || !raw.includes('grant_type=client_credentials')) {
        return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' })
      }
      const token = `A21AA${randomBytes(24).toString('hex')}`
      tokens.set(token, Date.now() + tokenLifetimeS * 1000)
      return send(res, 200, {
        scope:
          'https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: tokenLifetimeS,
        nonce: `${new Date().toISOString()}${randomUUID()}`,
      })
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const expires = bearer ? tokens.get(bearer) : undefined
    if (!expires || expires <= Date.now()) {
      return send(res, 401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      })
    }
    const body = raw ? JSON.parse(raw) : {}
    const requestId = (req.headers['paypal-request-id'] as string | undefined) ?? null

    if (req.method === 'POST' && path === '/v1/billing/subscriptions') {
      const existing = requestId ? [...subs.values()].find((s) => s.requestId === requestId) : undefined
      const sub: Sub = existing ?? {
        id: id('I-'),
        plan_id: body.plan_id,
        custom_id: body.custom_id ?? null,
        status: 'APPROVAL_PENDING',
        start_time: null,
        create_time: new Date().toISOString(),
        next_billing_time: null,
        requestId,
      }
      subs.set(sub.id, sub)
      const ba = id('BA-', 17)
      return send(res, 201, {
        ...subscriptionBody(sub),
        links: [
          {
            href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=${ba}`,
            rel: 'approve',
            method: 'GET',
          },
          {
            href: `https://api-m.sandbox.paypal.com/v1/billing/subscriptions/${sub.id}`,
            rel: 'edit',
            method: 'PATCH',
          },
          {
            href: `https://api-m.sandbox.paypal.com/v1/billing/subscriptions/${sub.id}`,
            rel: 'self',
            method: 'GET',
          },
        ],
      })
    }
    const subMatch = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path)
    if (subMatch) {
      const sub = subs.get(subMatch[1] as string)
      if (!sub) return notFound(res)
      if (req.method === 'GET' && !subMatch[2]) return send(res, 200, subscriptionBody(sub))
      if (req.method === 'POST' && subMatch[2]) {
        if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED')
          return unprocessable(res, 'SUBSCRIPTION_STATUS_INVALID')
        sub.status = 'CANCELLED'
        return send(res, 204)
      }
    }

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const unit = body.purchase_units?.[0] ?? {}
      const order: Order = {
        id: id('', 17),
        status: 'PAYER_ACTION_REQUIRED',
        value: unit.amount?.value,
        currency: unit.amount?.currency_code,
        custom_id: unit.custom_id ?? null,
      }
      orders.set(order.id, order)
      return send(res, 200, {
        id: order.id,
        status: order.status,
        payment_source: { paypal: {} },
        links: [
          {
            href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${order.id}`,
            rel: 'self',
            method: 'GET',
          },
          {
            href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
            rel: 'payer-action',
            method: 'GET',
          },
        ],
      })
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path)
    if (orderMatch) {
      const order = orders.get(orderMatch[1] as string)
      if (!order) return notFound(res)
      const orderBody = () => ({
        id: order.id,
        status: order.status,
        purchase_units: [
          {
            reference_id: 'default',
            payments: {
              captures: [
                {
                  id: `CAP${order.id.slice(3)}`,
                  status: 'COMPLETED',
                  amount: { currency_code: order.currency, value: order.value },
                  custom_id: order.custom_id ?? undefined,
                  final_capture: true,
                },
              ],
            },
          },
        ],
      })
      if (req.method === 'GET' && !orderMatch[2]) return send(res, 200, orderBody())
      if (req.method === 'POST' && orderMatch[2]) {
        if (order.status === 'COMPLETED') return unprocessable(res, 'ORDER_ALREADY_CAPTURED')
        if (order.status !== 'APPROVED') return unprocessable(res, 'ORDER_NOT_APPROVED')
        order.status = 'COMPLETED'
        return send(res, 201, orderBody())
      }
    }

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const issued = signed.get(body.transmission_id)
      const genuine =
        issued !== undefined &&
        body.webhook_id === webhookId &&
        body.auth_algo === 'SHA256withRSA' &&
        typeof body.cert_url === 'string' &&
        body.transmission_sig === issued.sig &&
        JSON.stringify(body.webhook_event) === JSON.stringify(JSON.parse(issued.body))
      return send(res, 200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' })
    }
    return notFound(res)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { name: 'INTERNAL_SERVER_ERROR' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const must = (subId: string) => {
    const sub = subs.get(subId)
    if (!sub) throw new Error(`fake PayPal: no subscription ${subId}`)
    return sub
  }
  const monthAfter = (date: Date) => new Date(date.getTime() + 30 * 86_400_000).toISOString()

  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    /** `METHOD /path` of every request received, in order. */
    requests,
    count: (prefix: string) => requests.filter((r) => r.startsWith(prefix)).length,
    subscription: (subId: string) => subs.get(subId),
    /** The buyer approved at PayPal: ACTIVE, billed now, next billing in a month. */
    approve(subId: string) {
      const sub = must(subId)
      const now = new Date()
      Object.assign(sub, {
        status: 'ACTIVE',
        start_time: now.toISOString(),
        next_billing_time: monthAfter(now),
      })
    },
    /** PayPal billed the next month. */
    renew(subId: string) {
      const sub = must(subId)
      sub.next_billing_time = monthAfter(new Date(sub.next_billing_time ?? Date.now()))
    },
    setStatus(subId: string, status: 'SUSPENDED' | 'CANCELLED' | 'EXPIRED' | 'ACTIVE') {
      must(subId).status = status
    },
    approveOrder(orderId: string) {
      const order = orders.get(orderId)
      if (!order) throw new Error(`fake PayPal: no order ${orderId}`)
      order.status = 'APPROVED'
    },
    /** Revokes every token issued so far (the next call gets a 401). */
    revokeTokens: () => tokens.clear(),
    setTokenLifetime(seconds: number) {
      tokenLifetimeS = seconds
    },
    /** The next `count` requests answer 500 ('error') or never answer ('hang'). */
    failNext(count: number, mode: 'error' | 'hang' = 'error') {
      failures = { count, mode }
    },
    /** A webhook delivery as PayPal sends it, signed so that verify-webhook-signature says SUCCESS. */
    signedWebhook(event: object) {
      const body = JSON.stringify(event)
      const transmissionId = randomUUID()
      const sig = randomBytes(64).toString('base64')
      signed.set(transmissionId, { sig, body })
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url':
            'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': new Date().toISOString(),
        },
      }
    },
    /** A webhook event body shaped like PayPal's (resource = the subscription or the sale). */
    subscriptionEvent(eventType: string, subId: string) {
      const sub = subs.get(subId)
      return {
        id: id('WH-', 17),
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'subscription',
        resource_version: '2.0',
        event_type: eventType,
        summary: `Subscription ${eventType.split('.').at(-1)?.toLowerCase()}`,
        resource: sub ? subscriptionBody(sub) : { id: subId, status: 'ACTIVE' },
      }
    },
    saleCompleted(subId: string) {
      return {
        id: id('WH-', 17),
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'sale',
        event_type: 'PAYMENT.SALE.COMPLETED',
        summary: 'Payment completed for $ 6.99 USD',
        resource: {
          id: id('', 17),
          state: 'completed',
          amount: { total: '6.99', currency: 'USD' },
          billing_agreement_id: subId,
          create_time: new Date().toISOString(),
        },
      }
    },
    async close() {
      for (const res of hanging) res.destroy()
      hanging.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>
