export type PlanProfile =
  | {
      planType: 'free' | 'monthly' | string
      subscriptionStatus: string
      subscriptionExpiresAt?: string | Date | null
    }
  | null
  | undefined

export const FREE_ITEM_LIMIT = 15
const DAY_MS = 86_400_000

function expiry(profile: NonNullable<PlanProfile>): number | null {
  if (!profile.subscriptionExpiresAt) return null
  const t = new Date(profile.subscriptionExpiresAt).getTime()
  return Number.isNaN(t) ? null : t
}

/** Premium: the monthly plan, status active, and not past subscriptionExpiresAt. */
export function hasPremiumPlan(profile: PlanProfile, now: Date = new Date()): boolean {
  if (profile?.planType !== 'monthly' || profile.subscriptionStatus !== 'active') return false
  const ends = expiry(profile)
  return ends === null || ends > now.getTime()
}

export const getMaxItemsPerWheel = (profile: PlanProfile, now?: Date): number =>
  hasPremiumPlan(profile, now) ? Number.POSITIVE_INFINITY : FREE_ITEM_LIMIT
export const canSaveWheels = hasPremiumPlan
export const canImportWheels = hasPremiumPlan
export const canAccessPresets = hasPremiumPlan
export const canAccessHistory = hasPremiumPlan

/** Subscribed with 1 to 7 days left. */
export function isExpiringSoon(profile: PlanProfile, now: Date = new Date()): boolean {
  if (!profile || !hasPremiumPlan(profile, now)) return false
  const ends = expiry(profile)
  if (ends === null) return false
  const days = Math.ceil((ends - now.getTime()) / DAY_MS)
  return days >= 1 && days <= 7
}

export const itemLimitMessage = (limit: number = FREE_ITEM_LIMIT) =>
  `Free users can only add up to ${limit} items per wheel. Upgrade to Premium for unlimited items!`
