// The lists the plans and payment pages show, read from the one catalogue in features.ts. Apart
// from it so that the home page, which shows only planLines, does not load these.
import { msg } from '../i18n/message-id'
import { featureLine, PLAN_FEATURES } from './features'

/** What the basic wheel does on every plan, in detail (the payment cancel page). */
export const FREE_BASICS = [
  msg('Create custom wheels'),
  msg('Spin them as often as you like'),
  msg('Customize colors and text'),
  msg('Keep your wheel in this browser between visits'),
] as const

/** What a plan includes in full, as list lines. */
export const includedIn = (plan: 'free' | 'premium'): string[] =>
  PLAN_FEATURES.filter((f) => f[plan] === true).map((f) => f.name)

/** What the free plan leaves out or limits, as list lines ("Max 15 items per wheel", "Save wheels"). */
export const limitedOnFree = (): string[] =>
  PLAN_FEATURES.filter((f) => f.free !== true).map((f) => featureLine(f, 'free'))

/**
 * What paying unlocks, for the plan of a receipt (the payment success page): Unlimited Wheels,
 * Data Export, Save Wheels, and for premium also the rest.
 */
export const unlockedBy = (tier: 'basic' | 'premium'): string[] =>
  PLAN_FEATURES.filter((f) => f.paidTier === 'basic' || (tier === 'premium' && f.paidTier === 'premium')).map(
    (f) => f.unlockedName ?? featureLine(f, 'premium'),
  )

/**
 * The same list with each unlocked name's real limit beside it, as the plans page states it
 * ("Unlimited Wheels" with "Up to 10,000 items per wheel").
 */
export const unlockedWithLimits = (tier: 'basic' | 'premium'): { name: string; limit: string | null }[] =>
  PLAN_FEATURES.filter((f) => f.paidTier === 'basic' || (tier === 'premium' && f.paidTier === 'premium')).map(
    (f) => ({
      name: f.unlockedName ?? featureLine(f, 'premium'),
      limit: f.unlockedName && typeof f.premium === 'string' ? featureLine(f, 'premium') : null,
    }),
  )
