import fc from 'fast-check'

/**
 * Generators of wheels and their parts as JSON, mostly valid and now and then breaking one rule,
 * for the tests that hold a hand-written reader to its zod schema (not used by the app).
 */

/** Mostly values from `good`, now and then one from `bad`. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: bad, weight: 1 })
export const idArb = mostly(
  fc.constantFrom('a', 'item-1', 'A_b-9', 'x'.repeat(64)),
  fc.constantFrom('x'.repeat(65), '-a', 'é'),
)
const hexArb = mostly(fc.constantFrom('#ef4444', '#22c55e', '#000000'), fc.constantFrom('#fff', '#EF4444'))
export const timestampArb = mostly(
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
/** A PNG's signature and the start of its first chunk (89 50 4E 47 0D 0A 1A 0A 00 00 00 0D), in base64. */
const PNG_URL = 'data:image/png;base64,iVBORw0KGgoAAAAN'
const pictureArb = mostly(
  fc.constant(PNG_URL),
  fc.constantFrom(
    'data:image/svg+xml;base64,PHN2Zz4=',
    'https://example.com/a.png',
    PNG_URL.replace('png', 'jpeg'),
  ),
)
export const itemArb = fc.record(
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
export const settingsArb = fc.record({
  spinDuration: mostly(fc.constantFrom(1000, 3000, 5000), fc.constantFrom(3050, 900)),
  soundEnabled: fc.boolean(),
  confettiEnabled: fc.boolean(),
  wheelSize: mostly(fc.constantFrom(200, 300, 500), fc.constant(305)),
  mode: fc.constantFrom('normal', 'elimination', 'accumulation'),
})
export const lookArb = fc.record(
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
export const wheelArb = fc
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
export const entryArb = fc.record({
  id: idArb,
  result: fc.record({ text: fc.constantFrom('Ann', '', '  ', 'A\u0000', '\uD800'), color: hexArb }),
  wheelName: fc.constantFrom('W', '', 'W\u0000', '\uDFFF'),
  timestamp: timestampArb,
})
