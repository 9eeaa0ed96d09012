import { and, asc, desc, eq, gt, isNotNull, lte, ne } from 'drizzle-orm'
import type { Profile } from '../../core/account/profile'
import { hasPremiumPlan } from '../../core/plan/plan'
import type { Db } from '../db/client'
import { billingSubscriptions, profiles } from '../db/schema'
import type { PlanUpdate, ProfileRepository } from '../profile/repository'
import { addMonth, type BillingClock } from './clock'
import type { PaymentProvider, ProviderSubscription } from './provider'
import { recordTrial } from './trial'

/** The profile's subscriptionStatus for a provider status. */
export function profileStatus(status: ProviderSubscription['status']): string {
  switch (status) {
    case 'ACTIVE':
      return 'active'
    case 'CANCELLED':
      return 'cancelled'
    case 'SUSPENDED':
      return 'suspended'
    case 'EXPIRED':
      return 'expired'
    default:
      return 'pending'
  }
}

/**
 * Our own status for a subscription its owner cancelled before it started (APPROVAL_PENDING or
 * APPROVED): PayPal cannot cancel those (422 SUBSCRIPTION_STATUS_INVALID), and they were never billed.
 */
export const WITHDRAWN = 'WITHDRAWN'

/** How long premium lasts past next_billing_time while PayPal still says ACTIVE (retrying a payment). */
export const RENEWAL_GRACE_MS = 3 * 86_400_000

/** Due users read and checked per batch of the sweep. */
export const SWEEP_BATCH_SIZE = 100

const LAPSED: PlanUpdate = { planType: 'free', subscriptionStatus: 'expired' }

/**
 * What the profile becomes when the provider reports `sub`, or null when nothing changes. Only the
 * profile's own subscription moves its plan, except that an ACTIVE one is adopted by an owner who
 * has no premium from another subscription (the activation, or its webhook when the browser never
 * came back). A cancelled subscription keeps premium to the end of the paid period.
 */
export function planUpdateFor(profile: Profile, sub: ProviderSubscription, now: Date): PlanUpdate | null {
  const own = profile.subscriptionId === sub.id
  if (sub.status === 'ACTIVE') {
    // Another subscription that is still renewing keeps its place; one that was cancelled (premium
    // only to the end of its paid period) gives way: the newest active subscription wins.
    if (!own && hasPremiumPlan(profile, now) && profile.subscriptionStatus === 'active') return null
    const due = sub.nextBillingTime ? Date.parse(sub.nextBillingTime) : Number.NaN
    // PayPal keeps a subscription ACTIVE while it retries a failed renewal (until the plan's
    // payment_failure_threshold suspends it): premium lasts a grace period past the due date.
    if (due <= now.getTime() && due + RENEWAL_GRACE_MS <= now.getTime()) return own ? LAPSED : null
    const expiresAt = sub.nextBillingTime
      ? new Date(due <= now.getTime() ? due + RENEWAL_GRACE_MS : due)
      : own && profile.subscriptionExpiresAt
        ? new Date(profile.subscriptionExpiresAt)
        : addMonth(now)
    return {
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: sub.id,
      subscriptionExpiresAt: expiresAt,
    }
  }
  if (!own) return null
  if (sub.status === 'CANCELLED' || sub.status === 'SUSPENDED') {
    const ends = profile.subscriptionExpiresAt ? Date.parse(profile.subscriptionExpiresAt) : Number.NaN
    if (profile.planType !== 'monthly' || !(ends > now.getTime())) return LAPSED
    return { subscriptionStatus: profileStatus(sub.status) }
  }
  if (sub.status === 'EXPIRED') return LAPSED
  return null
}

/** The end of a cancelled plan's paid period still ahead: a new subscription starts then. */
export function paidUntil(profile: Profile, now: Date): Date | null {
  if (profile.planType !== 'monthly' || profile.subscriptionStatus !== 'cancelled') return null
  const ends = profile.subscriptionExpiresAt ? new Date(profile.subscriptionExpiresAt) : null
  return ends && ends.getTime() > now.getTime() ? ends : null
}

