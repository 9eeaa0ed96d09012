import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { entry, parse, validState } from '../testing/state-fixtures'
import {
  addHistoryEntry,
  createHistoryEntry,
  defaultState,
  HISTORY_LIMIT,
  serializePersistedState,
} from './persisted-state'
import { parsePersistedState, parsePersistedValue } from './read-state'
import { persistedStateSchema } from './state-schema'

const VALID = validState()

describe('reading the stored state', () => {
  it('nothing stored gives the defaults, with no backup', () => {
    for (const raw of [null, '']) {
      const { state, needsBackup, problems } = parsePersistedState(raw)
      expect(needsBackup).toBe(false)
      expect(problems).toEqual([])
      expect(state.version).toBe(1)
      expect(state.currentWheel.name).toBe('My Wheel')
      expect(state.currentWheel.items).toHaveLength(6)
      expect(state.savedWheels).toEqual([])
      expect(state.spinHistory).toEqual([])
      expect(state.settings).toEqual({ soundEnabled: true, confettiEnabled: true, autoSave: true })
    }
  })

  it('round-trips what it writes, unchanged and without a backup', () => {
    const result = parsePersistedState(serializePersistedState(VALID))
    expect(result).toEqual({ state: VALID, needsBackup: false, problems: [] })
  })

  it('ignores unknown extra fields of a valid state', () => {
    const { state, needsBackup } = parse({ ...VALID, extra: 1 })
    expect(needsBackup).toBe(false)
    expect(state).toEqual(VALID)
    expect('extra' in state).toBe(false)
  })
})

