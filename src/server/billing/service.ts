import { createHash, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Profile } from '../../core/account/profile'
import type { ActivatedSubscription } from '../../core/billing/protocol'
import { TRIAL_DAYS, TRIAL_MESSAGES } from '../../core/billing/trial'
import { PREMIUM_PLAN } from '../../core/plan/definition'
import { hasPremiumPlan } from '../../core/plan/plan'
import type { Db } from '../db/client'
import { billingEvents, billingSubscriptions } from '../db/schema'
import { HttpError } from '../http/errors'
import type { SessionRead } from '../http/guards'
import type { ProfileRepository } from '../profile/repository'
import { addMonth, type BillingClock } from './clock'
import type { BillingMails } from './mail-events'
import { BILLING_MESSAGES } from './messages'
import { createOnePayments } from './payments'
import { createPlanRenewal, paidUntil, profileStatus, WITHDRAWN } from './plan-renewal'
import type { CreatedSubscription, PaymentProvider } from './provider'
import { settleBeforeDeletion } from './settle-before-deletion'
import { currentTrial, noteTrialSubscription, releaseTrial, reserveTrial } from './trial'
import { whileAccountExists } from './user-lock'

export type BillingService = ReturnType<typeof createBillingService>

/** PayPal-Request-Id for one intent of one user: the same attempt always gives the same key. */
function intentKey(kind: 'subscription' | 'order', userId: string, attemptId: string | undefined) {
  if (!attemptId) return null
  return `whirl-${kind}-${createHash('sha256').update(`${userId}\n${attemptId}`).digest('hex').slice(0, 48)}`
}

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
  /** Billing's mails (welcome, receipts, cancellation, plan ended), told of every plan change. */
  mails?: Pick<BillingMails, 'observe'>
}) {
  const { db, provider, profiles, clock, mails } = deps
  const renewal = createPlanRenewal(
    db,
    provider,
    profiles,
    clock,
    deps.onSweepError,
    mails && ((change) => mails.observe(change)),
  )
  const payments = createOnePayments(deps)

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
    if (!profile) throw new HttpError(401, BILLING_MESSAGES.signIn)
    return profile
  }

  /** A simulated (TEST-…) subscription of the sandbox: it lives on the profile alone. */
  const isTestSubscription = (profile: Profile, id: string) =>
    provider.kind === 'sandbox' && id.startsWith('TEST-') && profile.subscriptionId === id

  return {
    renewal,

    /**
     * The idempotency key is derived from the user and the browser's attempt id, so a click retried
     * after a timeout gets the same subscription back (PayPal keeps the key for 72 hours).
     */
    async createSubscription(user: SessionRead, siteOrigin: string, attemptId?: string) {
      const profile = await profileOf(user)
      if (profile.subscriptionStatus === 'active' && hasPremiumPlan(profile, clock.now())) {
        throw new HttpError(409, BILLING_MESSAGES.alreadySubscribed)
      }
      const requestId = intentKey('subscription', user.userId, attemptId) ?? randomUUID()
      // One trial per account, ever: reserved here, by the first subscription created with it.
      const trial = provider.offersTrial && (await reserveTrial(db, user.userId, requestId))
      const trialDays = trial ? TRIAL_DAYS : 0
      const startTime = paidUntil(profile, clock.now())
      let created: CreatedSubscription
      try {
        created = await provider.createSubscription({
          userId: user.userId,
          trialDays,
          ...(startTime ? { startTime } : {}),
          requestId,
          subscriber: { name: profile.displayName, email: profile.email },
          returnUrl: `${siteOrigin}/payment/success`,
          cancelUrl: `${siteOrigin}/payment/cancel`,
        })
      } catch (error) {
        if (trial) await releaseTrial(db, user.userId, requestId)
        throw error
      }
      if (trial) await noteTrialSubscription(db, user.userId, requestId, created.id)
      await whileAccountExists(db, user.userId, (tx) =>
        tx
          .insert(billingSubscriptions)
          .values({
            id: created.id,
            userId: user.userId,
            provider: provider.kind,
            status: 'APPROVAL_PENDING',
            trialDays,
          })
          .onConflictDoNothing(),
      )
      return { approval_url: created.approvalUrl, subscription_id: created.id }
    },

    /** Idempotent: a second activation of the same subscription answers the same and changes nothing. */
    async activate(
      user: SessionRead,
      subscriptionId: unknown,
    ): Promise<{ kind: 'active'; subscription: ActivatedSubscription } | { kind: 'approved' }> {
      const row = await ownedSubscription(user.userId, subscriptionId)
      if (!row) throw new HttpError(404, BILLING_MESSAGES.notFound)
      const sub = await provider.getSubscription(row.id)
      if (!sub || (sub.customId !== null && sub.customId !== user.userId)) {
        throw new HttpError(404, BILLING_MESSAGES.notFound)
      }
      if (row.status === WITHDRAWN) {
        await renewal.apply(sub)
        throw new HttpError(409, BILLING_MESSAGES.neverStarted)
      }
      await renewal.apply(sub)
      // Approved by the buyer, not yet started by PayPal: not a failure, premium follows shortly.
      if (sub.status === 'APPROVED') return { kind: 'approved' }
      if (sub.status !== 'ACTIVE') throw new HttpError(409, BILLING_MESSAGES.notActive(sub.status))
      return {
        kind: 'active',
        subscription: {
          id: sub.id,
          plan: PREMIUM_PLAN.key,
          amount: PREMIUM_PLAN.price,
          currency: PREMIUM_PLAN.currency,
          status: 'active',
          start_time: sub.startTime,
          next_billing_time: sub.nextBillingTime,
        },
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
      const after = await renewal.apply(sub)
      return after?.subscriptionId === sub.id ? after.subscriptionStatus : profileStatus(sub.status)
    },

    /**
     * Premium stays until the end of the paid period (subscriptionExpiresAt). A subscription that
     * never started (APPROVAL_PENDING, APPROVED) was never billed and PayPal cannot cancel it: it is
     * withdrawn here, and cancelled at PayPal should it ever start (plan-renewal.ts).
     */
    async cancel(
      user: SessionRead,
      subscriptionId: unknown,
      reason: string,
    ): Promise<{ profile: Profile | null; message?: string }> {
      const profile = await profileOf(user)
      if (typeof subscriptionId === 'string' && isTestSubscription(profile, subscriptionId)) {
        return { profile: await profiles.updatePlan(user.userId, { subscriptionStatus: 'cancelled' }) }
      }
      const row = await ownedSubscription(user.userId, subscriptionId)
      if (!row) throw new HttpError(404, BILLING_MESSAGES.notFound)
      let sub = await provider.getSubscription(row.id)
      if (!sub) throw new HttpError(404, BILLING_MESSAGES.notFound)
      if (row.status === WITHDRAWN || sub.status === 'APPROVAL_PENDING' || sub.status === 'APPROVED') {
        await db
          .update(billingSubscriptions)
          .set({ status: WITHDRAWN, updatedAt: clock.now() })
          .where(eq(billingSubscriptions.id, row.id))
        return { profile: await renewal.apply(sub), message: BILLING_MESSAGES.neverStarted }
      }
      const trial = await currentTrial(db, user.userId, clock.now())
      if (sub.status === 'ACTIVE' || sub.status === 'SUSPENDED') {
        // The end of the paid period (in the trial: its end, and nothing is charged), before the provider forgets the next billing time.
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
      const after = await renewal.apply(sub)
      return trial && profile.subscriptionId === sub.id
        ? { profile: after, message: TRIAL_MESSAGES.cancelledInTrial(trial.endsAt.toISOString()) }
        : { profile: after }
    },

    /** Before its owner's account is deleted: see settle-before-deletion.ts. */
    settleBeforeDeletion(user: SessionRead, reason: string): Promise<void> {
      return settleBeforeDeletion({ db, provider, clock, payments, renewal }, user.userId, (id) =>
        this.cancel(user, id, reason),
      )
    },

    async createPayment(user: SessionRead, siteOrigin: string, attemptId?: string) {
      await profileOf(user)
      return payments.create(user.userId, intentKey('order', user.userId, attemptId), siteOrigin)
    },

    /** A one-time payment buys 30 days of premium, counted once however often it is captured. */
    async capturePayment(user: SessionRead, orderId: unknown) {
      await profileOf(user)
      return payments.capture(user.userId, orderId)
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
          if (sub) await renewal.apply(sub)
        }
      }
      if (event.orderId) await payments.onCaptureEvent(event.orderId)
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
