import type { CaptureResource } from '../billing/paypal-schemas'
import type { StandInContext, StandInOrder, StandInSubscription } from './paypal-stand-in-records'
import {
  captureEvent,
  type createWebhookDesk,
  saleCompletedEvent,
  subscriptionEvent,
} from './paypal-stand-in-webhooks'

const monthAfter = (date: Date) => new Date(date.getTime() + 30 * 86_400_000).toISOString()

type CaptureOutcome = { status: CaptureResource['status']; reason?: string }

/** What a buyer or PayPal does to the stand-in's records, for tests to call. */
export function createStandInHelpers(
  subs: Map<string, StandInSubscription>,
  orders: Map<string, StandInOrder>,
  webhooks: ReturnType<typeof createWebhookDesk>,
  context: StandInContext,
) {
  let captureOutcome: CaptureOutcome = { status: 'COMPLETED' }
  const must = (subId: string) => {
    const sub = subs.get(subId)
    if (!sub) throw new Error(`PayPal stand-in: no subscription ${subId}`)
    return sub
  }
  const mustOrder = (orderId: string) => {
    const order = orders.get(orderId)
    if (!order) throw new Error(`PayPal stand-in: no order ${orderId}`)
    return order
  }

  return {
    subscription: (subId: string) => subs.get(subId),
    order: (orderId: string) => orders.get(orderId),
    /**
     * The buyer approved and PayPal started billing: ACTIVE, paid now, next billing in a month; on
     * a plan with a TRIAL cycle nothing is paid now and the first billing is at the trial's end.
     */
    approve(subId: string) {
      const sub = must(subId)
      const now = new Date()
      const trialDays = context.trialPlans[sub.plan_id] ?? 0
      const later = sub.start_time && Date.parse(sub.start_time) > now.getTime() ? sub.start_time : null
      // A start_time ahead: ACTIVE, nothing paid now, the first billing at that time.
      if (later) {
        Object.assign(sub, { status: 'ACTIVE', next_billing_time: later })
        return
      }
      Object.assign(sub, {
        status: 'ACTIVE',
        start_time: now.toISOString(),
        ...(trialDays > 0 ? {} : { last_payment_time: now.toISOString() }),
        next_billing_time:
          trialDays > 0 ? new Date(now.getTime() + trialDays * 86_400_000).toISOString() : monthAfter(now),
      })
    },
    /** The buyer approved; PayPal has not activated it yet (nothing billed). */
    approveOnly(subId: string) {
      must(subId).status = 'APPROVED'
    },
    /** PayPal billed the next month. */
    renew(subId: string) {
      const sub = must(subId)
      sub.next_billing_time = monthAfter(new Date(sub.next_billing_time ?? Date.now()))
      sub.last_payment_time = new Date().toISOString()
      sub.failed_payments_count = 0
    },
    /**
     * A renewal payment failed: PayPal keeps the subscription ACTIVE and retries, next_billing_time
     * stays where it was, failed_payments_count grows; at the plan's threshold it is SUSPENDED.
     */
    failRenewal(subId: string) {
      const sub = must(subId)
      sub.failed_payments_count++
      if (sub.failed_payments_count >= context.threshold) sub.status = 'SUSPENDED'
    },
    /** Moves next_billing_time (e.g. into the past, as time passing would). */
    setNextBillingTime(subId: string, time: Date) {
      must(subId).next_billing_time = time.toISOString()
    },
    setStatus(subId: string, status: 'SUSPENDED' | 'CANCELLED' | 'EXPIRED' | 'ACTIVE') {
      must(subId).status = status
    },
    approveOrder(orderId: string) {
      mustOrder(orderId).status = 'APPROVED'
    },
    /** How the next captures end: COMPLETED (default), PENDING with a reason, DECLINED or FAILED. */
    setCaptureOutcome(outcome: CaptureOutcome) {
      captureOutcome = outcome
    },
    nextCapture: (): CaptureOutcome => ({ ...captureOutcome }),
    /** PayPal finished reviewing a PENDING capture: COMPLETED, and the webhook event that says so. */
    completeCapture(orderId: string) {
      const order = mustOrder(orderId)
      if (!order.capture) throw new Error(`PayPal stand-in: order ${orderId} was not captured`)
      order.capture = { id: order.capture.id, status: 'COMPLETED' }
      return captureEvent('PAYMENT.CAPTURE.COMPLETED', order)
    },
    /** A webhook delivery, signed so that verify-webhook-signature says SUCCESS for this exact text. */
    signedWebhook: (event: object | string) => webhooks.signed(event),
    subscriptionEvent: (eventType: string, subId: string) =>
      subscriptionEvent(eventType, subs.get(subId), subId),
    saleCompleted: (subId: string) => saleCompletedEvent(subId),
  }
}
