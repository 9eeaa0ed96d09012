import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Profile } from '../../core/account'
import { PREMIUM_PLAN } from '../../core/billing/plan-definition'
import { hasPremiumPlan } from '../../core/plan/plan'
import type { SessionRead } from '../auth/session-reader'
import type { Db } from '../db/client'
import { billingEvents, billingOrders, billingSubscriptions } from '../db/schema'
import { HttpError } from '../http/errors'
import type { ProfileRepository } from '../profile/repository'
import { addMonth, type BillingClock } from './clock'
import { createPlanSync, profileStatus } from './plan-sync'
import { type PaymentProvider, ProviderError } from './provider'

export const BILLING_MESSAGES = {
  notFound: 'Subscription not found',
  paymentNotFound: 'Payment not found',
  alreadySubscribed: 'You already have an active Premium subscription.',
  notActive: (status: string) =>
    status === 'APPROVAL_PENDING' || status === 'APPROVED'
      ? 'The subscription has not been approved yet. Please finish the approval at PayPal, then try again.'
      : `The subscription is not active (status: ${status.toLowerCase()}).`,
  notCompleted: 'The payment was not completed.',
  testModeOnly: 'Test subscriptions are only available in test mode.',
} as const

/** The subscription as the payment success page shows it (the contract of billing-api.ts). */
export type ActivatedSubscription = {
  id: string
  plan: string
  amount: string
  currency: string
  status: string
  start_time: string | null
  next_billing_time: string | null
}

const PASS_DAYS = 30
const DAY_MS = 86_400_000

export type BillingService = ReturnType<typeof createBillingService>

/**
 * Every billing action of a signed-in user. The provider is asked for every status; the client's
 * word is never taken. Each action checks that the subscription or order belongs to the user.
 */
