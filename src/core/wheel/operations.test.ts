import { describe, expect, it } from 'vitest'
import { createDefaultWheel, MAX_ITEMS, MAX_WHEEL_NAME, type Wheel } from './model'
import {
  addItem,
  addWin,
  canAddItem,
  deleteSavedWheel,
  duplicateSavedWheel,
  duplicateWheel,
  itemRoom,
  loadPreset,
  removeFirstMatching,
  removeItem,
  renameWheel,
  resetTally,
  saveWheel,
  updateItem,
  updateSettings,
  winsOf,
} from './operations'

const wheel = () => createDefaultWheel()
const ids = (w: Wheel) => w.items.map((i) => i.id)

describe('items', () => {
  it('add, update and remove return new wheels and leave the old one alone', () => {
    const before = wheel()
    const frozen = JSON.stringify(before)
    const added = addItem(before, { id: 'new', text: 'Seven', color: '#000000' })
    const updated = updateItem(added, 'new', { text: 'Seventh' })
    const removed = removeItem(updated, ids(before)[0] ?? '')
    expect(added.items).toHaveLength(7)
    expect(updated.items.at(-1)).toEqual({ id: 'new', text: 'Seventh', color: '#000000' })
    expect(removed.items.map((i) => i.text)).toEqual([
      'Option 2',
      'Option 3',
      'Option 4',
      'Option 5',
      'Option 6',
      'Seventh',
    ])
    expect(JSON.stringify(before)).toBe(frozen)
    expect(updateItem(before, 'missing', { text: 'x' }).items).toEqual(before.items)
  })

  it('Remove deletes only the first item matching text and colour', () => {
    const base = wheel()
    const twin = { ...base, items: [...base.items, { id: 'x', text: 'Option 1', color: '#ef4444' }] }
    const after = removeFirstMatching(twin, { text: 'Option 1', color: '#ef4444' })
    expect(after.items).toHaveLength(6)
    expect(after.items.at(-1)?.id).toBe('x')
    expect(after.items[0]?.text).toBe('Option 2')
    expect(removeFirstMatching(base, { text: 'Option 1', color: '#000000' })).toBe(base)
  })

  it('knows how many more items fit under the plan limit and the hard cap', () => {
    const w = wheel()
    expect(itemRoom(w, 15)).toBe(9)
    expect(canAddItem(w, 6)).toBe(false)
    expect(itemRoom(w, 3)).toBe(0)
    expect(itemRoom(w, Number.POSITIVE_INFINITY)).toBe(MAX_ITEMS - 6)
  })
})

describe('settings and name', () => {
  it('clamps the sliders on update and keeps the rest', () => {
    const w = updateSettings(wheel(), { spinDuration: 12_345, wheelSize: 123, mode: 'elimination' })
    expect(w.settings).toMatchObject({
      spinDuration: 5000,
      wheelSize: 200,
      mode: 'elimination',
      soundEnabled: true,
    })
    expect(updateSettings(w, { soundEnabled: false }).settings.spinDuration).toBe(5000)
  })

  it('renames, cutting at the maximum length', () => {
    expect(renameWheel(wheel(), 'Lunch ').name).toBe('Lunch ')
    expect(renameWheel(wheel(), 'n'.repeat(500)).name).toHaveLength(MAX_WHEEL_NAME)
  })
})

describe('tally (accumulation mode)', () => {
  it('counts wins per item and drops the count with the item', () => {
    const w = wheel()
    const id = ids(w)[0] ?? ''
    const won = addWin(addWin(w, id), id)
    expect(winsOf(won, id)).toBe(2)
    expect(winsOf(won, ids(w)[1] ?? '')).toBe(0)
    expect(removeItem(won, id).tally).toEqual({})
    expect(resetTally(won).tally).toEqual({})
  })

  it('is safe for item ids that are names of Object.prototype members', () => {
    let w: Wheel = { ...wheel(), items: [{ id: '__proto__', text: 'a', color: '#000000' }] }
    w = addWin(addWin(addWin(w, '__proto__'), '__proto__'), 'constructor')
    expect(winsOf(w, '__proto__')).toBe(2)
    expect(winsOf(w, 'constructor')).toBe(1)
    expect(winsOf(w, 'toString')).toBe(0)
    expect(Object.getPrototypeOf(w.tally)).toBe(Object.prototype)
    expect(JSON.parse(JSON.stringify(w.tally))).toEqual(JSON.parse('{"__proto__":2,"constructor":1}'))
    expect(winsOf(removeItem(w, '__proto__'), '__proto__')).toBe(0)
  })
})

