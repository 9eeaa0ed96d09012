// The plans themselves: their names in the data and to users, and their limits. Apart from the
// checks in plan.ts so that a page that only names a plan or states a limit loads only this.

/** Items a wheel may have on the free plan (and for visitors). */
export const FREE_ITEM_LIMIT = 15

/** Saved wheels an account (and a browser) may keep: what Premium's "unlimited" wheels really are. */
export const MAX_SAVED_WHEELS = 500

/** The plans a profile can have, as the data (profiles, database, billing) names them. */
export const PLAN_TYPES = ['free', 'monthly'] as const
export type PlanType = (typeof PLAN_TYPES)[number]

/**
 * The subscription statuses Whirl writes into a profile (SPEC §3: inactive by default, active when
 * subscribed; cancelled, suspended, expired and pending come from the payment provider). A profile
 * read from the wire or the database may still hold another value (SPEC: "other values can arrive
 * from server verification"): the fields that carry one are `SubscriptionStatus | (string & {})`.
 */
export const SUBSCRIPTION_STATUSES = [
  'inactive',
  'active',
  'cancelled',
  'suspended',
  'expired',
  'pending',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/**
 * The one place the two names of the paid plan meet: users, the pages and the billing API say
 * "premium"; profiles and the database store `monthly`.
 */
export const PREMIUM_PLAN_TYPE = 'monthly' satisfies PlanType
export const PLAN_NAMES: Record<PlanType, string> = { free: 'Free', monthly: 'Premium' }

/**
 * The paid plan (SPEC §3 Subscription plan definition): its key, name and price, shown by the
 * plans page and the payment pages, and used by the server to describe and price the subscription.
 * What it unlocks is the feature catalogue (features.ts).
 */
export const PREMIUM_PLAN = {
  key: 'premium',
  name: 'Premium Plan',
  price: '6.99',
  currency: 'USD',
  interval: 'month',
} as const

export type PremiumPlan = typeof PREMIUM_PLAN
