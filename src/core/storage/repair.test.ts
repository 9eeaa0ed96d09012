import { describe, expect, it } from 'vitest'
import { MAX_SAVED_WHEELS } from '../plan/definition'
import { entry, item, parse, validState } from '../testing/state-fixtures'
import { HISTORY_LIMIT, MAX_STORED_CHARS } from './persisted-state'
import { parsePersistedState } from './read-state'
import { persistedStateSchema } from './state-schema'

const VALID = validState()

describe('repairs', () => {
  it('keeps what is valid, drops what is not, and asks for a backup', () => {
    const raw = {
      version: 1,
      currentWheel: {
        name: 42,
        items: [
          { id: 'a', text: 42, color: 'red' },
          null,
          { id: 'b', text: '   ', color: '#00ff00' },
          { id: 'c', text: 'Keep', color: '#0F0' },
          { id: 'a', text: 'Same id', color: '#000000' },
        ],
        settings: { spinDuration: -5, wheelSize: 1e308, mode: 'chaos', soundEnabled: 'yes' },
        tally: { a: 2, c: -1, ghost: 4 },
        createdAt: 'yesterday',
      },
      savedWheels: [
        { id: 'ok', name: 'Ok', items: [] },
        'junk',
        { items: 'nope' },
        { name: 'No id', items: [] },
        { id: 'ok', items: [] },
      ],
      spinHistory: [entry(1), { id: 2 }, { ...entry(3), timestamp: 'not a date' }, { ...entry(4), id: 'e1' }],
      settings: { autoSave: 'yes', soundEnabled: false },
    }
    const { state, needsBackup, problems } = parse(raw)
    expect(needsBackup).toBe(true)
    expect(problems.length).toBeGreaterThan(5)
    const wheel = state.currentWheel
    expect(wheel.name).toBe('My Wheel')
    expect(wheel.items.map((i) => [i.text, i.color])).toEqual([
      ['42', '#3b82f6'],
      ['Keep', '#00ff00'],
      ['Same id', '#000000'],
    ])
    expect(wheel.items[0]?.id).toBe('a')
    expect(wheel.items[2]?.id).not.toBe('a')
    expect(wheel.tally).toEqual({ a: 2 })
    expect(wheel.settings).toEqual({
      spinDuration: 1000,
      wheelSize: 500,
      mode: 'normal',
      soundEnabled: true,
      confettiEnabled: true,
    })
    expect(wheel.createdAt).toBeUndefined()
    expect(state.savedWheels.map((w) => w.name)).toEqual(['Ok', 'No id', 'My Wheel'])
    const savedIds = state.savedWheels.map((w) => w.id)
    expect(savedIds[0]).toBe('ok')
    expect(new Set(savedIds).size).toBe(3)
    expect(savedIds.every((id) => typeof id === 'string')).toBe(true)
    expect(state.spinHistory.map((e) => e.result.text)).toEqual(['Item 1', 'Item 4'])
    expect(new Set(state.spinHistory.map((e) => e.id)).size).toBe(2)
    expect(state.settings).toEqual({ soundEnabled: false, confettiEnabled: true, autoSave: true })
    expect(persistedStateSchema.safeParse(state).success).toBe(true)
  })

  it('moves a tally to the new id of an item whose id had to be replaced', () => {
    const { state } = parse({
      version: 1,
      currentWheel: { items: [item('bad id!', 'A')], tally: { 'bad id!': 3 } },
    })
    const [only] = state.currentWheel.items
    expect(only?.id).not.toBe('bad id!')
    expect(state.currentWheel.tally).toEqual({ [only?.id ?? '']: 3 })
  })

  it('makes text the server could not store storable: NUL removed, lone surrogates replaced', () => {
    const { state, needsBackup } = parse({
      ...VALID,
      currentWheel: {
        ...VALID.currentWheel,
        name: 'Fri\u0000day',
        items: [item('a', 'A\u0000'), item('b', '\uD800B'), item('c', '\u0000')],
      },
    })
    expect(needsBackup).toBe(true)
    expect(state.currentWheel.name).toBe('Friday')
    expect(state.currentWheel.items.map((i) => i.text)).toEqual(['A', '\uFFFDB'])
    expect(persistedStateSchema.safeParse(state).success).toBe(true)
  })

  it('falls back to the default wheel when the current wheel is unreadable', () => {
    for (const currentWheel of [undefined, null, 'x', 7, [], { items: 'no' }, { name: 'No items' }]) {
      const { state, needsBackup } = parse({ ...VALID, currentWheel })
      expect(needsBackup).toBe(true)
      expect(state.currentWheel.items.map((i) => i.text)).toEqual([
        'Option 1',
        'Option 2',
        'Option 3',
        'Option 4',
        'Option 5',
        'Option 6',
      ])
      expect(state.savedWheels).toEqual(VALID.savedWheels)
      expect(state.spinHistory).toEqual(VALID.spinHistory)
    }
  })

  it('keeps sizes sane: items, saved wheels and history over their limits are cut', () => {
    const many = Array.from({ length: 10_050 }, (_, i) => item(`i${i}`))
    const { state, problems } = parse({
      version: 1,
      currentWheel: { items: many },
      savedWheels: Array.from({ length: MAX_SAVED_WHEELS + 3 }, (_, i) => ({ id: `w${i}`, items: [] })),
      spinHistory: Array.from({ length: 150 }, (_, i) => entry(i)),
    })
    expect(state.currentWheel.items).toHaveLength(10_000)
    expect(state.savedWheels).toHaveLength(MAX_SAVED_WHEELS)
    expect(state.spinHistory).toHaveLength(HISTORY_LIMIT)
    expect(state.spinHistory[0]?.id).toBe('e0')
    expect(problems.some((p) => p.includes('over the limit'))).toBe(true)
  })

  it('refuses a value too large to come from local storage without parsing it', () => {
    const { state, needsBackup, problems } = parsePersistedState(' '.repeat(MAX_STORED_CHARS + 1))
    expect(needsBackup).toBe(true)
    expect(problems).toEqual(['the stored value is too large to read'])
    expect(state.currentWheel.name).toBe('My Wheel')
  })
})
