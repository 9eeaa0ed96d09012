import { describe, expect, it } from 'vitest'
import {
  canAccessHistory,
  canAccessPresets,
  canImportWheels,
  canSaveWheels,
  FREE_ITEM_LIMIT,
  getMaxItemsPerWheel,
  hasPremiumPlan,
  isExpiringSoon,
  itemLimitMessage,
} from './plan'

const now = new Date('2026-11-22T12:00:00Z')
const premium = { planType: 'monthly', subscriptionStatus: 'active' }

describe('plan checks', () => {
  it('visitors and free users are free: 15 items, nothing premium', () => {
    for (const profile of [null, undefined, { planType: 'free', subscriptionStatus: 'inactive' }]) {
      expect(hasPremiumPlan(profile, now)).toBe(false)
      expect(getMaxItemsPerWheel(profile, now)).toBe(FREE_ITEM_LIMIT)
      for (const check of [canSaveWheels, canImportWheels, canAccessPresets, canAccessHistory]) {
        expect(check(profile, now)).toBe(false)
      }
    }
  })

  it('premium needs the monthly plan AND an active status', () => {
    expect(hasPremiumPlan(premium, now)).toBe(true)
    expect(getMaxItemsPerWheel(premium, now)).toBe(Number.POSITIVE_INFINITY)
    expect(canSaveWheels(premium, now) && canAccessPresets(premium, now)).toBe(true)
    expect(hasPremiumPlan({ planType: 'monthly', subscriptionStatus: 'cancelled' }, now)).toBe(false)
    expect(hasPremiumPlan({ planType: 'free', subscriptionStatus: 'active' }, now)).toBe(false)
  })

  it('premium ends at subscriptionExpiresAt', () => {
    const ends = { ...premium, subscriptionExpiresAt: '2026-11-22T12:00:01Z' }
    expect(hasPremiumPlan(ends, now)).toBe(true)
    expect(hasPremiumPlan(ends, new Date('2026-11-22T12:00:01Z'))).toBe(false)
    expect(hasPremiumPlan({ ...premium, subscriptionExpiresAt: new Date('2020-01-01') }, now)).toBe(false)
    expect(hasPremiumPlan({ ...premium, subscriptionExpiresAt: 'garbage' }, now)).toBe(true)
  })

  it('is expiring soon with 1 to 7 days left', () => {
    const inDays = (d: number) => ({
      ...premium,
      subscriptionExpiresAt: new Date(now.getTime() + d * 86_400_000),
    })
    expect(isExpiringSoon(inDays(8), now)).toBe(false)
    expect(isExpiringSoon(inDays(7), now)).toBe(true)
    expect(isExpiringSoon(inDays(1), now)).toBe(true)
    expect(isExpiringSoon(inDays(0.5), now)).toBe(true)
    expect(isExpiringSoon(inDays(-1), now)).toBe(false)
    expect(isExpiringSoon(premium, now)).toBe(false)
  })

  it('words the item limit exactly', () => {
    expect(itemLimitMessage()).toBe(
      'Free users can only add up to 15 items per wheel. Upgrade to Premium for unlimited items!',
    )
  })
})
