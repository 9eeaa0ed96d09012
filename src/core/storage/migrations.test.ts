import { describe, expect, it } from 'vitest'
import { entry, parse, validState } from '../testing/state-fixtures'
import { migrate } from './migrations'
import { serializePersistedState } from './persisted-state'
import { parsePersistedState } from './read-state'
import { persistedStateSchema } from './state-schema'

const VALID = validState()

describe('migrations', () => {
  const legacy = {
    currentWheel: {
      id: null,
      name: 'Old',
      items: [
        { id: 1_700_000_000_001, text: 'A', color: '#FFF' },
        { id: 1_700_000_000_002, text: 'B', color: '#123456' },
      ],
      settings: {
        spinDuration: 4000,
        soundEnabled: false,
        confettiEnabled: true,
        wheelSize: 350,
        mode: 'elimination',
      },
    },
    savedWheels: [
      {
        id: 1_700_000_000_100,
        name: 'Saved',
        items: [{ id: 1_700_000_000_003, text: 'C', color: '#ef4444' }],
        settings: {
          spinDuration: 3000,
          soundEnabled: true,
          confettiEnabled: true,
          wheelSize: 300,
          mode: 'normal',
        },
        createdAt: '2025-07-26T10:00:00.000Z',
        updatedAt: '2025-07-27T10:00:00.000Z',
      },
    ],
    spinHistory: [{ ...entry(2), id: 1_700_000_000_200 }],
    settings: { soundEnabled: false, confettiEnabled: true, autoSave: true },
  }

  it('reads the spec’s unversioned shape, and zustand’s {state, version} wrapper of it', () => {
    for (const raw of [legacy, { state: legacy, version: 0 }]) {
      const { state, needsBackup, problems } = parse(raw)
      expect(needsBackup).toBe(true) // the pre-migration value is kept, just in case
      expect(problems[0]).toBe('stored as version 0, read as 1')
      expect(state.version).toBe(1)
      expect(state.currentWheel.name).toBe('Old')
      expect(state.currentWheel.items).toEqual([
        { id: '1700000000001', text: 'A', color: '#ffffff' },
        { id: '1700000000002', text: 'B', color: '#123456' },
      ])
      expect(state.currentWheel.settings).toEqual(legacy.currentWheel.settings)
      expect(state.savedWheels[0]).toMatchObject({
        id: '1700000000100',
        name: 'Saved',
        createdAt: '2025-07-26T10:00:00.000Z',
      })
      expect(state.spinHistory.map((e) => e.id)).toEqual(['1700000000200'])
      expect(state.settings.soundEnabled).toBe(false)
      expect(persistedStateSchema.safeParse(state).success).toBe(true)
    }
  })

  it('a migrated state reads back unchanged once written', () => {
    const once = parse(legacy).state
    expect(parsePersistedState(serializePersistedState(once))).toEqual({
      state: once,
      needsBackup: false,
      problems: [],
    })
  })

  it('finds the version, including in a wrapper, and passes newer or odd versions on for a best-effort read', () => {
    expect(migrate({ currentWheel: {} })).toMatchObject({ ok: true, from: 0, data: { version: 1 } })
    expect(migrate({ version: 1, currentWheel: {} })).toMatchObject({ ok: true, from: 1 })
    expect(migrate({ state: { version: 1, currentWheel: {} }, version: 3 })).toMatchObject({
      ok: true,
      from: 1,
    })
    expect(migrate({ version: 7, currentWheel: {} })).toMatchObject({
      ok: true,
      from: 7,
      data: { version: 7 },
    })
    expect(migrate({ version: '1' })).toMatchObject({ ok: true, from: Number.NaN })
    expect(migrate([1, 2])).toMatchObject({ ok: false })
    expect(migrate(null)).toMatchObject({ ok: false })
  })

  it('reads what it can of a newer version and asks for a backup', () => {
    const newer = { ...VALID, version: 2, currentWheel: { ...VALID.currentWheel, shiny: true }, added: [1] }
    const { state, needsBackup, problems } = parse(newer)
    expect(needsBackup).toBe(true)
    expect(problems[0]).toBe('stored as version 2, read as 1')
    expect(state).toEqual(VALID)
  })
})
