import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parsePersistedState } from '../storage/read-state'
import { isPlainItemList } from './checks'
import { createDefaultWheel } from './model'
import { plainWheelSchema, wheelSchema } from './schema'

// Values near the edges of every rule: good ones, and ones each rule refuses.
const idArb = fc.oneof(
  fc.constantFrom('a', 'item-1', 'A_b-9', 'x'.repeat(64)),
  fc.constantFrom('', '-a', 'x'.repeat(65), '__proto__', 'a b', 'é'),
)
const textArb = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.constantFrom('Ann', '  ', '', ' x ', 'y'.repeat(200), 'y'.repeat(201), '\u00a0', 'ok\n'),
)
const colorArb = fc.constantFrom('#ef4444', '#EF4444', '#fff', 'red', '#12345g', '#000000')
const weightArb = fc.constantFrom(1, 50, 100, 0, 101, 1.5, -1, '3', null, Number.NaN)
const itemArb = fc.record(
  { id: idArb, text: textArb, color: colorArb, weight: weightArb, extra: fc.constant(true) },
  { requiredKeys: [] },
)
const listArb = fc.array(fc.oneof(itemArb, fc.constantFrom(null, 7, 'Ann', [], new Date(0))), {
  maxLength: 6,
})

describe('the quick item check', () => {
  it('accepts only what the item schema accepts, and the schema returns the same wheel', () => {
    let accepted = 0
    fc.assert(
      fc.property(listArb, (items) => {
        const wheel = { ...createDefaultWheel(), items }
        const quick = plainWheelSchema.safeParse(wheel)
        const full = wheelSchema.safeParse(wheel)
        if (quick.success) {
          accepted += 1
          expect(full.success).toBe(true)
          expect(quick.data).toEqual(full.data)
        }
      }),
      { numRuns: 3000, seed: 20261123 },
    )
    // The generator reaches both sides of the check.
    expect(accepted).toBeGreaterThan(100)
  })

  it('leaves to the schema what it would accept only after stripping keys', () => {
    const items = [{ id: 'a', text: 'Ann', color: '#ef4444', note: 'x' }]
    expect(isPlainItemList(items)).toBe(false)
    expect(wheelSchema.safeParse({ ...createDefaultWheel(), items }).success).toBe(true)
  })

  it('a stored 10,000-item wheel reads the same, and a bad item among them is still repaired', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({
      id: `i${i}`,
      text: `Entry ${i}`,
      color: '#3b82f6',
    }))
    const state = (list: unknown[]) =>
      JSON.stringify({
        version: 1,
        currentWheel: { ...createDefaultWheel(), items: list },
        savedWheels: [],
        spinHistory: [],
        settings: { soundEnabled: true, confettiEnabled: true, autoSave: true },
      })
    const good = parsePersistedState(state(items))
    expect(good.problems).toEqual([])
    expect(good.state.currentWheel.items).toEqual(items)
    const bad = parsePersistedState(
      state([...items.slice(0, 9_999), { id: 'i9999', text: '   ', color: '#3b82f6' }]),
    )
    expect(bad.needsBackup).toBe(true)
    expect(bad.state.currentWheel.items).toHaveLength(9_999)
  })
})
