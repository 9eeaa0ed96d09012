import { describe, expect, it } from 'vitest'
import { FREE_ITEM_LIMIT } from './definition'
import { includedIn, limitedOnFree, unlockedBy, unlockedWithLimits } from './feature-lists'
import { PLAN_FEATURES, planLines } from './features'

describe('the feature catalogue', () => {
  it('states the free item limit from FREE_ITEM_LIMIT', () => {
    expect(limitedOnFree()).toContain(`Max ${FREE_ITEM_LIMIT} items per wheel`)
    expect(planLines('free')).toEqual(['Basic wheel creation', `Max ${FREE_ITEM_LIMIT} items per wheel`])
  })

  it('gives premium every feature and free only the basic wheel in full', () => {
    expect(planLines('premium')).toHaveLength(PLAN_FEATURES.length)
    expect(planLines('premium')).toContain('Up to 10,000 items per wheel')
    expect(planLines('premium')).toContain('Up to 500 saved wheels')
    expect(includedIn('free')).toEqual(['Basic wheel creation'])
    expect(limitedOnFree()).not.toContain('Basic wheel creation')
  })

  it('a basic receipt unlocks less than a premium one', () => {
    expect(unlockedBy('basic')).toEqual(['Unlimited Wheels', 'Data Export', 'Save Wheels'])
    expect(unlockedWithLimits('basic')).toEqual([
      { name: 'Unlimited Wheels', limit: 'Up to 10,000 items per wheel' },
      { name: 'Data Export', limit: null },
      { name: 'Save Wheels', limit: 'Up to 500 saved wheels' },
    ])
    expect(unlockedBy('premium')).toEqual([
      ...unlockedBy('basic'),
      'Preset library',
      'Spin history with CSV export',
      'Advanced Analytics',
      'Remove Watermark',
      'Priority Support',
    ])
  })
})
