import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { expectAgreement, nearlyValid } from '../testing/schema-agreement'
import {
  entryArb,
  idArb,
  itemArb,
  lookArb,
  settingsArb,
  timestampArb,
  wheelArb,
} from '../testing/wheel-arbitraries'
import {
  isIsoTimestamp,
  newCheckedItems,
  strictHistoryEntry,
  strictItems,
  strictLook,
  strictWheel,
  strictWheelSettings,
} from './checks'
import { createDefaultWheel } from './model'
import {
  itemSchema,
  lookSchema,
  spinHistoryEntrySchema,
  timestampSchema,
  wheelSchema,
  wheelSettingsSchema,
} from './schema'

describe('the hand-written wheel checks agree with the schemas', () => {
  it('timestamps', () => {
    expectAgreement(timestampSchema, (v) => (isIsoTimestamp(v) ? v : null), nearlyValid(timestampArb))
  })

  it('item lists', () => {
    const list = z.array(itemSchema).check(z.maxLength(10_000))
    expectAgreement(list, strictItems, nearlyValid(fc.array(itemArb, { maxLength: 4 })))
    // With the items checked before remembered across every value tried (shrinking reuses objects).
    const checked = newCheckedItems()
    expectAgreement(list, (v) => strictItems(v, checked), nearlyValid(fc.array(itemArb, { maxLength: 4 })))
  })

  it('settings', () => {
    expectAgreement(wheelSettingsSchema, strictWheelSettings, nearlyValid(settingsArb))
  })

  it('looks', () => {
    expectAgreement(lookSchema, strictLook, nearlyValid(lookArb))
  })

  it('wheels', () => {
    expectAgreement(wheelSchema, strictWheel, nearlyValid(wheelArb), 4_000)
  })

  it('history entries', () => {
    expectAgreement(spinHistoryEntrySchema, strictHistoryEntry, nearlyValid(entryArb))
  })

  it('a valid wheel is returned as it is; one with an unknown key is copied without it', () => {
    const wheel = createDefaultWheel()
    expect(strictWheel(wheel)).toBe(wheel)
    const withExtra = { ...wheel, items: [{ ...wheel.items[0], note: 'x' }, ...wheel.items.slice(1)] }
    const read = strictWheel(withExtra)
    expect(read).toEqual(wheel)
    expect(read?.items[1]).toBe(wheel.items[1])
  })

  it('items checked before are remembered; a new item is still checked, and a copy is not remembered', () => {
    const checked = newCheckedItems()
    const items = createDefaultWheel().items
    expect(strictItems(items, checked)).toBe(items)
    for (const item of items) expect(checked.items.has(item)).toBe(true)
    const added = { id: 'added-1', text: 'Added', color: '#3b82f6' }
    const longer = [...items, added]
    expect(strictItems(longer, checked)).toBe(longer)
    expect(checked.items.has(added)).toBe(true)
    expect(strictItems([...items, { id: 'bad', text: '  ', color: '#3b82f6' }], checked)).toBeNull()
    const extra = { id: 'extra-1', text: 'Extra', color: '#3b82f6', note: 'x' }
    expect(strictItems([extra], checked)?.[0]).toEqual({ id: 'extra-1', text: 'Extra', color: '#3b82f6' })
    expect(checked.items.has(extra)).toBe(false)
  })

  it('a wheel read after the one before gives what a first read gives (ids kept from the last list)', () => {
    // Each list keeps the first objects of the one before (as another tab's change is read back),
    // drops the rest, and adds items: new ones, or objects of the list before, ids often repeated.
    const step = fc.record({
      keep: fc.nat(8),
      added: fc.array(fc.oneof(itemArb, fc.nat(8)), { maxLength: 4 }),
      tally: fc.option(idArb, { nil: undefined }),
    })
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        const checked = newCheckedItems()
        const base = createDefaultWheel()
        let items: unknown[] = base.items
        for (const { keep, added, tally } of steps) {
          const before = items
          items = [
            ...before.slice(0, keep),
            ...added.map((a) => (typeof a === 'number' ? (before[a] ?? a) : a)),
          ]
          const wheel = { ...base, items, ...(tally ? { tally: { [tally]: 1 } } : {}) }
          const first = strictWheel(wheel)
          const again = strictWheel(wheel, checked)
          expect(again).toEqual(first)
          expect(again === wheel).toBe(first === wheel)
        }
      }),
      { numRuns: 2_000 },
    )
  })

  it('an add to a long list checks the new item and its id against the ids kept', () => {
    const checked = newCheckedItems()
    const base = createDefaultWheel()
    const items = Array.from({ length: 100 }, (_, i) => ({
      id: `i${i}`,
      text: `Item ${i}`,
      color: '#3b82f6',
    }))
    expect(strictWheel({ ...base, items }, checked)?.items).toBe(items)
    const longer = [...items, { id: 'i100', text: 'New', color: '#3b82f6' }]
    expect(strictWheel({ ...base, items: longer }, checked)?.items).toBe(longer)
    expect(
      strictWheel({ ...base, items: [...longer, { id: 'i7', text: 'Twin', color: '#3b82f6' }] }, checked),
    ).toBeNull()
    // The last item dropped frees its id; a tally naming it no longer passes.
    const shorter = [...items.slice(0, 99), { id: 'i100', text: 'Back', color: '#3b82f6' }]
    expect(strictWheel({ ...base, items: shorter }, checked)?.items).toBe(shorter)
    expect(strictWheel({ ...base, items: shorter, tally: { i99: 1 } }, checked)).toBeNull()
    expect(strictWheel({ ...base, items: [...shorter, { ...items[99] }] }, checked)?.items).toHaveLength(101)
  })
})