describe('presets', () => {
  it('loads name and items with new ids as a new unsaved wheel, keeping the settings', () => {
    const saved = { ...updateSettings(wheel(), { wheelSize: 400 }), id: 'saved-1', tally: { a: 1 } }
    const preset = {
      name: 'Yes or No',
      items: [
        { text: 'Yes', color: '#22c55e' },
        { text: 'No', color: '#ef4444' },
      ],
    }
    const loaded = loadPreset(saved, preset)
    expect(loaded.id).toBeNull()
    expect(loaded.name).toBe('Yes or No')
    expect(loaded.items.map((i) => [i.text, i.color])).toEqual([
      ['Yes', '#22c55e'],
      ['No', '#ef4444'],
    ])
    expect(new Set(ids(loaded)).size).toBe(2)
    expect(ids(loaded)).not.toContain(ids(saved)[0])
    expect(loaded.settings.wheelSize).toBe(400)
    expect(loaded.tally).toEqual({})
    expect(loaded.createdAt).toBeUndefined()
  })
})

describe('saved wheels', () => {
  it('save creates, then replaces by id, keeping createdAt and setting updatedAt', () => {
    const first = saveWheel([], wheel(), new Date('2026-01-01T00:00:00Z'))
    expect(first.saved).toHaveLength(1)
    expect(first.wheel.id).toBeTruthy()
    expect(first.wheel.createdAt).toBe('2026-01-01T00:00:00.000Z')
    const again = saveWheel(
      first.saved,
      { ...first.wheel, name: ' Renamed ' },
      new Date('2026-02-01T00:00:00Z'),
    )
    expect(again.saved).toHaveLength(1)
    expect(again.wheel).toMatchObject({
      name: 'Renamed',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-02-01T00:00:00.000Z',
    })
    expect(again.saved[0]).toBe(again.wheel)
    expect(saveWheel([], { ...wheel(), name: '   ' }).wheel.name).toBe('My Wheel')
  })

  it('two saves in the same millisecond get different ids', () => {
    const now = new Date('2026-03-01T00:00:00Z')
    const a = saveWheel([], wheel(), now)
    const b = saveWheel(a.saved, wheel(), now)
    expect(b.saved).toHaveLength(2)
    expect(b.saved[0]?.id).not.toBe(b.saved[1]?.id)
  })

  it('duplicate adds (Copy), a new id, new item ids and fresh timestamps', () => {
    const { saved, wheel: original } = saveWheel([], addWin(wheel(), 'x'), new Date('2026-01-01T00:00:00Z'))
    const copy = duplicateWheel(original, new Date('2026-04-01T00:00:00Z'))
    expect(copy.name).toBe('My Wheel (Copy)')
    expect(copy.id).not.toBe(original.id)
    expect(copy.items.map((i) => i.text)).toEqual(original.items.map((i) => i.text))
    expect(ids(copy).some((id) => ids(original).includes(id))).toBe(false)
    expect(copy).toMatchObject({ tally: {}, createdAt: '2026-04-01T00:00:00.000Z' })
    expect(duplicateWheel({ ...original, name: 'n'.repeat(MAX_WHEEL_NAME) }).name).toHaveLength(
      MAX_WHEEL_NAME,
    )

    const list = duplicateSavedWheel([...saved, { ...original, id: 'other' }], original.id ?? '')
    expect(list.map((w) => w.name)).toEqual(['My Wheel', 'My Wheel (Copy)', 'My Wheel'])
    expect(duplicateSavedWheel(saved, 'missing')).toEqual(saved)
    expect(deleteSavedWheel(list, original.id ?? '').map((w) => w.id)).not.toContain(original.id)
  })
})
