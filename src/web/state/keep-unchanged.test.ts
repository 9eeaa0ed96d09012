import { describe, expect, it } from 'vitest'
import { defaultState, type PersistedState } from '../../core/storage/persisted-state'
import { keepUnchanged } from './keep-unchanged'

/** The state as another tab's write reads back: equal, but every object new. */
const readBack = (state: PersistedState): PersistedState => JSON.parse(JSON.stringify(state))

describe('keepUnchanged', () => {
  const before: PersistedState = {
    ...defaultState(),
    currentWheel: {
      ...defaultState().currentWheel,
      tally: { a: 2 },
      look: { labelColor: 'auto', labelFont: 'sans', centerColor: '#ffffff' },
    } as PersistedState['currentWheel'],
    spinHistory: [
      {
        id: 'h1',
        result: { text: 'A', color: '#ef4444' },
        wheelName: 'W',
        timestamp: '2026-11-23T10:00:00.000Z',
      },
    ],
  }

  it('keeps every part that is equal, and takes the new items', () => {
    const after = readBack(before)
    after.currentWheel.items = [...after.currentWheel.items, { id: 'new1', text: 'New', color: '#3b82f6' }]
    const kept = keepUnchanged(before, after)
    expect(kept).toEqual(after)
    expect(kept.currentWheel.items).toBe(after.currentWheel.items)
    expect(kept.currentWheel.settings).toBe(before.currentWheel.settings)
    expect(kept.currentWheel.look).toBe(before.currentWheel.look)
    expect(kept.currentWheel.tally).toBe(before.currentWheel.tally)
    expect(kept.settings).toBe(before.settings)
    expect(kept.spinHistory).toBe(before.spinHistory)
  })

  it('takes every part that changed, and a part that is gone stays gone', () => {
    const after = readBack(before)
    after.currentWheel.settings = { ...after.currentWheel.settings, spinDuration: 9000 }
    after.settings = { ...after.settings, soundEnabled: !before.settings.soundEnabled }
    after.spinHistory = []
    delete after.currentWheel.tally
    delete after.currentWheel.look
    const kept = keepUnchanged(before, after)
    expect(kept).toEqual(after)
    expect(kept.currentWheel.settings).toBe(after.currentWheel.settings)
    expect(kept.settings).toBe(after.settings)
    expect(kept.spinHistory).toBe(after.spinHistory)
    expect('tally' in kept.currentWheel).toBe(false)
    expect('look' in kept.currentWheel).toBe(false)
  })
})
