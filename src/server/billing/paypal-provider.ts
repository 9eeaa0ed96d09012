import {
  type CapturedOrder,
  type PaymentProvider,
  ProviderError,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
  type VerifiedWebhookEvent,
} from './provider'

export type PaypalOptions = {
  clientId: string
  clientSecret: string
  planId: string
  webhookId: string
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or a local stand-in in tests. */
  apiUrl: string
  brandName?: string
  /** Per request; a slower answer is a failure the user is told about. */
  timeoutMs?: number
  fetch?: typeof fetch
  now?: () => number
}

const UNREACHABLE = 'PayPal is not responding. Please try again in a moment.'
/** PayPal ids are letters, digits and dashes (I-…, order ids, event ids): nothing else reaches a URL. */
const ID = /^[A-Za-z0-9-]{1,64}$/
const STATUSES = new Set(['APPROVAL_PENDING', 'APPROVED', 'ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED'])
/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000

type Json = Record<string, unknown>
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {})
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const linkOf = (body: Json, ...rels: string[]): string | null => {
  const links = Array.isArray(body.links) ? body.links : []
  for (const rel of rels) {
    const link = links.map(obj).find((l) => l.rel === rel)
    if (link && typeof link.href === 'string') return link.href
  }
  return null
}

/** PayPal's error body, in a sentence the user may see (never a token or a secret). */
function describeError(status: number, body: Json): string {
  const issue = str(obj(Array.isArray(body.details) ? body.details[0] : null).issue)
  const name = str(body.name) ?? str(body.error)
  const detail = [name, issue].filter(Boolean).join(': ')
  return `PayPal returned an error (HTTP ${status}${detail ? `, ${detail}` : ''}). Please try again.`
}

function splitName(name: string | undefined): { given_name: string; surname: string } | undefined {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return undefined
  const given = parts.length > 1 ? parts.slice(0, -1).join(' ') : (parts[0] as string)
  return {
    given_name: given.slice(0, 140),
    surname: (parts.length > 1 ? (parts.at(-1) as string) : given).slice(0, 140),
  }
}

