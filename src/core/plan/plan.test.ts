import { describe, expect, it } from 'vitest'
import { FREE_ITEM_LIMIT, SUBSCRIPTION_STATUSES } from './definition'
import {
  canAccessHistory,
  canAccessPresets,
  canImportWheels,
  canSaveWheels,
  daysUntilExpiry,
  getMaxItemsPerWheel,
  hasPremiumPlan,
  hasSubscriptionStatus,
  isExpiringSoon,
  itemLimitMessage,
  type PlanProfile,
} from './plan'

const now = new Date('2026-11-22T12:00:00Z')
const DAY = 86_400_000
const premium = { planType: 'monthly', subscriptionStatus: 'active' } as const
const endsIn = (ms: number) => ({ ...premium, subscriptionExpiresAt: new Date(now.getTime() + ms) })
const gated = [canSaveWheels, canImportWheels, canAccessPresets, canAccessHistory, hasPremiumPlan]

describe('plan checks', () => {
  it('visitors and free users are free: 15 items, nothing premium', () => {
    const free: PlanProfile[] = [
      null,
      undefined,
      { planType: 'free', subscriptionStatus: 'inactive' },
      { planType: 'free', subscriptionStatus: 'active' },
      { planType: 'monthly', subscriptionStatus: 'inactive' },
      { planType: 'monthly', subscriptionStatus: 'cancelled' },
      { planType: 'monthly', subscriptionStatus: 'ACTIVE' },
      { planType: 'yearly', subscriptionStatus: 'active' },
    ]
    for (const profile of free) {
      expect(getMaxItemsPerWheel(profile, now)).toBe(FREE_ITEM_LIMIT)
      for (const check of gated) expect(check(profile, now)).toBe(false)
    }
    expect(FREE_ITEM_LIMIT).toBe(15)
  })

  it('premium is the monthly plan AND an active status: unlimited items and every feature', () => {
    expect(getMaxItemsPerWheel(premium, now)).toBe(Number.POSITIVE_INFINITY)
    for (const check of gated) expect(check(premium, now)).toBe(true)
    expect(hasPremiumPlan({ ...premium, subscriptionExpiresAt: null }, now)).toBe(true)
    expect(hasPremiumPlan({ ...premium, subscriptionExpiresAt: '' }, now)).toBe(true)
  })

  it('premium ends exactly at subscriptionExpiresAt', () => {
    const ends = { ...premium, subscriptionExpiresAt: '2026-11-22T12:00:01Z' }
    expect(hasPremiumPlan(ends, now)).toBe(true)
    expect(hasPremiumPlan(ends, new Date('2026-11-22T12:00:00.999Z'))).toBe(true)
    expect(hasPremiumPlan(ends, new Date('2026-11-22T12:00:01Z'))).toBe(false)
    expect(getMaxItemsPerWheel(ends, new Date('2026-11-23T00:00:00Z'))).toBe(FREE_ITEM_LIMIT)
    for (const check of gated) expect(check(endsIn(-1), now)).toBe(false)
    expect(hasPremiumPlan({ ...premium, subscriptionExpiresAt: new Date('2020-01-01') }, now)).toBe(false)
  })

  it('a cancelled subscription keeps premium until the end of the paid period, then lapses', () => {
    const cancelled = { planType: 'monthly', subscriptionStatus: 'cancelled' } as const
    const until = { ...cancelled, subscriptionExpiresAt: new Date(now.getTime() + 3 * DAY) }
    for (const check of gated) expect(check(until, now)).toBe(true)
    expect(daysUntilExpiry(until, now)).toBe(3)
    expect(isExpiringSoon(until, now)).toBe(true)
    expect(hasPremiumPlan(until, new Date(now.getTime() + 3 * DAY))).toBe(false)
    expect(hasPremiumPlan({ ...cancelled, subscriptionExpiresAt: null }, now)).toBe(false)
    for (const status of ['suspended', 'expired', 'pending']) {
      expect(hasPremiumPlan({ ...until, subscriptionStatus: status }, now)).toBe(false)
    }
  })

  it('reads a subscription status Whirl knows; a misspelt one does not compile', () => {
    expect(hasSubscriptionStatus({ planType: 'monthly', subscriptionStatus: 'cancelled' }, 'cancelled')).toBe(
      true,
    )
    expect(hasSubscriptionStatus({ planType: 'monthly', subscriptionStatus: 'ACTIVE' }, 'active')).toBe(false)
    expect(hasSubscriptionStatus(null, 'inactive')).toBe(false)
    // @ts-expect-error 'activ' is not a subscription status
    expect(hasSubscriptionStatus(premium, 'activ')).toBe(false)
    expect(SUBSCRIPTION_STATUSES).toEqual([
      'inactive',
      'active',
      'cancelled',
      'suspended',
      'expired',
      'pending',
    ])
  })

  it('an unreadable expiry fails closed', () => {
    expect(hasPremiumPlan({ ...premium, subscriptionExpiresAt: 'garbage' }, now)).toBe(false)
    expect(hasPremiumPlan({ ...premium, subscriptionExpiresAt: new Date(Number.NaN) }, now)).toBe(false)
  })

  it('is expiring soon with 1 to 7 days left, and only while subscribed', () => {
    expect(isExpiringSoon(endsIn(8 * DAY), now)).toBe(false)
    expect(isExpiringSoon(endsIn(7 * DAY + 1), now)).toBe(false)
    expect(isExpiringSoon(endsIn(7 * DAY), now)).toBe(true)
    expect(isExpiringSoon(endsIn(1 * DAY), now)).toBe(true)
    expect(isExpiringSoon(endsIn(DAY / 2), now)).toBe(true)
    expect(isExpiringSoon(endsIn(1), now)).toBe(true)
    expect(isExpiringSoon(endsIn(0), now)).toBe(false)
    expect(isExpiringSoon(endsIn(-DAY), now)).toBe(false)
    expect(isExpiringSoon(premium, now)).toBe(false)
    expect(isExpiringSoon(null, now)).toBe(false)
    expect(isExpiringSoon({ ...endsIn(DAY), subscriptionStatus: 'inactive' }, now)).toBe(false)
  })

  it('counts the days left, rounded up', () => {
    expect(daysUntilExpiry(endsIn(3 * DAY), now)).toBe(3)
    expect(daysUntilExpiry(endsIn(2 * DAY + 1), now)).toBe(3)
    expect(daysUntilExpiry(premium, now)).toBeNull()
    expect(daysUntilExpiry(null, now)).toBeNull()
  })

  it('uses the current time when none is given', () => {
    expect(hasPremiumPlan({ ...premium, subscriptionExpiresAt: new Date(Date.now() + DAY) })).toBe(true)
    expect(hasPremiumPlan({ ...premium, subscriptionExpiresAt: new Date(Date.now() - DAY) })).toBe(false)
  })

  it('words the item limit exactly', () => {
    expect(itemLimitMessage()).toBe(
      'Free users can only add up to 15 items per wheel. Upgrade to Premium for up to 10,000 items!',
    )
    expect(itemLimitMessage(20)).toBe(
      'Free users can only add up to 20 items per wheel. Upgrade to Premium for up to 10,000 items!',
    )
  })
})
