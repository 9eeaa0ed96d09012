import { describe, expect, it } from 'vitest'
import { AUTO_SAVE_DELAY_MS, autoSaveState, newWheel } from './auto-save'
import { createDefaultWheel, createItem, type Wheel } from './model'
import { addItem, saveWheel, updateSettings } from './operations'

const on = { premium: true, autoSave: true }
const savedOne = (): { saved: Wheel[]; wheel: Wheel } =>
  saveWheel([], { ...createDefaultWheel(), name: 'Team' }, new Date('2026-11-20T10:00:00Z'))

describe('auto-save of a loaded saved wheel', () => {
  it('is due after a change to a saved wheel, a second later', () => {
    const { saved, wheel } = savedOne()
    expect(AUTO_SAVE_DELAY_MS).toBe(1000)
    expect(autoSaveState(wheel, saved, on)).toBe('unchanged')
    expect(autoSaveState(addItem(wheel, createItem('Extra')), saved, on)).toBe('due')
    expect(autoSaveState(updateSettings(wheel, { spinDuration: 4000 }), saved, on)).toBe('due')
  })

  it('counts a copy with the same content as unchanged', () => {
    const { saved, wheel } = savedOne()
    expect(autoSaveState(structuredClone(wheel), saved, on)).toBe('unchanged')
    // Read back from storage, keys may come in another order: still the same wheel.
    const reordered = {
      ...wheel,
      settings: Object.fromEntries(Object.entries(wheel.settings).reverse()) as Wheel['settings'],
      items: wheel.items.map((item) => ({
        color: item.color,
        text: item.text,
        id: item.id,
        weight: undefined,
      })),
    }
    expect(autoSaveState(reordered, saved, on)).toBe('unchanged')
    expect(autoSaveState({ ...reordered, items: reordered.items.slice(1) }, saved, on)).toBe('due')
  })

  it('is off for free users; turned off by the user, a changed wheel says so', () => {
    const { saved, wheel } = savedOne()
    const changed = addItem(wheel, createItem('Extra'))
    expect(autoSaveState(changed, saved, { premium: false, autoSave: true })).toBe('off')
    expect(autoSaveState(changed, saved, { premium: true, autoSave: false })).toBe('turned-off')
    expect(autoSaveState(wheel, saved, { premium: true, autoSave: false })).toBe('unchanged')
  })

  it('never creates a saved wheel: an unsaved wheel, or one deleted meanwhile, waits for Save Wheel', () => {
    const { wheel } = savedOne()
    expect(autoSaveState(createDefaultWheel(), [], on)).toBe('not-saved')
    expect(autoSaveState(addItem(wheel, createItem('Extra')), [], on)).toBe('not-saved')
  })

  it('never empties a saved wheel that has items: an emptied wheel waits for Save Wheel', () => {
    const { saved, wheel } = savedOne()
    expect(wheel.items.length).toBeGreaterThan(0)
    const cleared = { ...wheel, items: [], tally: {} }
    expect(autoSaveState(cleared, saved, on)).toBe('emptied')
    // Renamed and emptied: still not saved.
    expect(autoSaveState({ ...cleared, name: 'Team B' }, saved, on)).toBe('emptied')
    // Items again: due, so a cleared wheel refilled by the user saves itself.
    expect(autoSaveState(addItem(cleared, createItem('New')), saved, on)).toBe('due')
    // A saved wheel that was already empty stays an ordinary wheel: a change to it is due.
    const empty = saveWheel([], { ...createDefaultWheel(), items: [], name: 'Blank' })
    expect(autoSaveState(updateSettings(empty.wheel, { spinDuration: 4000 }), empty.saved, on)).toBe('due')
  })

  it('saves a rename (the saved wheel takes the new name), and waits in elimination mode', () => {
    const { saved, wheel } = savedOne()
    expect(autoSaveState({ ...wheel, name: 'Team B' }, saved, on)).toBe('due')
    // What saving trims away is no change: a name being typed is not saved again and again.
    expect(autoSaveState({ ...wheel, name: 'Team ' }, saved, on)).toBe('unchanged')
    expect(autoSaveState(updateSettings(wheel, { mode: 'elimination' }), saved, on)).toBe('elimination')
  })
})

describe('a new wheel', () => {
  it('takes sound and confetti from the global defaults', () => {
    expect(newWheel({ soundEnabled: false, confettiEnabled: true }).settings).toMatchObject({
      soundEnabled: false,
      confettiEnabled: true,
    })
    expect(newWheel({ soundEnabled: true, confettiEnabled: false }).settings).toMatchObject({
      soundEnabled: true,
      confettiEnabled: false,
    })
    const wheel = newWheel({ soundEnabled: true, confettiEnabled: true })
    expect(wheel.id).toBeNull()
    expect(wheel.items.map((i) => i.text)).toEqual(createDefaultWheel().items.map((i) => i.text))
  })
})
