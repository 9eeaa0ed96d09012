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
  })

  it('is off for free users and when the user turned it off', () => {
    const { saved, wheel } = savedOne()
    const changed = addItem(wheel, createItem('Extra'))
    expect(autoSaveState(changed, saved, { premium: false, autoSave: true })).toBe('off')
    expect(autoSaveState(changed, saved, { premium: true, autoSave: false })).toBe('off')
  })

  it('never creates a saved wheel: an unsaved wheel, or one deleted meanwhile, waits for Save Wheel', () => {
    const { wheel } = savedOne()
    expect(autoSaveState(createDefaultWheel(), [], on)).toBe('not-saved')
    expect(autoSaveState(addItem(wheel, createItem('Extra')), [], on)).toBe('not-saved')
  })

  it('waits for the user after a rename, and in elimination mode', () => {
    const { saved, wheel } = savedOne()
    expect(autoSaveState({ ...wheel, name: 'Team B' }, saved, on)).toBe('renamed')
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
