// The plan feature catalogue (src/core/plan) in the page's language: core keeps the English
// messages and their values, these give the lines the plans and payment pages list.
import { FREE_BASICS } from '../../../core/plan/feature-lists'
import { featureLineText, PLAN_FEATURES, type PlanFeature } from '../../../core/plan/features'
import { t } from '../../i18n/i18n'

type Plan = 'free' | 'premium'

/** One feature as a line of a plan's list ("Max 15 items per wheel"). */
export function lineText(feature: PlanFeature, plan: Plan): string {
  const line = featureLineText(feature, plan)
  return t(line.message, line.values)
}

/** Every line of a plan, limits included (the home page's and the plans page's cards). */
export const planLineTexts = (plan: Plan): string[] =>
  PLAN_FEATURES.filter((f) => f[plan] !== false).map((f) => lineText(f, plan))

/** What a plan includes in full. */
export const includedInTexts = (plan: Plan): string[] =>
  PLAN_FEATURES.filter((f) => f[plan] === true).map((f) => t(f.name))

/** What the free plan leaves out or limits. */
export const limitedOnFreeTexts = (): string[] =>
  PLAN_FEATURES.filter((f) => f.free !== true).map((f) => lineText(f, 'free'))

/** What paying unlocks, with each unlocked name's real limit beside it (the payment success page). */
export const unlockedTexts = (tier: 'basic' | 'premium'): { name: string; limit: string | null }[] =>
  PLAN_FEATURES.filter((f) => f.paidTier === 'basic' || (tier === 'premium' && f.paidTier === 'premium')).map(
    (f) => ({
      name: f.unlockedName ? t(f.unlockedName) : lineText(f, 'premium'),
      limit: f.unlockedName && typeof f.premium === 'string' ? lineText(f, 'premium') : null,
    }),
  )

/** What the basic wheel does on every plan (the payment cancel page). */
export const freeBasicsTexts = (): string[] => FREE_BASICS.map((line) => t(line))

/** A limit as the comparison table's cell shows it ("Max 15", "Up to 10,000"). */
export function limitText(feature: PlanFeature, plan: Plan): string | boolean {
  const value = feature[plan]
  if (typeof value !== 'string') return value
  const line = featureLineText(feature, plan)
  return plan === 'free' ? t('Max {limit}', line.values) : t('Up to {max, number}', line.values)
}
