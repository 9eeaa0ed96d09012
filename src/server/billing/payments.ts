import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { CapturedPayment } from '../../core/billing/protocol'
import { msg } from '../../core/i18n/message-id'
import { PREMIUM_PLAN } from '../../core/plan/definition'
import { hasPremiumPlan } from '../../core/plan/plan'
import type { Db } from '../db/client'
import { billingOrders, profiles as profileTable } from '../db/schema'
import { HttpError } from '../http/errors'
import type { ProfileRepository } from '../profile/repository'
import type { BillingClock } from './clock'
import type { CapturedOrder, PaymentProvider } from './provider'
import { whileAccountExists } from './user-lock'

export const PAYMENT_MESSAGES = {
  paymentNotFound: msg('Payment not found'),
  pending: msg('PayPal is still reviewing this payment; premium starts when it completes'),
  declined: msg('PayPal declined this payment. Nothing was charged and premium has not started.'),
  notCompleted: msg('The payment was not completed.'),
} as const

const PASS_DAYS = 30
const DAY_MS = 86_400_000

export type CaptureResult = { kind: 'completed'; payment: CapturedPayment } | { kind: 'pending' }

/**
 * One-time payments (Orders v2): 30 days of premium, granted once per order and only when PayPal
 * says the capture itself is COMPLETED. A PENDING capture grants nothing until PayPal's
 * PAYMENT.CAPTURE.COMPLETED webhook (read back from PayPal, never taken from the event).
 */
export function createOnePayments(deps: {
  db: Db
  provider: PaymentProvider
  profiles: ProfileRepository
  clock: BillingClock
}) {
  const { db, provider, profiles, clock } = deps

  /** Adds 30 days the first time this order is seen completed; later calls change nothing. */
  async function grant(userId: string, orderId: string) {
    const [first] = await db
      .update(billingOrders)
      .set({ status: 'COMPLETED', capturedAt: clock.now() })
      .where(and(eq(billingOrders.id, orderId), inArray(billingOrders.status, ['CREATED', 'PENDING'])))
      .returning()
    if (!first) return
    // Compare and swap: two orders captured at once each add their 30 days (60 in all), because a
    // write based on a plan another capture has changed meanwhile is refused and done again.
    for (let attempt = 0; attempt < 20; attempt++) {
      const profile = await profiles.ensure(userId)
      if (!profile) return
      const now = clock.now()
      const current = profile.subscriptionExpiresAt ? Date.parse(profile.subscriptionExpiresAt) : 0
      const from = hasPremiumPlan(profile, now) && current > now.getTime() ? current : now.getTime()
      const seen = profile.subscriptionExpiresAt
        ? eq(profileTable.subscriptionExpiresAt, new Date(profile.subscriptionExpiresAt))
        : isNull(profileTable.subscriptionExpiresAt)
      const updated = await profiles.updatePlan(
        userId,
        {
          planType: 'monthly',
          subscriptionStatus: 'active',
          subscriptionExpiresAt: new Date(from + PASS_DAYS * DAY_MS),
        },
        and(
          seen,
          eq(profileTable.planType, profile.planType),
          eq(profileTable.subscriptionStatus, profile.subscriptionStatus),
        ),
      )
      if (updated) return
    }
    throw new Error('the plan kept changing while a payment was being granted')
  }

  const setStatus = (orderId: string, status: string) =>
    db
      .update(billingOrders)
      .set({ status })
      .where(and(eq(billingOrders.id, orderId), inArray(billingOrders.status, ['CREATED', 'PENDING'])))

  /** Moves the order (and its owner's plan) to what PayPal says of its capture. */
  async function settle(userId: string, orderId: string, captured: CapturedOrder) {
    if (captured.customId !== null && captured.customId !== userId) return 'foreign'
    if (captured.captureStatus === 'COMPLETED') await grant(userId, orderId)
    else if (captured.captureStatus === 'PENDING') await setStatus(orderId, 'PENDING')
    else if (captured.captureStatus === 'DECLINED' || captured.captureStatus === 'FAILED')
      await setStatus(orderId, captured.captureStatus)
    return captured.captureStatus
  }

  return {
    async create(userId: string, requestId: string | null, siteOrigin: string) {
      const created = await provider.createOrder({
        userId,
        requestId: requestId ?? randomUUID(),
        amount: PREMIUM_PLAN.price,
        currency: PREMIUM_PLAN.currency,
        description: `Whirl ${PREMIUM_PLAN.name}: ${PASS_DAYS} days`,
        returnUrl: `${siteOrigin}/payment/success`,
        cancelUrl: `${siteOrigin}/payment/cancel`,
      })
      await whileAccountExists(db, userId, (tx) =>
        tx
          .insert(billingOrders)
          .values({
            id: created.id,
            userId,
            provider: provider.kind,
            status: 'CREATED',
            amount: PREMIUM_PLAN.price,
            currency: PREMIUM_PLAN.currency,
          })
          .onConflictDoNothing(),
      )
      return { approval_url: created.approvalUrl, order_id: created.id }
    },

    async capture(userId: string, orderId: unknown): Promise<CaptureResult> {
      if (typeof orderId !== 'string' || orderId.length > 64)
        throw new HttpError(404, PAYMENT_MESSAGES.paymentNotFound)
      const [order] = await db
        .select()
        .from(billingOrders)
        .where(and(eq(billingOrders.id, orderId), eq(billingOrders.userId, userId)))
      if (!order) throw new HttpError(404, PAYMENT_MESSAGES.paymentNotFound)
      const captured = await provider.captureOrder(order.id)
      const status = await settle(userId, order.id, captured)
      if (status === 'PENDING') return { kind: 'pending' }
      if (status === 'DECLINED' || status === 'FAILED') throw new HttpError(402, PAYMENT_MESSAGES.declined)
      if (status !== 'COMPLETED') throw new HttpError(402, PAYMENT_MESSAGES.notCompleted)
      return {
        kind: 'completed',
        payment: {
          id: order.id,
          plan: PREMIUM_PLAN.key,
          amount: captured.amount,
          currency: captured.currency,
          status: 'completed',
        },
      }
    },

    /** A PAYMENT.CAPTURE.* webhook about one of our orders: PayPal is asked what became of it. */
    async onCaptureEvent(orderId: string) {
      const [order] = await db.select().from(billingOrders).where(eq(billingOrders.id, orderId))
      // An order without an owner belongs to a deleted account: kept for billing, never settled.
      if (!order || order.status === 'COMPLETED' || order.userId === null) return
      const captured = await provider.getOrder(order.id)
      if (captured) await settle(order.userId, order.id, captured)
    },
  }
}
