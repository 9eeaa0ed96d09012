import type { Message } from '../i18n/message'
import { msg } from '../i18n/message-id'
import { MAX_ITEMS } from '../wheel/model'

/**
 * The named plan checks of the spec (§6). Pure functions of the profile the server sent and of the
 * current time, so the web app and the server decide alike. A missing profile (a visitor) is free.
 */

/** The fields of a user profile that decide the plan. Other fields are ignored. */
export type PlanProfile =
  | {
      planType: PlanType | (string & {})
      subscriptionStatus: SubscriptionStatus | (string & {})
      subscriptionExpiresAt?: string | Date | null
    }
  | null
  | undefined

import { formatCount } from '../format/count'
import { FREE_ITEM_LIMIT, type PlanType, PREMIUM_PLAN_TYPE, type SubscriptionStatus } from './definition'

export const EXPIRY_WARNING_DAYS = 7
const DAY_MS = 86_400_000

/**
 * The end of the paid period in ms, null when there is none. An expiry that cannot be read counts
 * as already past: entitlements fail closed.
 */
function expiryTime(profile: NonNullable<PlanProfile>): number | null {
  const value = profile.subscriptionExpiresAt
  if (value === undefined || value === null || value === '') return null
  const t =
    value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t
}

/**
 * Premium: the monthly plan, status 'active', and not past subscriptionExpiresAt (when set). A
 * cancelled subscription stays premium until subscriptionExpiresAt, the end of the period paid for
 * (the cancel message promises this); without an end date a cancelled one is not premium.
 */
export function hasPremiumPlan(profile: PlanProfile, now: Date = new Date()): boolean {
  if (profile?.planType !== PREMIUM_PLAN_TYPE) return false
  const active = hasSubscriptionStatus(profile, 'active')
  if (!active && !hasSubscriptionStatus(profile, 'cancelled')) return false
  const ends = expiryTime(profile)
  if (ends === null) return active
  return ends > now.getTime()
}

/** Whether the profile's subscription status is `status`, one Whirl knows (a misspelt one does not compile). */
export const hasSubscriptionStatus = (profile: PlanProfile, status: SubscriptionStatus): boolean =>
  profile?.subscriptionStatus === status

/** 15 items for visitors and free users, unlimited (Infinity) for premium. */
export const getMaxItemsPerWheel = (profile: PlanProfile, now?: Date): number =>
  hasPremiumPlan(profile, now) ? Number.POSITIVE_INFINITY : FREE_ITEM_LIMIT

export const canSaveWheels = (profile: PlanProfile, now?: Date): boolean => hasPremiumPlan(profile, now)
export const canImportWheels = (profile: PlanProfile, now?: Date): boolean => hasPremiumPlan(profile, now)
export const canAccessPresets = (profile: PlanProfile, now?: Date): boolean => hasPremiumPlan(profile, now)
export const canAccessHistory = (profile: PlanProfile, now?: Date): boolean => hasPremiumPlan(profile, now)

/**
 * Whole days left in a premium subscription with an end date, rounded up (1 while less than a
 * day remains); null when the user is not premium or the subscription has no end date.
 */
export function daysUntilExpiry(profile: PlanProfile, now: Date = new Date()): number | null {
  if (!profile || !hasPremiumPlan(profile, now)) return null
  const ends = expiryTime(profile)
  return ends === null ? null : Math.ceil((ends - now.getTime()) / DAY_MS)
}

/** Subscribed, with 1 to 7 days left (the expiry warning). */
export function isExpiringSoon(profile: PlanProfile, now: Date = new Date()): boolean {
  const days = daysUntilExpiry(profile, now)
  return days !== null && days >= 1 && days <= EXPIRY_WARNING_DAYS
}

/** The alert shown when a free user tries to add more items than the limit. */
export const itemLimitMessage = (limit: number = FREE_ITEM_LIMIT): string =>
  `Free users can only add up to ${limit} items per wheel. Upgrade to Premium for up to ${formatCount(MAX_ITEMS)} items!`

/** itemLimitMessage for a page that shows it in its language. */
export const itemLimitText = (limit: number = FREE_ITEM_LIMIT): Message => ({
  message: msg(
    'Free users can only add up to {limit} items per wheel. Upgrade to Premium for up to {max, number} items!',
  ),
  values: { limit, max: MAX_ITEMS },
})
