import { FREE_ITEM_LIMIT } from '../../../core/plan/plan'
import type { Faq } from '../pages/faq-data'

/** What the Free plan includes and leaves out (the plans page, SPEC §2). */
export const FREE_INCLUDED = ['Basic wheel creation']
export const FREE_EXCLUDED = [
  `Max ${FREE_ITEM_LIMIT} items per wheel`,
  'No saving wheels',
  'No presets',
  'No history',
  'No import',
]

/** The comparison table: a row's Free and Premium cells; true is a tick, false a cross. */
export const COMPARISON_ROWS: { feature: string; free: boolean | string; premium: boolean | string }[] = [
  { feature: 'Basic wheel creation', free: true, premium: true },
  { feature: 'Items per wheel', free: `Max ${FREE_ITEM_LIMIT}`, premium: 'Unlimited' },
  { feature: 'Save wheels', free: false, premium: true },
  { feature: 'Import and export wheels', free: false, premium: true },
  { feature: 'Preset templates', free: false, premium: true },
  { feature: 'Spin history and CSV export', free: false, premium: true },
]

/**
 * The plans page's three questions. Whirl offers no free trial and takes payment through PayPal,
 * so the answers say that rather than the spec's marketing text (a 7-day trial, "all major cards").
 */
export const PLAN_FAQ: Faq[] = [
  {
    q: 'Can I cancel anytime?',
    a: 'Yes. Cancel from your profile page whenever you like. Premium stays on until the end of the month you have paid for, and it does not renew after that.',
  },
  {
    q: 'Is there a free trial?',
    a: 'No, there is no free trial. The Free plan is free forever, so you can try Whirl before you subscribe, and if Premium is not for you, cancel and keep it to the end of the paid month.',
  },
  {
    q: 'What payment methods do you accept?',
    a: 'We take payment through PayPal: pay from your PayPal balance or bank account, or with a debit or credit card through PayPal’s checkout.',
  },
]
