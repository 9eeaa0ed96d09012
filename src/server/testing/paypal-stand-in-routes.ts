import { randomBytes, randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { z } from 'zod'
import {
  bearerHeader,
  orderCaptureRequest,
  orderCreateRequest,
  orderRequestIdHeader,
  preferHeader,
  subscriptionCancelRequest,
  subscriptionCreateRequest,
  subscriptionRequestIdHeader,
  verifyWebhookSignatureRequest,
} from '../billing/paypal-schemas'
import { createStandInHelpers } from './paypal-stand-in-helpers'
import {
  approvalLinks,
  invalidRequestBody,
  newId,
  notFoundBody,
  orderBody,
  type StandInContext,
  type StandInOrder,
  type StandInSubscription,
  sendJson,
  subscriptionBody,
  unprocessableBody,
} from './paypal-stand-in-records'
import { createWebhookDesk, rawMember } from './paypal-stand-in-webhooks'

type Headers = Record<string, string | string[] | undefined>
/** PayPal keeps a PayPal-Request-Id for 72 hours (Subscriptions v1). */
const REQUEST_ID_WINDOW_MS = 72 * 3_600_000

/** The stand-in's endpoints, each checking its request against PayPal's schemas first. */
export function createStandInRoutes(context: StandInContext) {
  const subs = new Map<string, StandInSubscription>()
  const orders = new Map<string, StandInOrder>()
  const webhooks = createWebhookDesk()

  /** The headers and JSON body checked; null (after answering 400 or 401) when they do not pass. */
  function accept<T>(
    res: ServerResponse,
    headers: Headers,
    raw: string,
    schema: z.ZodType<T> | null,
    requestId: z.ZodType<string> | null,
  ): { body: T } | null {
    const bearer = /^Bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1]
    const expires = bearer ? context.tokens.get(bearer) : undefined
    if (!bearerHeader.safeParse(headers.authorization).success || !expires || expires <= Date.now()) {
      sendJson(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' })
      return null
    }
    const headerIssues = [
      ...(headers.prefer === undefined ? [] : (preferHeader.safeParse(headers.prefer).error?.issues ?? [])),
      ...(headers['paypal-request-id'] === undefined || !requestId
        ? []
        : (requestId.safeParse(headers['paypal-request-id']).error?.issues ?? [])),
    ]
    if (headerIssues.length > 0) {
      sendJson(res, 400, invalidRequestBody(headerIssues, 'header'))
      return null
    }
    if (!schema) return { body: undefined as T }
    if (!String(headers['content-type'] ?? '').startsWith('application/json')) {
      sendJson(res, 415, { name: 'UNSUPPORTED_MEDIA_TYPE', message: 'The media type is not supported.' })
      return null
    }
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      sendJson(res, 400, invalidRequestBody([], 'body'))
      return null
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      sendJson(res, 400, invalidRequestBody(parsed.error.issues, 'body'))
      return null
    }
    return { body: parsed.data }
  }

  function token(res: ServerResponse, headers: Headers, raw: string) {
    const expected = `Basic ${Buffer.from(`${context.clientId}:${context.clientSecret}`).toString('base64')}`
    if (headers.authorization !== expected || !new URLSearchParams(raw).has('grant_type')) {
      return sendJson(res, 401, {
        error: 'invalid_client',
        error_description: 'Client Authentication failed',
      })
    }
    const value = `A21AA${randomBytes(24).toString('hex')}`
    const lifetime = context.tokenLifetimeS()
    context.tokens.set(value, Date.now() + lifetime * 1000)
    sendJson(res, 200, {
      scope: 'https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/payments/payment',
      access_token: value,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: lifetime,
      nonce: `${new Date().toISOString()}${randomUUID()}`,
    })
  }

  const requestIdOf = (headers: Headers) => {
    const value = headers['paypal-request-id']
    return typeof value === 'string' ? value : null
  }

  function handle(method: string, path: string, headers: Headers, raw: string, res: ServerResponse) {
    if (method === 'POST' && path === '/v1/oauth2/token') return token(res, headers, raw)

    if (method === 'POST' && path === '/v1/billing/subscriptions') {
      const ok = accept(res, headers, raw, subscriptionCreateRequest, subscriptionRequestIdHeader)
      if (!ok) return
      const requestId = requestIdOf(headers)
      const existing = requestId
        ? [...subs.values()].find(
            (s) => s.requestId === requestId && Date.now() - s.requestedAt < REQUEST_ID_WINDOW_MS,
          )
        : undefined
      const sub: StandInSubscription = existing ?? {
        id: newId('I-'),
        plan_id: ok.body.plan_id,
        custom_id: ok.body.custom_id ?? null,
        subscriber: ok.body.subscriber ?? null,
        status: 'APPROVAL_PENDING',
        // As PayPal: a start_time asked for at creation is when billing starts (default: approval).
        start_time: ok.body.start_time ?? null,
        create_time: new Date().toISOString(),
        next_billing_time: null,
        last_payment_time: null,
        failed_payments_count: 0,
        requestId,
        requestedAt: Date.now(),
      }
      subs.set(sub.id, sub)
      const full = headers.prefer === 'return=representation'
      const links = approvalLinks(sub)
      return sendJson(
        res,
        existing ? 200 : 201,
        full ? { ...subscriptionBody(sub), links } : { id: sub.id, status: sub.status, links },
      )
    }
    const subMatch = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path)
    if (subMatch && (method === 'GET') === !subMatch[2]) {
      const ok = accept(res, headers, raw, subMatch[2] ? subscriptionCancelRequest : null, null)
      if (!ok) return
      const sub = subs.get(subMatch[1] as string)
      if (!sub) return sendJson(res, 404, notFoundBody())
      if (method === 'GET') return sendJson(res, 200, subscriptionBody(sub))
      if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED')
        return sendJson(res, 422, unprocessableBody('SUBSCRIPTION_STATUS_INVALID'))
      sub.status = 'CANCELLED'
      return sendJson(res, 204)
    }

    if (method === 'POST' && path === '/v2/checkout/orders') {
      const ok = accept(res, headers, raw, orderCreateRequest, orderRequestIdHeader)
      if (!ok) return
      const requestId = requestIdOf(headers)
      const existing = requestId ? [...orders.values()].find((o) => o.requestId === requestId) : undefined
      const unit = ok.body.purchase_units[0]
      const order: StandInOrder = existing ?? {
        id: newId('', 17),
        status: 'PAYER_ACTION_REQUIRED',
        value: unit?.amount.value ?? '',
        currency: unit?.amount.currency_code ?? '',
        custom_id: unit?.custom_id ?? null,
        requestId,
        capture: null,
      }
      orders.set(order.id, order)
      return sendJson(res, 200, orderBody(order))
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path)
    if (orderMatch && (method === 'GET') === !orderMatch[2]) {
      const ok = accept(res, headers, raw, orderMatch[2] ? orderCaptureRequest : null, orderRequestIdHeader)
      if (!ok) return
      const order = orders.get(orderMatch[1] as string)
      if (!order) return sendJson(res, 404, notFoundBody())
      if (method === 'GET') return sendJson(res, 200, orderBody(order))
      if (order.status === 'COMPLETED') return sendJson(res, 422, unprocessableBody('ORDER_ALREADY_CAPTURED'))
      if (order.status !== 'APPROVED') return sendJson(res, 422, unprocessableBody('ORDER_NOT_APPROVED'))
      order.status = 'COMPLETED'
      order.capture = { id: `CAP${order.id.slice(3)}`, ...helpers.nextCapture() }
      return sendJson(res, 201, orderBody(order))
    }

    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const ok = accept(res, headers, raw, verifyWebhookSignatureRequest, null)
      if (!ok) return
      const genuine =
        ok.body.webhook_id === context.webhookId &&
        ok.body.auth_algo === 'SHA256withRSA' &&
        webhooks.genuine(ok.body, rawMember(raw, 'webhook_event'))
      return sendJson(res, 200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' })
    }
    return sendJson(res, 404, notFoundBody())
  }

  const helpers = createStandInHelpers(subs, orders, webhooks, context)
  return { handle, helpers }
}
