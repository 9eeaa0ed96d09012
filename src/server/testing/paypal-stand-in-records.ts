import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { z } from 'zod'
import type { CaptureResource, OrderResource, SubscriptionResource } from '../billing/paypal-schemas'

/** What the PayPal stand-in holds, and the bodies it answers with, shaped like PayPal's examples. */

/** The stand-in's settings, shared by its routes and helpers. */
export type StandInContext = {
  clientId: string
  clientSecret: string
  webhookId: string
  tokenLifetimeS: () => number
  threshold: number
  tokens: Map<string, number>
  /**
   * Plans whose first billing cycle is a TRIAL at 0 (tenure_type TRIAL, frequency DAY), by plan id:
   * its length in days. A subscription to one is not billed until the trial ends.
   */
  trialPlans: Record<string, number>
}

export type StandInSubscription = {
  id: string
  plan_id: string
  custom_id: string | null
  subscriber: unknown
  status: SubscriptionResource['status']
  start_time: string | null
  create_time: string
  next_billing_time: string | null
  last_payment_time: string | null
  failed_payments_count: number
  requestId: string | null
  requestedAt: number
}

export type StandInOrder = {
  id: string
  status: OrderResource['status']
  value: string
  currency: string
  custom_id: string | null
  requestId: string | null
  capture: { id: string; status: CaptureResource['status']; reason?: string } | null
}

export const newId = (prefix: string, length = 12) =>
  `${prefix}${randomBytes(16).toString('hex').toUpperCase().slice(0, length)}`

const API = 'https://api-m.sandbox.paypal.com'

export function sendJson(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' })
  res.end(body === undefined ? undefined : JSON.stringify(body))
}

/** PayPal's error shape (`error_400`, `error_404`, `error_422`, …). */
export function errorBody(name: string, message: string, details?: object[]) {
  return {
    name,
    message,
    debug_id: newId('', 13).toLowerCase(),
    ...(details ? { details } : {}),
    links: [{ href: `https://developer.paypal.com/docs/api/overview/#error`, rel: 'information_link' }],
  }
}

export const notFoundBody = () =>
  errorBody('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    { issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' },
  ])

export const unprocessableBody = (issue: string) =>
  errorBody(
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [{ issue, description: issue }],
  )

/** 400 INVALID_REQUEST with one detail per schema issue, as PayPal reports a malformed request. */
export function invalidRequestBody(issues: z.core.$ZodIssue[], location: 'body' | 'header') {
  return errorBody(
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    issues.map((issue) => ({
      field: `/${issue.path.join('/')}`,
      location,
      issue: issue.code === 'invalid_type' ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_SYNTAX',
      description: issue.message,
    })),
  )
}

/** A subscription as GET /v1/billing/subscriptions/{id} shows it; billing_info once it was active. */
export function subscriptionBody(sub: StandInSubscription): SubscriptionResource & object {
  // In a TRIAL cycle at 0 the subscription is active but nothing was paid yet: no last_payment.
  const inTrial = sub.last_payment_time === null && sub.status === 'ACTIVE' && sub.next_billing_time !== null
  const everActive = sub.last_payment_time !== null || inTrial
  return {
    id: sub.id,
    plan_id: sub.plan_id,
    ...(sub.custom_id ? { custom_id: sub.custom_id } : {}),
    status: sub.status,
    status_update_time: new Date().toISOString(),
    start_time: sub.start_time ?? sub.create_time,
    create_time: sub.create_time,
    ...(everActive
      ? {
          billing_info: {
            outstanding_balance: {
              currency_code: 'USD',
              value: sub.failed_payments_count > 0 ? '6.99' : '0.0',
            },
            cycle_executions: inTrial
              ? [
                  { tenure_type: 'TRIAL', sequence: 1, cycles_completed: 0, total_cycles: 1 },
                  { tenure_type: 'REGULAR', sequence: 2, cycles_completed: 0, total_cycles: 0 },
                ]
              : [{ tenure_type: 'REGULAR', sequence: 1, cycles_completed: 1 }],
            ...(inTrial
              ? {}
              : {
                  last_payment: {
                    amount: { currency_code: 'USD', value: '6.99' },
                    time: sub.last_payment_time as string,
                  },
                }),
            ...(sub.status === 'ACTIVE' && sub.next_billing_time
              ? { next_billing_time: sub.next_billing_time }
              : {}),
            failed_payments_count: sub.failed_payments_count,
          },
        }
      : {}),
    links: [{ href: `${API}/v1/billing/subscriptions/${sub.id}`, rel: 'self', method: 'GET' }],
  }
}

export function approvalLinks(sub: StandInSubscription) {
  return [
    {
      href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=${newId('BA-', 17)}`,
      rel: 'approve',
      method: 'GET',
    },
    { href: `${API}/v1/billing/subscriptions/${sub.id}`, rel: 'edit', method: 'PATCH' },
    { href: `${API}/v1/billing/subscriptions/${sub.id}`, rel: 'self', method: 'GET' },
  ]
}

export function captureBody(order: StandInOrder): CaptureResource & object {
  const capture = order.capture ?? { id: `CAP${order.id.slice(3)}`, status: 'PENDING' as const }
  return {
    id: capture.id,
    status: capture.status,
    ...(capture.reason ? { status_details: { reason: capture.reason } } : {}),
    amount: { currency_code: order.currency, value: order.value },
    ...(order.custom_id ? { custom_id: order.custom_id } : {}),
    final_capture: true,
    supplementary_data: { related_ids: { order_id: order.id } },
  }
}

/** An order as GET /v2/checkout/orders/{id} shows it; its capture once captured. */
export function orderBody(order: StandInOrder) {
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: 'default',
        amount: { currency_code: order.currency, value: order.value },
        ...(order.custom_id ? { custom_id: order.custom_id } : {}),
        ...(order.capture ? { payments: { captures: [captureBody(order)] } } : {}),
      },
    ],
    links: [
      { href: `${API}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [
            {
              href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
              rel: 'payer-action',
              method: 'GET',
            },
          ]
        : []),
    ],
  }
}
