import { formatCount } from '../format/count'
import type { Message } from '../i18n/message'
import { msg } from '../i18n/message-id'
import { MAX_ITEMS } from '../wheel/model'
import { FREE_ITEM_LIMIT, MAX_SAVED_WHEELS } from './definition'

/**
 * The one feature catalogue: every place that lists what a plan includes reads it (the plans
 * page's cards and comparison table, the home page's comparison, the payment success and cancel
 * pages). `free` / `premium`: true (included), false (not) or the limit, as the table shows it.
 * `paidTier`: the cheapest paid plan that unlocks it (a "basic" receipt unlocks fewer).
 */
export type PlanFeature = {
  id: 'basic' | 'items' | 'save' | 'import' | 'presets' | 'history' | 'analytics' | 'watermark' | 'support'
  name: string
  /** Its name on the payment success page, under "Features Unlocked Now" (the spec's words). */
  unlockedName?: string
  free: boolean | string
  premium: boolean | string
  paidTier?: 'basic' | 'premium'
}

export const PLAN_FEATURES: readonly PlanFeature[] = [
  { id: 'basic', name: msg('Basic wheel creation'), free: true, premium: true },
  {
    id: 'items',
    name: msg('Items per wheel'),
    free: `Max ${FREE_ITEM_LIMIT}`,
    premium: `Up to ${formatCount(MAX_ITEMS)}`,
    paidTier: 'basic',
    unlockedName: msg('Unlimited Wheels'),
  },
  {
    id: 'import',
    name: msg('Import and export wheels'),
    free: false,
    premium: true,
    paidTier: 'basic',
    unlockedName: msg('Data Export'),
  },
  {
    id: 'save',
    name: msg('Saved wheels'),
    free: false,
    premium: `Up to ${MAX_SAVED_WHEELS}`,
    paidTier: 'basic',
    unlockedName: msg('Save Wheels'),
  },
  { id: 'presets', name: msg('Preset library'), free: false, premium: true, paidTier: 'premium' },
  {
    id: 'history',
    name: msg('Spin history with CSV export'),
    free: false,
    premium: true,
    paidTier: 'premium',
  },
  { id: 'analytics', name: msg('Advanced Analytics'), free: false, premium: true, paidTier: 'premium' },
  { id: 'watermark', name: msg('Remove Watermark'), free: false, premium: true, paidTier: 'premium' },
  { id: 'support', name: msg('Priority Support'), free: false, premium: true, paidTier: 'premium' },
]

/** A feature as one line of a plan's list: "Max 15 items per wheel", "Up to 10,000 items per wheel", "Up to 500 saved wheels". */
export function featureLine(feature: PlanFeature, plan: 'free' | 'premium'): string {
  const value = feature[plan]
  return typeof value === 'string' ? `${value} ${feature.name.toLowerCase()}` : feature.name
}

/** Every line of a plan, limits included (the home page's comparison). */
export const planLines = (plan: 'free' | 'premium'): string[] =>
  PLAN_FEATURES.filter((f) => f[plan] !== false).map((f) => featureLine(f, plan))

/** featureLine for a page that shows it in its language (the name alone is a message too). */
export function featureLineText(feature: PlanFeature, plan: 'free' | 'premium'): Message {
  if (typeof feature[plan] !== 'string') return { message: feature.name }
  if (feature.id === 'save')
    return { message: msg('Up to {max} saved wheels'), values: { max: MAX_SAVED_WHEELS } }
  return plan === 'free'
    ? { message: msg('Max {limit} items per wheel'), values: { limit: FREE_ITEM_LIMIT } }
    : { message: msg('Up to {max, number} items per wheel'), values: { max: MAX_ITEMS } }
}
