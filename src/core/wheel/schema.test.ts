import { describe, expect, it } from 'vitest'
import { isValidId } from './check-basics'
import { createDefaultWheel, MAX_ITEMS, type Wheel } from './model'
import { addWin, saveWheel } from './operations'
import { itemSchema, spinHistoryEntrySchema, wheelSchema, wheelSettingsSchema } from './schema'

const ok = (w: unknown) => wheelSchema.safeParse(w).success

describe('strict wheel schema', () => {
  it('accepts what the operations make', () => {
    const wheel = createDefaultWheel()
    expect(ok(wheel)).toBe(true)
    expect(ok(addWin(wheel, wheel.items[0]?.id ?? ''))).toBe(true)
    expect(ok(saveWheel([], wheel).wheel)).toBe(true)
    expect(ok({ ...wheel, name: '' })).toBe(true)
  })

  it('refuses what storage must repair', () => {
    const wheel = createDefaultWheel()
    const first = wheel.items[0] ?? { id: 'x', text: 'x', color: '#000000' }
    const broken: Wheel[] = [
      { ...wheel, items: [{ ...first, color: '#FFFFFF' }] },
      { ...wheel, items: [{ ...first, color: '#fff' }] },
      { ...wheel, items: [{ ...first, text: '  ' }] },
      { ...wheel, items: [{ ...first, id: '__proto__' }] },
      { ...wheel, items: [first, first] },
      { ...wheel, tally: { ghost: 1 } },
      { ...wheel, tally: { [first.id]: 0 } },
      { ...wheel, settings: { ...wheel.settings, spinDuration: 3050 } },
      { ...wheel, settings: { ...wheel.settings, wheelSize: 510 } },
      { ...wheel, createdAt: 'yesterday' },
      { ...wheel, items: Array.from({ length: MAX_ITEMS + 1 }, (_, i) => ({ ...first, id: `i${i}` })) },
    ]
    for (const w of broken) expect(ok(w)).toBe(false)
    expect(wheelSettingsSchema.safeParse({ ...wheel.settings, mode: 'chaos' }).success).toBe(false)
    expect(itemSchema.safeParse({ id: 'a', text: 'a' }).success).toBe(false)
    expect(
      spinHistoryEntrySchema.safeParse({
        id: 'h1',
        result: { text: 'A', color: '#000000' },
        wheelName: 'W',
        timestamp: '2026-01-01T00:00:00.000Z',
      }).success,
    ).toBe(true)
  })

  it('ids are short, plain and never an Object.prototype key', () => {
    for (const good of ['1700000000000', '1700000000000-2', 'abc_DEF-9', 'a'.repeat(64)])
      expect(isValidId(good)).toBe(true)
    for (const bad of ['', '__proto__', '-1', 'a b', 'a'.repeat(65), 'é', 42, null])
      expect(isValidId(bad)).toBe(false)
  })
})
