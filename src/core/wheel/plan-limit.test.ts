import { describe, expect, it } from 'vitest'
import { FREE_ITEM_LIMIT } from '../plan/definition'
import { createDefaultWheel, createItem, type Wheel } from './model'
import { limitedLoadMessage, loadWithinLimit } from './plan-limit'

const wheelOf = (count: number): Wheel => ({
  ...createDefaultWheel(),
  id: 'saved-1',
  name: 'Big',
  items: Array.from({ length: count }, (_, i) => createItem(`Item ${i + 1}`, '#ef4444')),
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
})

describe('loading a saved wheel under the free limit', () => {
  it('keeps the first 15 items in order, as a new unsaved copy, with the tallies of those kept', () => {
    const wheel = wheelOf(40)
    const first = wheel.items[0]?.id as string
    const last = wheel.items[39]?.id as string
    const load = loadWithinLimit({ ...wheel, tally: { [first]: 2, [last]: 5 } }, FREE_ITEM_LIMIT)
    expect(load.kept).toBe(15)
    expect(load.total).toBe(40)
    expect(load.wheel.items.map((i) => i.text)).toEqual(wheel.items.slice(0, 15).map((i) => i.text))
    expect(load.wheel.id).toBeNull()
    expect(load.wheel.createdAt).toBeUndefined()
    expect(load.wheel.updatedAt).toBeUndefined()
    expect(load.wheel.tally).toEqual({ [first]: 2 })
    expect(load.wheel.name).toBe('Big')
    expect(load.wheel.settings).toEqual(wheel.settings)
    expect(limitedLoadMessage('Big', load)).toBe(
      'Loaded the first 15 of 40 items of “Big”: the free plan holds up to 15 items per wheel, so 25 items were left out. The saved wheel keeps all 40; renew Premium to use them all.',
    )
  })

  it('opens a wheel within the limit unchanged, with its id, and says nothing', () => {
    for (const count of [1, 15]) {
      const wheel = wheelOf(count)
      const load = loadWithinLimit(wheel, FREE_ITEM_LIMIT)
      expect(load.wheel).toBe(wheel)
      expect(limitedLoadMessage('Big', load)).toBeNull()
    }
  })

  it('opens everything when there is no limit (premium)', () => {
    const wheel = wheelOf(200)
    expect(loadWithinLimit(wheel, Number.POSITIVE_INFINITY).wheel).toBe(wheel)
  })

  it('says "1 item was" for one item left out', () => {
    expect(limitedLoadMessage('Sixteen', loadWithinLimit(wheelOf(16), 15))).toContain('1 item was left out')
  })
})