const sameUpdate = (profile: Profile, update: PlanUpdate) =>
  (update.planType === undefined || update.planType === profile.planType) &&
  (update.subscriptionStatus === undefined || update.subscriptionStatus === profile.subscriptionStatus) &&
  (update.subscriptionId === undefined || update.subscriptionId === profile.subscriptionId) &&
  (update.subscriptionExpiresAt === undefined ||
    (update.subscriptionExpiresAt?.toISOString() ?? null) === profile.subscriptionExpiresAt)

/**
 * What one look at a subscription changed: its stored state before (null when a plan lapsed with no
 * subscription read), what the provider said, and the owner's profile before and after. Billing's
 * mails are told from these (mail-events.ts).
 */
export type PlanChange = {
  userId: string
  sub: ProviderSubscription | null
  previous: { status: string; nextBillingTime: Date | null; trialDays: number } | null
  before: Profile
  after: Profile | null
  now: Date
}

export type PlanRenewal = {
  /** Stores the provider's view of a subscription we know, and moves its owner's plan to match. */
  apply(sub: ProviderSubscription): Promise<Profile | null>
  /**
   * Profiles past the end of their paid period: renewed if the provider billed again, else free.
   * Works in batches of `batchSize` users (onBatch hears each batch's size).
   */
  sweep(options?: { batchSize?: number; onBatch?: (size: number) => void }): Promise<number>
}

