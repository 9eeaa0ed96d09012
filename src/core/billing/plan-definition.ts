/**
 * The paid plan (SPEC §3 Subscription plan definition): shown by the plans page and the payment
 * pages, and used by the server to describe and price the subscription.
 */
export const PREMIUM_PLAN = {
  key: 'premium',
  name: 'Premium Plan',
  price: '6.99',
  currency: 'USD',
  interval: 'month',
  features: [
    'Unlimited wheels',
    'Save wheels',
    'Import wheels',
    'Access to presets',
    'Wheel history',
    'Unlimited items per wheel',
  ],
} as const

export type PremiumPlan = typeof PREMIUM_PLAN
