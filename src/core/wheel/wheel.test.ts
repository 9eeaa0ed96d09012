import { describe, expect, it } from 'vitest'
import { isValidHexColor, normalizeHex, textColorFor } from './colors'
import { ellipsize, fitLabel, MIN_LABEL_PX } from './labels'
import { clampToRange, createDefaultWheel, createId, createItem, SPIN_DURATION, WHEEL_SIZE } from './model'
import { addWin, duplicateWheel, removeFirstMatching, removeItem, saveWheel } from './operations'

describe('defaults', () => {
  it('the default wheel is My Wheel with Option 1–6 in the six colours', () => {
    const wheel = createDefaultWheel()
    expect(wheel.name).toBe('My Wheel')
    expect(wheel.id).toBeNull()
    expect(wheel.items.map((i) => [i.text, i.color])).toEqual([
      ['Option 1', '#ef4444'],
      ['Option 2', '#f97316'],
      ['Option 3', '#eab308'],
      ['Option 4', '#22c55e'],
      ['Option 5', '#3b82f6'],
      ['Option 6', '#8b5cf6'],
    ])
    expect(wheel.settings).toEqual({
      spinDuration: 3000,
      soundEnabled: true,
      confettiEnabled: true,
      wheelSize: 300,
      mode: 'normal',
    })
  })

  it('a new item defaults to New Item in #3b82f6', () => {
    expect(createItem()).toMatchObject({ text: 'New Item', color: '#3b82f6' })
    expect(createItem('  Pizza  ', '#ff0000')).toMatchObject({ text: 'Pizza', color: '#ff0000' })
  })

  it('ids are unique even within one millisecond', () => {
    const frozen = () => 1_700_000_000_000
    const ids = new Set(Array.from({ length: 10_000 }, () => createId(frozen)))
    expect(ids.size).toBe(10_000)
    expect(new Set(Array.from({ length: 1000 }, () => createItem().id)).size).toBe(1000)
  })

  it('clamps and snaps slider values', () => {
    expect(clampToRange(50, SPIN_DURATION)).toBe(1000)
    expect(clampToRange(99_999, SPIN_DURATION)).toBe(5000)
    expect(clampToRange(3049, SPIN_DURATION)).toBe(3000)
    expect(clampToRange(3051, SPIN_DURATION)).toBe(3100)
    expect(clampToRange('x', WHEEL_SIZE)).toBe(300)
    expect(clampToRange(Number.NaN, WHEEL_SIZE)).toBe(300)
    expect(clampToRange(333, WHEEL_SIZE)).toBe(330)
  })
})

describe('operations', () => {
  it('Remove deletes only the first item matching text and colour', () => {
    const wheel = createDefaultWheel()
    const twin = { ...wheel, items: [...wheel.items, { id: 'x', text: 'Option 1', color: '#ef4444' }] }
    const after = removeFirstMatching(twin, { text: 'Option 1', color: '#ef4444' })
    expect(after.items).toHaveLength(6)
    expect(after.items.at(-1)?.id).toBe('x')
    expect(removeFirstMatching(wheel, { text: 'Option 1', color: '#000000' }).items).toHaveLength(6)
  })

  it('keeps a tally per item and drops it with the item', () => {
    const wheel = createDefaultWheel()
    const id = wheel.items[0]?.id ?? ''
    const won = addWin(addWin(wheel, id), id)
    expect(won.tally?.[id]).toBe(2)
    expect(removeItem(won, id).tally).toEqual({})
  })

  it('save creates, then replaces by id; duplicate adds (Copy) and new ids', () => {
    const first = saveWheel([], createDefaultWheel(), new Date('2026-01-01T00:00:00Z'))
    expect(first.saved).toHaveLength(1)
    expect(first.wheel.id).toBeTruthy()
    expect(first.wheel.createdAt).toBe('2026-01-01T00:00:00.000Z')
    const again = saveWheel(
      first.saved,
      { ...first.wheel, name: 'Renamed' },
      new Date('2026-02-01T00:00:00Z'),
    )
    expect(again.saved).toHaveLength(1)
    expect(again.wheel).toMatchObject({ name: 'Renamed', createdAt: '2026-01-01T00:00:00.000Z' })
    expect(again.wheel.updatedAt).toBe('2026-02-01T00:00:00.000Z')
    const copy = duplicateWheel(again.wheel)
    expect(copy.name).toBe('Renamed (Copy)')
    expect(copy.id).not.toBe(again.wheel.id)
    expect(copy.items.map((i) => i.id)).not.toContain(again.wheel.items[0]?.id)
  })
})

describe('colours', () => {
  it('black text on light colours, white on dark', () => {
    expect(textColorFor('#eab308')).toBe('#000000')
    expect(textColorFor('#ffffff')).toBe('#000000')
    expect(textColorFor('#fff')).toBe('#000000')
    expect(textColorFor('#3b82f6')).toBe('#ffffff')
    expect(textColorFor('#000')).toBe('#ffffff')
    expect(textColorFor('not a colour')).toBe('#ffffff')
  })

  it('validates and normalises hex colours', () => {
    expect(isValidHexColor('#abc')).toBe(true)
    expect(isValidHexColor('#ABCDEF')).toBe(true)
    expect(isValidHexColor('red')).toBe(false)
    expect(isValidHexColor('#abcd')).toBe(false)
    expect(normalizeHex('#ABC')).toBe('#aabbcc')
    expect(normalizeHex('javascript:alert(1)')).toBe('#3b82f6')
  })
})

describe('label fitting', () => {
  const measure = (text: string, px: number) => text.length * px * 0.6

  it('uses one line at the largest size that fits', () => {
    expect(fitLabel('Pizza', { length: 200, height: 60 }, measure)).toEqual({ lines: ['Pizza'], fontPx: 28 })
  })

  it('splits into at most two lines, never below 14 px, with an ellipsis when needed', () => {
    const long = 'The quick brown fox jumps over the lazy dog again and again and again'
    const fitted = fitLabel(long, { length: 120, height: 40 }, measure)
    expect(fitted).not.toBeNull()
    expect(fitted?.lines.length).toBeLessThanOrEqual(2)
    expect(fitted?.fontPx).toBeGreaterThanOrEqual(MIN_LABEL_PX)
    expect(fitted?.lines.at(-1)?.endsWith('…')).toBe(true)
    for (const line of fitted?.lines ?? [])
      expect(measure(line, fitted?.fontPx ?? 0)).toBeLessThanOrEqual(120)
  })

  it('gives up at once on segments too thin for 14 px, without measuring', () => {
    let calls = 0
    const counting = (t: string, px: number) => {
      calls += 1
      return measure(t, px)
    }
    expect(fitLabel('Anything', { length: 150, height: 0.1 }, counting)).toBeNull()
    expect(calls).toBe(0)
  })

  it('ellipsizes to the longest prefix that fits', () => {
    const out = ellipsize('abcdefghij', 10, 40, measure)
    expect(out.endsWith('…')).toBe(true)
    expect(measure(out, 10)).toBeLessThanOrEqual(40)
  })
})