/** PayPal's REST API (OAuth2 client credentials, Subscriptions v1, Orders v2, webhook verification). */
export function createPaypalProvider(options: PaypalOptions): PaymentProvider {
  const doFetch = options.fetch ?? globalThis.fetch
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? 15_000
  const base = options.apiUrl.replace(/\/+$/, '')
  let token: { value: string; expiresAt: number } | null = null
  let pending: Promise<string> | null = null

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    } catch {
      throw new ProviderError(UNREACHABLE)
    }
  }

  async function readJson(response: Response): Promise<Json> {
    const text = await response.text().catch(() => {
      throw new ProviderError(UNREACHABLE)
    })
    if (!text) return {}
    try {
      return obj(JSON.parse(text))
    } catch {
      throw new ProviderError(
        `PayPal sent an answer that could not be read (HTTP ${response.status}).`,
        response.status,
      )
    }
  }

  async function fetchToken(): Promise<string> {
    const response = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    })
    const body = await readJson(response)
    const value = str(body.access_token)
    if (!response.ok || !value) {
      throw new ProviderError('PayPal refused our credentials. Please contact support.', response.status)
    }
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 0
    token = { value, expiresAt: now() + Math.max(0, lifetime - TOKEN_MARGIN_MS) }
    return value
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return Promise.resolve(token.value)
    pending ??= fetchToken().finally(() => {
      pending = null
    })
    return pending
  }

  /** An authenticated JSON call; a 401 (token revoked early) gets one new token and one retry. */
  async function api(method: string, path: string, body?: unknown, requestId?: string) {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken()
      const headers: Record<string, string> = {
        authorization: `Bearer ${bearer}`,
        accept: 'application/json',
        prefer: 'return=representation',
      }
      if (body !== undefined) headers['content-type'] = 'application/json'
      if (requestId) headers['paypal-request-id'] = requestId
      const response = await call(path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      if (response.status === 401 && attempt === 0) {
        await response.body?.cancel().catch(() => {})
        if (token?.value === bearer) token = null
        continue
      }
      return { status: response.status, ok: response.ok, body: await readJson(response) }
    }
  }

  const ensureId = (id: string) => {
    if (!ID.test(id)) throw new ProviderError('Subscription not found', 404)
  }

  const toSubscription = (body: Json): ProviderSubscription => {
    const status = str(body.status) ?? ''
    if (!STATUSES.has(status) || !str(body.id)) {
      throw new ProviderError('PayPal sent a subscription that could not be read.')
    }
    return {
      id: body.id as string,
      status: status as ProviderSubscriptionStatus,
      planId: str(body.plan_id),
      customId: str(body.custom_id),
      startTime: str(body.start_time),
      nextBillingTime: str(obj(body.billing_info).next_billing_time),
    }
  }

  return {
    kind: 'paypal',

    async createSubscription(input) {
      const name = splitName(input.subscriber?.name)
      const subscriber = {
        ...(name ? { name } : {}),
        ...(input.subscriber?.email ? { email_address: input.subscriber.email } : {}),
      }
      const res = await api(
        'POST',
        '/v1/billing/subscriptions',
        {
          plan_id: options.planId,
          custom_id: input.userId,
          ...(Object.keys(subscriber).length > 0 ? { subscriber } : {}),
          application_context: {
            brand_name: options.brandName ?? 'Whirl',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'SUBSCRIBE_NOW',
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
          },
        },
        input.requestId,
      )
      if (!res.ok) throw new ProviderError(describeError(res.status, res.body), res.status)
      const id = str(res.body.id)
      const approvalUrl = linkOf(res.body, 'approve')
      if (!id || !approvalUrl)
        throw new ProviderError('PayPal did not send an approval link. Please try again.')
      return { id, approvalUrl }
    },

    async getSubscription(id) {
      if (!ID.test(id)) return null
      const res = await api('GET', `/v1/billing/subscriptions/${id}`)
      if (res.status === 404) return null
      if (!res.ok) throw new ProviderError(describeError(res.status, res.body), res.status)
      return toSubscription(res.body)
    },

    async cancelSubscription(id, reason) {
      ensureId(id)
      const res = await api('POST', `/v1/billing/subscriptions/${id}/cancel`, {
        reason: reason.slice(0, 128) || 'Cancelled by the subscriber',
      })
      if (res.status === 404) throw new ProviderError('Subscription not found', 404)
      if (!res.ok) throw new ProviderError(describeError(res.status, res.body), res.status)
    },

    async createOrder(input) {
      const res = await api(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              amount: { currency_code: input.currency, value: input.amount },
              description: input.description.slice(0, 127),
              custom_id: input.userId,
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: options.brandName ?? 'Whirl',
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
              },
            },
          },
        },
        input.requestId,
      )
      if (!res.ok) throw new ProviderError(describeError(res.status, res.body), res.status)
      const id = str(res.body.id)
      const approvalUrl = linkOf(res.body, 'payer-action', 'approve')
      if (!id || !approvalUrl)
        throw new ProviderError('PayPal did not send an approval link. Please try again.')
      return { id, approvalUrl }
    },

    async captureOrder(id): Promise<CapturedOrder> {
      if (!ID.test(id)) throw new ProviderError('Payment not found', 404)
      const res = await api('POST', `/v2/checkout/orders/${id}/capture`, {}, `capture-${id}`)
      // Captured before (a replay): PayPal answers 422 ORDER_ALREADY_CAPTURED; read the order instead.
      const body =
        res.status === 422 && JSON.stringify(res.body).includes('ORDER_ALREADY_CAPTURED')
          ? (await api('GET', `/v2/checkout/orders/${id}`)).body
          : res.body
      if (!res.ok && body === res.body)
        throw new ProviderError(describeError(res.status, res.body), res.status)
      const unit = obj(Array.isArray(body.purchase_units) ? body.purchase_units[0] : null)
      const capture = obj(
        Array.isArray(obj(unit.payments).captures) ? (obj(unit.payments).captures as unknown[])[0] : null,
      )
      const amount = obj(capture.amount)
      return {
        id: str(body.id) ?? id,
        status: str(body.status) ?? '',
        amount: str(amount.value) ?? '',
        currency: str(amount.currency_code) ?? '',
        customId: str(capture.custom_id) ?? str(unit.custom_id),
      }
    },

    async verifyWebhook(headers, rawBody): Promise<VerifiedWebhookEvent | null> {
      const header = (name: string) => {
        const value = headers[name]
        return typeof value === 'string' && value.length > 0 && value.length <= 2048 ? value : null
      }
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
      }
      if (Object.values(fields).some((v) => v === null)) return null
      let event: Json
      try {
        event = obj(JSON.parse(rawBody))
      } catch {
        return null
      }
      const id = str(event.id)
      const eventType = str(event.event_type)
      if (!id || !eventType || !ID.test(id)) return null
      // A PayPal outage throws (the delivery fails and PayPal sends it again); a forgery is null.
      const res = await api('POST', '/v1/notifications/verify-webhook-signature', {
        ...fields,
        webhook_id: options.webhookId,
        webhook_event: event,
      })
      if (!res.ok || res.body.verification_status !== 'SUCCESS') return null
      const resource = obj(event.resource)
      const subscriptionId = eventType.startsWith('PAYMENT.SALE.')
        ? str(resource.billing_agreement_id)
        : eventType.startsWith('BILLING.SUBSCRIPTION.')
          ? str(resource.id)
          : null
      return { id, eventType, subscriptionId, resource: event.resource }
    },
  }
}