export function createBillingService(deps: {
  db: Db
  provider: PaymentProvider
  profiles: ProfileRepository
  clock: BillingClock
  onSweepError?: (error: unknown, userId: string) => void
}) {
  const { db, provider, profiles, clock } = deps
  const sync = createPlanSync(db, provider, profiles, clock, deps.onSweepError)

  const ownedSubscription = async (userId: string, id: unknown) => {
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) return null
    const [row] = await db
      .select()
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.id, id), eq(billingSubscriptions.userId, userId)))
    return row ?? null
  }

  const profileOf = async (user: SessionRead): Promise<Profile> => {
    const profile = user.profile ?? (await profiles.ensure(user.userId))
    if (!profile) throw new HttpError(401, 'Please sign in to continue.')
    return profile
  }

  /** A simulated (TEST-…) subscription of the sandbox: it lives on the profile alone. */
  const isTestSubscription = (profile: Profile, id: string) =>
    provider.kind === 'sandbox' && id.startsWith('TEST-') && profile.subscriptionId === id

  return {
    sync,

    async createSubscription(user: SessionRead, siteOrigin: string) {
      const profile = await profileOf(user)
      if (profile.subscriptionStatus === 'active' && hasPremiumPlan(profile, clock.now())) {
        throw new HttpError(409, BILLING_MESSAGES.alreadySubscribed)
      }
      const created = await provider.createSubscription({
        userId: user.userId,
        requestId: randomUUID(),
        subscriber: { name: profile.displayName, email: profile.email },
        returnUrl: `${siteOrigin}/payment/success`,
        cancelUrl: `${siteOrigin}/payment/cancel`,
      })
      await db
        .insert(billingSubscriptions)
        .values({ id: created.id, userId: user.userId, provider: provider.kind, status: 'APPROVAL_PENDING' })
        .onConflictDoNothing()
      return { approval_url: created.approvalUrl, subscription_id: created.id }
    },

    /** Idempotent: a second activation of the same subscription answers the same and changes nothing. */
    async activate(user: SessionRead, subscriptionId: unknown): Promise<ActivatedSubscription> {
      const row = await ownedSubscription(user.userId, subscriptionId)
      if (!row) throw new HttpError(404, BILLING_MESSAGES.notFound)
      const sub = await provider.getSubscription(row.id)
      if (!sub || (sub.customId !== null && sub.customId !== user.userId)) {
        throw new HttpError(404, BILLING_MESSAGES.notFound)
      }
      if (sub.status !== 'ACTIVE') {
        await sync.apply(sub)
        throw new HttpError(409, BILLING_MESSAGES.notActive(sub.status))
      }
      await sync.apply(sub)
      return {
        id: sub.id,
        plan: PREMIUM_PLAN.key,
        amount: PREMIUM_PLAN.price,
        currency: PREMIUM_PLAN.currency,
        status: 'active',
        start_time: sub.startTime,
        next_billing_time: sub.nextBillingTime,
      }
    },

    /** Reads the provider and stores a changed status; answers the profile's status. */
    async verify(user: SessionRead, subscriptionId: unknown): Promise<string> {
      const profile = await profileOf(user)
      if (typeof subscriptionId === 'string' && isTestSubscription(profile, subscriptionId)) {
        return profile.subscriptionStatus
      }
      const row = await ownedSubscription(user.userId, subscriptionId)
      if (!row) throw new HttpError(404, BILLING_MESSAGES.notFound)
      const sub = await provider.getSubscription(row.id)
      if (!sub) throw new HttpError(404, BILLING_MESSAGES.notFound)
      const after = await sync.apply(sub)
      return after?.subscriptionId === sub.id ? after.subscriptionStatus : profileStatus(sub.status)
    },

    /** Premium stays until the end of the paid period (subscriptionExpiresAt). */
    async cancel(user: SessionRead, subscriptionId: unknown, reason: string): Promise<Profile | null> {
      const profile = await profileOf(user)
      if (typeof subscriptionId === 'string' && isTestSubscription(profile, subscriptionId)) {
        return profiles.updatePlan(user.userId, { subscriptionStatus: 'cancelled' })
      }
      const row = await ownedSubscription(user.userId, subscriptionId)
      if (!row) throw new HttpError(404, BILLING_MESSAGES.notFound)
      let sub = await provider.getSubscription(row.id)
      if (!sub) throw new HttpError(404, BILLING_MESSAGES.notFound)
      if (sub.status === 'ACTIVE' || sub.status === 'SUSPENDED' || sub.status === 'APPROVED') {
        // The end of the paid period, before the provider forgets the next billing time.
        if (sub.nextBillingTime && profile.subscriptionId === sub.id && !profile.subscriptionExpiresAt) {
          await profiles.updatePlan(user.userId, { subscriptionExpiresAt: new Date(sub.nextBillingTime) })
        }
        await provider.cancelSubscription(row.id, reason)
        sub = (await provider.getSubscription(row.id)) ?? {
          ...sub,
          status: 'CANCELLED',
          nextBillingTime: null,
        }
      }
      return sync.apply(sub)
    },

    async createPayment(user: SessionRead, siteOrigin: string) {
      await profileOf(user)
      const created = await provider.createOrder({
        userId: user.userId,
        requestId: randomUUID(),
        amount: PREMIUM_PLAN.price,
        currency: PREMIUM_PLAN.currency,
        description: `Whirl ${PREMIUM_PLAN.name}: ${PASS_DAYS} days`,
        returnUrl: `${siteOrigin}/payment/success`,
        cancelUrl: `${siteOrigin}/payment/cancel`,
      })
      await db
        .insert(billingOrders)
        .values({
          id: created.id,
          userId: user.userId,
          provider: provider.kind,
          status: 'CREATED',
          amount: PREMIUM_PLAN.price,
          currency: PREMIUM_PLAN.currency,
        })
        .onConflictDoNothing()
      return { approval_url: created.approvalUrl, order_id: created.id }
    },

    /** A one-time payment buys 30 days of premium, counted once however often it is captured. */
    async capturePayment(user: SessionRead, orderId: unknown) {
      if (typeof orderId !== 'string' || orderId.length > 64)
        throw new HttpError(404, BILLING_MESSAGES.paymentNotFound)
      const [order] = await db
        .select()
        .from(billingOrders)
        .where(and(eq(billingOrders.id, orderId), eq(billingOrders.userId, user.userId)))
      if (!order) throw new HttpError(404, BILLING_MESSAGES.paymentNotFound)
      const captured = await provider.captureOrder(order.id)
      if (
        captured.status !== 'COMPLETED' ||
        (captured.customId !== null && captured.customId !== user.userId)
      ) {
        throw new HttpError(402, BILLING_MESSAGES.notCompleted)
      }
      const [first] = await db
        .update(billingOrders)
        .set({ status: 'COMPLETED', capturedAt: clock.now() })
        .where(and(eq(billingOrders.id, order.id), eq(billingOrders.status, 'CREATED')))
        .returning()
      if (first) {
        const profile = await profileOf(user)
        const now = clock.now()
        const current = profile.subscriptionExpiresAt ? Date.parse(profile.subscriptionExpiresAt) : 0
        const from = hasPremiumPlan(profile, now) && current > now.getTime() ? current : now.getTime()
        await profiles.updatePlan(user.userId, {
          planType: 'monthly',
          subscriptionStatus: 'active',
          subscriptionExpiresAt: new Date(from + PASS_DAYS * DAY_MS),
        })
      }
      return {
        id: order.id,
        plan: PREMIUM_PLAN.key,
        amount: captured.amount,
        currency: captured.currency,
        status: 'completed',
      }
    },

    /**
     * A webhook delivery: verified with the provider, handled once per event id. The event only
     * says which subscription to look at; its state is read from the provider, so an old or
     * replayed event cannot set a stale status. false when the delivery is not genuine.
     */
    async handleWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string) {
      const event = await provider.verifyWebhook(headers, rawBody)
      if (!event) return { genuine: false, duplicate: false }
      const [seen] = await db.select().from(billingEvents).where(eq(billingEvents.id, event.id))
      if (seen) return { genuine: true, duplicate: true }
      if (event.subscriptionId) {
        const [known] = await db
          .select()
          .from(billingSubscriptions)
          .where(eq(billingSubscriptions.id, event.subscriptionId))
        if (known) {
          const sub = await provider.getSubscription(known.id)
          if (sub) await sync.apply(sub)
        }
      }
      // Recorded after it was handled: when handling fails, the provider's retry handles it again.
      await db
        .insert(billingEvents)
        .values({ id: event.id, eventType: event.eventType, subscriptionId: event.subscriptionId })
        .onConflictDoNothing()
      return { genuine: true, duplicate: false }
    },

    /** Sandbox only: a simulated monthly subscription for the signed-in user (the test page). */
    async simulateMonthly(user: SessionRead) {
      if (provider.kind !== 'sandbox') throw new HttpError(404, BILLING_MESSAGES.testModeOnly)
      await profileOf(user)
      return profiles.updatePlan(user.userId, {
        planType: 'monthly',
        subscriptionStatus: 'active',
        subscriptionId: `TEST-${randomUUID().slice(0, 13).toUpperCase()}`,
        subscriptionExpiresAt: addMonth(clock.now()),
      })
    },

    async clear(user: SessionRead) {
      if (provider.kind !== 'sandbox') throw new HttpError(404, BILLING_MESSAGES.testModeOnly)
      await profileOf(user)
      return profiles.updatePlan(user.userId, {
        planType: 'free',
        subscriptionStatus: 'inactive',
        subscriptionId: null,
        subscriptionExpiresAt: null,
      })
    },
  }
}

/** A provider failure as the user sees it: its message, 502 (the provider, not the request, failed). */
export function providerFailure(error: unknown): HttpError | null {
  return error instanceof ProviderError ? new HttpError(502, error.message) : null
}
