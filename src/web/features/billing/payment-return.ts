import { msg } from '../../../core/i18n/message-id'
import { billingApi } from '../../api/billing'
import { t } from '../../i18n/i18n'

export const INCOMPLETE = msg('Incomplete subscription information')
export const ACTIVATION_FAILED = msg('Failed to activate subscription')
export const CAPTURE_FAILED = msg('Failed to capture payment')

/** What the provider put in the return address (SPEC §3 Return-URL query parameters). */
export type ReturnParams = { subscriptionId: string | null; token: string | null; baToken: string | null }

const param = (search: URLSearchParams, name: string) => {
  const value = search.get(name)?.trim()
  return value && value.length <= 200 ? value : null
}

export function readReturnParams(search: URLSearchParams): ReturnParams {
  return {
    subscriptionId: param(search, 'subscription_id'),
    token: param(search, 'token'),
    baToken: param(search, 'ba_token'),
  }
}

/**
 * What to ask the server for. A subscription return carries subscription_id: activate it. A
 * one-time payment return (PayPal Orders) carries only token, the order id: capture it. A lone
 * ba_token names no subscription we can look up, so the subscription on the profile, if any, is
 * activated (the server confirms it with the provider; a success is never assumed).
 */
export type ReturnAction =
  | { kind: 'incomplete' }
  | { kind: 'activate'; subscriptionId: string }
  | { kind: 'capture'; orderId: string }

export function returnAction(params: ReturnParams, profileSubscriptionId: string | null): ReturnAction {
  if (params.subscriptionId) return { kind: 'activate', subscriptionId: params.subscriptionId }
  if (params.token && !params.baToken) return { kind: 'capture', orderId: params.token }
  if ((params.token || params.baToken) && profileSubscriptionId) {
    return { kind: 'activate', subscriptionId: profileSubscriptionId }
  }
  return { kind: 'incomplete' }
}

/** The receipt: what the details card shows. */
export type Receipt = {
  kind: 'subscription' | 'payment'
  id: string
  plan: string
  amount: string
  currency: string
  startDate: string
  nextBillingDate: string | null
}

/** pending: not a failure; PayPal is still at work on the payment or the subscription. */
export type ReturnOutcome =
  | { ok: true; receipt: Receipt }
  | { ok: false; message: string; pending?: 'payment' | 'subscription' }

const startOf = (value: string | null | undefined, now: Date) =>
  value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : now.toISOString()

/** Runs the action against the server and turns every answer into success or a message to show. */
export async function completeReturn(action: ReturnAction, now = new Date()): Promise<ReturnOutcome> {
  if (action.kind === 'incomplete') return { ok: false, message: t(INCOMPLETE) }
  try {
    if (action.kind === 'activate') {
      const result = await billingApi.activateSubscription(action.subscriptionId)
      if (!result.success)
        return {
          ok: false,
          message: result.error || t(ACTIVATION_FAILED),
          ...(result.pending ? { pending: 'subscription' as const } : {}),
        }
      const s = result.subscription
      return {
        ok: true,
        receipt: {
          kind: 'subscription',
          id: s.id,
          plan: s.plan,
          amount: s.amount,
          currency: s.currency,
          startDate: startOf(s.start_time, now),
          nextBillingDate: s.next_billing_time ?? null,
        },
      }
    }
    const result = await billingApi.capturePayment(action.orderId)
    if (!result.success)
      return {
        ok: false,
        message: result.error || t(CAPTURE_FAILED),
        ...(result.pending ? { pending: 'payment' as const } : {}),
      }
    const p = result.payment
    return {
      ok: true,
      receipt: {
        kind: 'payment',
        id: p.id,
        plan: p.plan,
        amount: p.amount,
        currency: p.currency,
        startDate: now.toISOString(),
        nextBillingDate: null,
      },
    }
  } catch (e) {
    console.error('Payment return failed:', e)
    return {
      ok: false,
      message: t('Error occurred while processing subscription: {error}', { error: (e as Error).message }),
    }
  }
}

export const SUBSCRIPTION_KEY = 'subscription'

/**
 * The local-storage record of SPEC §3. A reload of the success page keeps the first start date.
 * Storage that is full or blocked is only logged: the subscription itself lives on the server.
 */
function previousStartDate(subscriptionId: string): string | null {
  try {
    const previous = JSON.parse(localStorage.getItem(SUBSCRIPTION_KEY) ?? 'null') as {
      subscriptionId?: unknown
      startDate?: unknown
    } | null
    return previous?.subscriptionId === subscriptionId && typeof previous.startDate === 'string'
      ? previous.startDate
      : null
  } catch {
    return null
  }
}

export function writeSubscriptionRecord(receipt: Receipt): void {
  const record = {
    isSubscribed: true,
    plan: receipt.plan || 'basic',
    startDate: previousStartDate(receipt.id) ?? receipt.startDate,
    subscriptionId: receipt.id,
    status: 'active',
    autoRenew: receipt.kind === 'subscription',
  }
  try {
    localStorage.setItem(SUBSCRIPTION_KEY, JSON.stringify(record))
  } catch (e) {
    console.warn('Could not store the subscription record:', e)
  }
}
