import { and, eq, isNotNull, lte } from 'drizzle-orm'
import type { Profile } from '../../core/account'
import { hasPremiumPlan } from '../../core/plan/plan'
import type { Db } from '../db/client'
import { billingSubscriptions, profiles } from '../db/schema'
import type { PlanUpdate, ProfileRepository } from '../profile/repository'
import { addMonth, type BillingClock } from './clock'
import type { PaymentProvider, ProviderSubscription } from './provider'

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
    if (!own && hasPremiumPlan(profile, now)) return null
    const expiresAt = sub.nextBillingTime
      ? new Date(sub.nextBillingTime)
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

const sameUpdate = (profile: Profile, update: PlanUpdate) =>
  (update.planType === undefined || update.planType === profile.planType) &&
  (update.subscriptionStatus === undefined || update.subscriptionStatus === profile.subscriptionStatus) &&
  (update.subscriptionId === undefined || update.subscriptionId === profile.subscriptionId) &&
  (update.subscriptionExpiresAt === undefined ||
    (update.subscriptionExpiresAt?.toISOString() ?? null) === profile.subscriptionExpiresAt)

export type PlanSync = {
  /** Stores the provider's view of a subscription we know, and moves its owner's plan to match. */
  apply(sub: ProviderSubscription): Promise<Profile | null>
  /** Profiles past the end of their paid period: renewed if the provider billed again, else free. */
  sweep(): Promise<number>
}

export function createPlanSync(
  db: Db,
  provider: PaymentProvider,
  profileRepo: ProfileRepository,
  clock: BillingClock,
  onError: (error: unknown, userId: string) => void = () => {},
): PlanSync {
  const apply = async (sub: ProviderSubscription) => {
    const [row] = await db
      .update(billingSubscriptions)
      .set({
        status: sub.status,
        nextBillingTime: sub.nextBillingTime ? new Date(sub.nextBillingTime) : null,
        updatedAt: clock.now(),
      })
      .where(eq(billingSubscriptions.id, sub.id))
      .returning()
    if (!row) return null
    const profile = await profileRepo.ensure(row.userId)
    if (!profile) return null
    const update = planUpdateFor(profile, sub, clock.now())
    // Unchanged plans are not written: a replayed event or a repeated activation tells no one.
    if (!update || sameUpdate(profile, update)) return profile
    return profileRepo.updatePlan(row.userId, update)
  }

  return {
    apply,
    async sweep() {
      const now = clock.now()
      const due = await db
        .select({ userId: profiles.userId, subscriptionId: profiles.subscriptionId })
        .from(profiles)
        .where(
          and(
            eq(profiles.planType, 'monthly'),
            isNotNull(profiles.subscriptionExpiresAt),
            lte(profiles.subscriptionExpiresAt, now),
          ),
        )
      let lapsed = 0
      for (const { userId, subscriptionId } of due) {
        try {
          if (await lapseOrRenew(userId, subscriptionId, now)) lapsed++
        } catch (error) {
          // The provider may be down: this user is looked at again on the next sweep.
          onError(error, userId)
        }
      }
      return lapsed
    },
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
        const after = await apply(sub)
        if (after?.planType === 'free') return true
        if (hasPremiumPlan(after, now)) return false
      }
    }
    const profile = await profileRepo.get(userId)
    if (profile?.planType !== 'monthly' || hasPremiumPlan(profile, now)) return false
    await profileRepo.updatePlan(userId, LAPSED)
    return true
  }
}