export function createPlanRenewal(
  db: Db,
  provider: PaymentProvider,
  profileRepo: ProfileRepository,
  clock: BillingClock,
  onError: (error: unknown, userId: string) => void = () => {},
  observe: (change: PlanChange) => Promise<void> = async () => {},
): PlanRenewal {
  const apply = async (sub: ProviderSubscription): Promise<Profile | null> => {
    const [known] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub.id))
    if (!known) return null
    let startedAfterWithdrawal = false
    if (known.status === WITHDRAWN) {
      if (sub.status === 'APPROVAL_PENDING' || sub.status === 'APPROVED')
        return known.userId === null ? null : profileRepo.ensure(known.userId)
      if (sub.status === 'ACTIVE' || sub.status === 'SUSPENDED') {
        // Started after its owner cancelled it: cancel it at PayPal now, so it is never billed again;
        // what was paid already is honoured, as any cancellation keeps premium to the paid end.
        await provider.cancelSubscription(sub.id, 'Cancelled by the subscriber before it started')
        startedAfterWithdrawal = sub.status === 'ACTIVE'
      }
    }
    const [row] = await db
      .update(billingSubscriptions)
      .set({
        status: known.status === WITHDRAWN ? 'CANCELLED' : sub.status,
        nextBillingTime: sub.nextBillingTime ? new Date(sub.nextBillingTime) : null,
        updatedAt: clock.now(),
      })
      .where(eq(billingSubscriptions.id, sub.id))
      .returning()
    // Withdrawn, then its owner deleted the account: cancelled above if it started, no plan to move.
    if (!row || row.userId === null) return null
    const owner = row.userId
    await recordTrial(db, { userId: owner, trialDays: row.trialDays }, sub)
    const profile = await profileRepo.ensure(owner)
    if (!profile) return null
    const update = planUpdateFor(profile, sub, clock.now())
    if (startedAfterWithdrawal && update) update.subscriptionStatus = 'cancelled'
    // Unchanged plans are not written: a replayed event or a repeated activation changes nothing.
    const after =
      !update || sameUpdate(profile, update) ? profile : await profileRepo.updatePlan(owner, update)
    const previous = {
      status: known.status,
      nextBillingTime: known.nextBillingTime,
      trialDays: row.trialDays,
    }
    await observe({ userId: owner, sub, previous, before: profile, after, now: clock.now() })
    return after
  }

  return {
    apply,
    async sweep({ batchSize = SWEEP_BATCH_SIZE, onBatch } = {}) {
      const now = clock.now()
      let lapsed = 0
      // Bounded batches in user order: memory and each query stay small however many are due.
      for (let after = ''; ; ) {
        const batch = await dueBatch(now, after, batchSize)
        onBatch?.(batch.length)
        for (const { userId, subscriptionId } of batch) {
          try {
            if (await lapseOrRenew(userId, subscriptionId, now)) lapsed++
          } catch (error) {
            // The provider may be down: this user is looked at again on the next sweep.
            onError(error, userId)
          }
        }
        const last = batch.at(-1)
        if (!last || batch.length < batchSize) return lapsed
        after = last.userId
      }
    },
  }

  /** The next `size` due users after `after`, in user order. */
  async function dueBatch(now: Date, after: string, size: number) {
    const due = await db
      .select({ userId: profiles.userId, subscriptionId: profiles.subscriptionId })
      .from(profiles)
      .where(
        and(
          gt(profiles.userId, after),
          eq(profiles.planType, 'monthly'),
          isNotNull(profiles.subscriptionExpiresAt),
          lte(profiles.subscriptionExpiresAt, now),
        ),
      )
      .orderBy(asc(profiles.userId))
      .limit(size)
    // Also subscriptions PayPal still calls ACTIVE past their due date: in their grace period, or
    // lapsed here, so that a renewal PayPal collects later brings premium back.
    const overdue = await db
      .select({ userId: profiles.userId, subscriptionId: profiles.subscriptionId })
      .from(billingSubscriptions)
      .innerJoin(profiles, eq(profiles.subscriptionId, billingSubscriptions.id))
      .where(
        and(
          gt(profiles.userId, after),
          eq(billingSubscriptions.status, 'ACTIVE'),
          eq(billingSubscriptions.userId, profiles.userId),
          lte(billingSubscriptions.nextBillingTime, now),
        ),
      )
      .orderBy(asc(profiles.userId))
      .limit(size)
    const merged = new Map([...due, ...overdue].map((row) => [row.userId, row]))
    return [...merged.values()].sort((a, b) => (a.userId < b.userId ? -1 : 1)).slice(0, size)
  }

  /** True when this user's plan lapsed to free. */
  async function lapseOrRenew(userId: string, subscriptionId: string | null, now: Date): Promise<boolean> {
    const [known] = subscriptionId
      ? await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, subscriptionId))
      : []
    if (known && known.userId === userId) {
      // Ask the provider first: a subscription that was billed again is renewed, not lapsed.
      const sub = await provider.getSubscription(known.id)
      if (sub) {
        const before = await profileRepo.get(userId)
        const after = await apply(sub)
        if (after?.planType === 'free') return before?.planType === 'monthly'
        if (hasPremiumPlan(after, now)) return false
      }
    }
    if (await adoptNewerSubscription(userId, subscriptionId, now)) return false
    const profile = await profileRepo.get(userId)
    if (profile?.planType !== 'monthly' || hasPremiumPlan(profile, now)) return false
    // Only the plan that was read is lapsed: a renewal or a payment written meanwhile wins.
    const lapsed = await profileRepo.updatePlan(
      userId,
      LAPSED,
      and(
        eq(profiles.planType, 'monthly'),
        profile.subscriptionExpiresAt
          ? lte(profiles.subscriptionExpiresAt, now)
          : eq(profiles.subscriptionStatus, profile.subscriptionStatus),
      ),
    )
    if (lapsed) await observe({ userId, sub: null, previous: null, before: profile, after: lapsed, now })
    return lapsed !== null
  }

  /**
   * A user who cancelled and subscribed again keeps premium through the new subscription: the newest
   * one our records call ACTIVE is read back from the provider and applied. True when premium is kept.
   */
  async function adoptNewerSubscription(userId: string, current: string | null, now: Date) {
    const others = await db
      .select({ id: billingSubscriptions.id })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.userId, userId),
          eq(billingSubscriptions.status, 'ACTIVE'),
          current ? ne(billingSubscriptions.id, current) : undefined,
        ),
      )
      .orderBy(desc(billingSubscriptions.createdAt))
      .limit(3)
    for (const { id } of others) {
      const sub = await provider.getSubscription(id)
      if (sub?.status !== 'ACTIVE') {
        if (sub) await apply(sub)
        continue
      }
      if (hasPremiumPlan(await apply(sub), now)) return true
    }
    return false
  }
}
