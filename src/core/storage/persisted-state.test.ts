import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addHistoryEntry,
  defaultState,
  HISTORY_LIMIT,
  parsePersistedState,
  serializePersistedState,
} from './persisted-state'

const entry = (i: number) => ({
  id: String(i),
  result: { text: `Item ${i}`, color: '#ef4444' },
  wheelName: 'W',
  timestamp: new Date(1_700_000_000_000 + i).toISOString(),
})

describe('persisted state', () => {
  it('nothing stored gives the defaults, with no backup', () => {
    const { state, needsBackup } = parsePersistedState(null)
    expect(needsBackup).toBe(false)
    expect(state.currentWheel.name).toBe('My Wheel')
    expect(state.settings).toEqual({ soundEnabled: true, confettiEnabled: true, autoSave: true })
  })

  it('round-trips what it writes', () => {
    const state = defaultState()
    state.spinHistory = [entry(1)]
    state.currentWheel.tally = { [state.currentWheel.items[0]?.id ?? '']: 3 }
    const { state: back, needsBackup } = parsePersistedState(serializePersistedState(state))
    expect(needsBackup).toBe(false)
    expect(back).toEqual(state)
  })

  it('migrates the unversioned shape of the spec (and zustand’s {state, version} wrapper)', () => {
    const legacy = {
      currentWheel: { id: null, name: 'Old', items: [{ id: 1, text: 'A', color: '#fff' }], settings: {} },
      savedWheels: [{ id: 5, name: 'Saved', items: [], settings: { wheelSize: 900 } }],
      spinHistory: [entry(2)],
      settings: { soundEnabled: false },
    }
    for (const raw of [legacy, { state: legacy, version: 0 }]) {
      const { state } = parsePersistedState(JSON.stringify(raw))
      expect(state.version).toBe(1)
      expect(state.currentWheel.name).toBe('Old')
      expect(state.currentWheel.items[0]).toEqual({ id: '1', text: 'A', color: '#ffffff' })
      expect(state.savedWheels[0]?.settings.wheelSize).toBe(500)
      expect(state.settings.soundEnabled).toBe(false)
      expect(state.spinHistory).toHaveLength(1)
    }
  })

  it('repairs what it can and asks for a backup when something was dropped', () => {
    const raw = {
      version: 1,
      currentWheel: {
        name: '',
        items: [{ text: 42, color: 'red' }, null, { id: 'a', text: '', color: '#00ff00' }],
        settings: { spinDuration: -5, mode: 'chaos' },
      },
      savedWheels: [{ id: 'ok', items: [] }, 'junk', { items: 'nope' }],
      spinHistory: [entry(1), { id: 2 }],
      settings: { autoSave: 'yes' },
    }
    const { state, needsBackup } = parsePersistedState(JSON.stringify(raw))
    expect(needsBackup).toBe(true)
    expect(state.currentWheel.name).toBe('My Wheel')
    expect(state.currentWheel.items.map((i) => [i.text, i.color])).toEqual([
      ['42', '#3b82f6'],
      ['Item 3', '#00ff00'],
    ])
    expect(state.currentWheel.settings).toMatchObject({ spinDuration: 1000, mode: 'normal' })
    expect(state.savedWheels.map((w) => w.id)).toEqual(['ok'])
    expect(state.spinHistory).toHaveLength(1)
    expect(state.settings.autoSave).toBe(true)
  })

  it('never throws, whatever is stored', () => {
    const samples = ['{', '[]', '"text"', '42', 'null', '{"version":99}', '{"__proto__":{"polluted":true}}']
    for (const raw of samples) expect(() => parsePersistedState(raw)).not.toThrow()
    expect(parsePersistedState('{').needsBackup).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.anything().map((v) => JSON.stringify({ currentWheel: v }) ?? ''),
        ),
        (raw) => {
          const { state } = parsePersistedState(raw)
          expect(Array.isArray(state.currentWheel.items)).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('keeps history newest first and capped at 100', () => {
    let history = defaultState().spinHistory
    for (let i = 0; i < 150; i++) history = addHistoryEntry(history, entry(i))
    expect(history).toHaveLength(HISTORY_LIMIT)
    expect(history[0]?.id).toBe('149')
  })
})
