import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { expectAgreement, nearlyValid } from '../testing/schema-agreement'
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

/** Mostly values from `good`, now and then one from `bad`. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: bad, weight: 1 })
const idArb = mostly(
  fc.constantFrom('a', 'item-1', 'A_b-9', 'x'.repeat(64)),
  fc.constantFrom('x'.repeat(65), '-a', 'é'),
)
const hexArb = mostly(fc.constantFrom('#ef4444', '#22c55e', '#000000'), fc.constantFrom('#fff', '#EF4444'))
const timestampArb = mostly(
  fc.oneof(
    fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constantFrom('2000-02-29T00:00:00Z', '0000-02-29T12:00:00.5Z', '2026-11-23T20:00:00.1234567Z'),
  ),
  fc.constantFrom(
    '1900-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-11-23T24:00:00Z',
    '2026-11-23T20:00Z',
    '2026-11-23T20:00:00+00:00',
    '2026-11-23 20:00:00Z',
    '+002026-11-23T20:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-00-10T00:00:00Z',
  ),
)
const PNG_URL = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13]).toString('base64')}`
const pictureArb = mostly(
  fc.constant(PNG_URL),
  fc.constantFrom(
    'data:image/svg+xml;base64,PHN2Zz4=',
    'https://example.com/a.png',
    PNG_URL.replace('png', 'jpeg'),
  ),
)
const itemArb = fc.record(
  {
    id: idArb,
    text: mostly(
      fc.constantFrom('Ann', ' x ', 'Bo', 'z'.repeat(200)),
      fc.constantFrom('  ', 'z'.repeat(201), 'a\u0000b', '\uD800', 'x\uDC00', '\uDBFF\uDFFF\uD83D'),
    ),
    color: hexArb,
    weight: fc.constantFrom(1, 50, 100),
    image: pictureArb,
  },
  { requiredKeys: ['id', 'text', 'color'] },
)
const settingsArb = fc.record({
  spinDuration: mostly(fc.constantFrom(1000, 3000, 5000), fc.constantFrom(3050, 900)),
  soundEnabled: fc.boolean(),
  confettiEnabled: fc.boolean(),
  wheelSize: mostly(fc.constantFrom(200, 300, 500), fc.constant(305)),
  mode: fc.constantFrom('normal', 'elimination', 'accumulation'),
})
const lookArb = fc.record(
  {
    palette: mostly(
      fc.array(hexArb, { minLength: 2, maxLength: 12 }),
      fc.array(hexArb, { minLength: 0, maxLength: 13 }),
    ),
    labelColor: fc.constantFrom('auto', 'black', 'white'),
    labelFont: mostly(fc.constantFrom('sans', 'serif', 'mono'), fc.constant('toString')),
    centerColor: hexArb,
  },
  { requiredKeys: ['labelColor', 'labelFont', 'centerColor'] },
)
const wheelArb = fc
  .record(
    {
      id: fc.oneof(fc.constant(null), idArb),
      name: mostly(
        fc.constantFrom('My Wheel', '', 'n'.repeat(100), '\uD83D\uDE00'),
        fc.constantFrom('n'.repeat(101), '\u0000', 'W\uDE00'),
      ),
      items: fc.uniqueArray(itemArb, { maxLength: 4, selector: (i) => i.id }),
      settings: settingsArb,
      look: lookArb,
      centerImage: pictureArb,
      createdAt: timestampArb,
      updatedAt: timestampArb,
      tallyOf: fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 1 }),
    },
    { requiredKeys: ['id', 'name', 'items', 'settings', 'tallyOf'] },
  )
  .map(({ tallyOf, ...wheel }) => {
    if (tallyOf.length === 0) return wheel
    // Counts for items on the wheel (and now and then for one that is not).
    const tally: Record<string, number> = {}
    for (const n of tallyOf) tally[wheel.items[n]?.id ?? 'gone'] = n + 1
    return { ...wheel, tally }
  })
const entryArb = fc.record({
  id: idArb,
  result: fc.record({ text: fc.constantFrom('Ann', '', '  ', 'A\u0000', '\uD800'), color: hexArb }),
  wheelName: fc.constantFrom('W', '', 'W\u0000', '\uDFFF'),
  timestamp: timestampArb,
})

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