describe('corrupt input never throws and always gives a valid state', () => {
  it('garbage, wrong types, huge numbers and deep nesting', () => {
    const samples = [
      '{',
      'undefined',
      '[]',
      '"text"',
      '42',
      '1e999',
      'null',
      'true',
      '{"version":99}',
      '{"version":-1}',
      '{"version":1e400}',
      '{"currentWheel":{"items":[{"text":"a","color":"#fff","id":1e400}]}}',
      '{"currentWheel":{"items":[{"text":1e308,"color":"#fff"}],"tally":[1,2]}}',
      `{"currentWheel":${'['.repeat(3000)}${']'.repeat(3000)}}`,
      '{"state":{"state":{"state":null}}}',
      '\u0000\uffff',
    ]
    for (const raw of samples) {
      const result = parsePersistedState(raw)
      expect(result.needsBackup).toBe(true)
      expect(persistedStateSchema.safeParse(result.state).success).toBe(true)
    }
    expect(parsePersistedState('{').problems).toEqual(['the stored value is not JSON'])
  })

  it('__proto__ keys neither pollute prototypes nor survive as ids', () => {
    const raw =
      '{"__proto__":{"polluted":true},"version":1,"currentWheel":{"__proto__":{"items":[]},' +
      '"items":[{"id":"__proto__","text":"x","color":"#fff","__proto__":{"polluted":true}}],' +
      '"tally":{"__proto__":5},"settings":{"__proto__":{"mode":"elimination"}}},' +
      '"spinHistory":[{"__proto__":{"id":"x"},"id":"__proto__","result":{"text":"t","color":"#000"},"wheelName":"w","timestamp":"2026-01-01T00:00:00Z"}]}'
    const { state } = parsePersistedState(raw)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    const [only] = state.currentWheel.items
    expect(only?.text).toBe('x')
    expect(only?.id).not.toBe('__proto__')
    expect(state.currentWheel.tally).toEqual({ [only?.id ?? '']: 5 })
    expect(Object.getPrototypeOf(state.currentWheel.tally)).toBe(Object.prototype)
    expect(state.currentWheel.settings.mode).toBe('normal')
    expect(state.spinHistory[0]?.id).not.toBe('__proto__')
    expect(state.spinHistory[0]?.timestamp).toBe('2026-01-01T00:00:00.000Z')
    expect(persistedStateSchema.safeParse(state).success).toBe(true)
  })

  it('for any JSON anywhere in the shape, and for any string', () => {
    const anyJson = fc.jsonValue({ maxDepth: 4 })
    const wheelLike = fc.record(
      {
        id: fc.oneof(fc.string(), fc.integer(), fc.constant(null), anyJson),
        name: fc.oneof(fc.string(), anyJson),
        items: fc.oneof(
          fc.array(
            fc.record(
              {
                id: fc.oneof(fc.string(), fc.integer(), anyJson),
                text: fc.oneof(fc.string(), anyJson),
                color: fc.oneof(fc.constantFrom('#fff', '#ABCDEF', '#12', 'red'), anyJson),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 8 },
          ),
          anyJson,
        ),
        settings: fc.oneof(
          fc.record(
            {
              spinDuration: fc.oneof(fc.double(), anyJson),
              wheelSize: fc.oneof(fc.double(), anyJson),
              mode: fc.oneof(fc.string(), anyJson),
            },
            { requiredKeys: [] },
          ),
          anyJson,
        ),
        tally: anyJson,
        createdAt: fc.oneof(
          fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
          anyJson,
        ),
      },
      { requiredKeys: [] },
    )
    const stateLike = fc.record(
      {
        version: fc.oneof(fc.constantFrom(0, 1, 2), anyJson),
        currentWheel: fc.oneof(wheelLike, anyJson),
        savedWheels: fc.oneof(fc.array(wheelLike, { maxLength: 4 }), anyJson),
        spinHistory: fc.oneof(fc.array(fc.oneof(fc.constant(entry(1)), anyJson), { maxLength: 6 }), anyJson),
        settings: anyJson,
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(
        fc.oneof(
          stateLike.map((v) => JSON.stringify(v)),
          fc.string(),
          anyJson.map((v) => JSON.stringify(v)),
        ),
        (raw) => {
          const first = parsePersistedState(raw)
          expect(persistedStateSchema.safeParse(first.state).success).toBe(true)
          // what it writes back reads back unchanged
          const again = parsePersistedState(serializePersistedState(first.state))
          expect(again).toEqual({ state: first.state, needsBackup: false, problems: [] })
        },
      ),
      { numRuns: 400 },
    )
  })
})

describe('history', () => {
  it('keeps history newest first and capped at 100', () => {
    let history = defaultState().spinHistory
    for (let i = 0; i < 150; i++) history = addHistoryEntry(history, entry(i))
    expect(history).toHaveLength(HISTORY_LIMIT)
    expect(history[0]?.id).toBe('e149')
    expect(history.at(-1)?.id).toBe('e50')
  })

  it('stamps a new entry with the time and a unique id', () => {
    const now = new Date('2026-05-01T08:30:00Z')
    const a = createHistoryEntry({ text: 'Pizza', color: '#ef4444' }, 'Lunch', now)
    const b = createHistoryEntry({ text: 'Pizza', color: '#ef4444' }, 'Lunch', now)
    expect(a).toMatchObject({
      result: { text: 'Pizza', color: '#ef4444' },
      wheelName: 'Lunch',
      timestamp: '2026-05-01T08:30:00.000Z',
    })
    expect(a.id).not.toBe(b.id)
  })
})

/** Ids the default state makes from the clock differ between two reads; everything else must not. */
const withoutMadeIds = (value: unknown) =>
  JSON.parse(JSON.stringify(value).replace(/"id":"\d{10,}(-\d+)?"/g, '"id":"made"'))

describe('a value parsed by the caller', () => {
  it('reads exactly as its text does, for any value, and refuses one that was too large', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(VALID), fc.jsonValue()), (value) => {
        const text = JSON.stringify(value) ?? 'null'
        expect(withoutMadeIds(parsePersistedValue(JSON.parse(text), text.length))).toEqual(
          withoutMadeIds(parsePersistedState(text)),
        )
      }),
    )
    const tooLarge = parsePersistedValue(VALID, 50_000_000)
    expect(tooLarge.needsBackup).toBe(true)
    expect(withoutMadeIds(tooLarge.state)).toEqual(withoutMadeIds(defaultState()))
    expect(tooLarge.problems).toEqual(['the stored value is too large to read'])
  })
})
