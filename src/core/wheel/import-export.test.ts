import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exportWheel, IMPORT_MAX_BYTES, IMPORT_MESSAGES, parseWheelFile } from './import-export'
import { createDefaultWheel, DEFAULT_SETTINGS, PALETTE, type Wheel } from './model'
import { wheelSchema } from './schema'

const now = () => Date.UTC(2026, 10, 22, 12)
const ok = (text: string) => {
  const result = parseWheelFile(text, now)
  if (!result.ok) throw new Error(result.error)
  return result.wheel
}
const error = (text: string) => {
  const result = parseWheelFile(text, now)
  return result.ok ? null : result.error
}

describe('importing a wheel file', () => {
  it('reads a full file: name, items, colours and settings, with new ids and timestamps', () => {
    const wheel = ok(
      JSON.stringify({
        id: 'old',
        name: 'Lunch',
        items: [
          { id: 'a', text: 'Pizza', color: '#EF4444' },
          { id: 'b', text: 'Tacos', color: '#0f0' },
        ],
        settings: {
          spinDuration: 2000,
          soundEnabled: false,
          confettiEnabled: true,
          wheelSize: 400,
          mode: 'elimination',
        },
      }),
    )
    expect(wheel.name).toBe('Lunch')
    expect(wheel.items.map((i) => [i.text, i.color])).toEqual([
      ['Pizza', '#ef4444'],
      ['Tacos', '#00ff00'],
    ])
    expect(wheel.items.map((i) => i.id)).not.toContain('a')
    expect(wheel.id).not.toBe('old')
    expect(wheel.settings).toEqual({
      spinDuration: 2000,
      soundEnabled: false,
      confettiEnabled: true,
      wheelSize: 400,
      mode: 'elimination',
    })
    expect(wheel.createdAt).toBe('2026-11-22T12:00:00.000Z')
    expect(wheelSchema.safeParse(wheel).success).toBe(true)
  })

  it('fills what is missing and clamps what is out of range', () => {
    const wheel = ok(
      JSON.stringify({
        items: [
          {},
          { text: '   ' },
          { text: 42, color: 'red' },
          'Plain string',
          { text: 'x'.repeat(500), color: null },
        ],
        settings: { spinDuration: 99_999, wheelSize: -5, mode: 'chaos', soundEnabled: 'yes' },
      }),
    )
    expect(wheel.name).toBe('Imported Wheel')
    expect(wheel.items.map((i) => i.text)).toEqual([
      'Item 1',
      'Item 2',
      '42',
      'Plain string',
      'x'.repeat(200),
    ])
    // Missing or invalid colours take palette colours unlike both neighbours (first and last too).
    const colors = wheel.items.map((i) => i.color)
    for (const [i, c] of colors.entries()) expect(c).not.toBe(colors[(i + 1) % colors.length])
    expect(colors.every((c) => (PALETTE as readonly string[]).includes(c))).toBe(true)
    expect(wheel.settings).toEqual({ ...DEFAULT_SETTINGS, spinDuration: 5000, wheelSize: 200 })
    expect(ok('{"items": []}').settings).toEqual(DEFAULT_SETTINGS)
    expect(ok('{"items": [], "name": "  "}').name).toBe('Imported Wheel')
  })

  it('reads weights, and a file without weights as weight 1; weights come back out on export', () => {
    const wheel = ok(
      JSON.stringify({
        items: [
          { text: 'a', weight: 5 },
          { text: 'b' },
          { text: 'c', weight: 1 },
          { text: 'd', weight: 1.5 },
          { text: 'e', weight: 101 },
          { text: 'f', weight: '7' },
          { text: 'g', weight: 100 },
        ],
      }),
    )
    expect(wheel.items.map((i) => i.weight ?? 1)).toEqual([5, 1, 1, 1, 1, 1, 100])
    const again = ok(exportWheel(wheel).json)
    expect(again.items.map((i) => i.weight ?? 1)).toEqual([5, 1, 1, 1, 1, 1, 100])
  })

  it('names the problem: not JSON, no items array, too many items, too large', () => {
    expect(error('not json')).toBe(IMPORT_MESSAGES.notJson)
    expect(error('')).toBe(IMPORT_MESSAGES.notJson)
    for (const bad of ['{}', '[]', 'null', '42', '"items"', '{"items": {}}', '{"items": "a,b"}']) {
      expect(error(bad), bad).toBe(IMPORT_MESSAGES.badShape)
    }
    expect(error(JSON.stringify({ items: Array.from({ length: 10_001 }, () => 0) }))).toBe(
      'The wheel has 10,001 items; a wheel can hold at most 10,000',
    )
    expect(error(JSON.stringify({ items: new Array(1_000_000).fill(1) }))).toMatch(/1,000,000 items/)
    expect(error(' '.repeat(IMPORT_MAX_BYTES + 1))).toBe(IMPORT_MESSAGES.tooLarge)
    expect(
      ok(JSON.stringify({ items: Array.from({ length: 10_000 }, (_, i) => `n${i}`) })).items,
    ).toHaveLength(10_000)
  })

  it('is not fooled by __proto__ or constructor keys, and keeps script tags as text', () => {
    const hostile =
      '{"__proto__": {"polluted": true, "items": ["x"]}, "constructor": {"prototype": {"polluted": true}},' +
      ' "name": "<script>alert(1)</script>", "items": [{"__proto__": {"text": "sneaky"}}, {"text": "<img src=x onerror=alert(1)>"}],' +
      ' "settings": {"__proto__": {"mode": "elimination"}}}'
    const wheel = ok(hostile)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    expect(wheel.name).toBe('<script>alert(1)</script>')
    expect(wheel.items.map((i) => i.text)).toEqual(['Item 1', '<img src=x onerror=alert(1)>'])
    expect(wheel.settings.mode).toBe('normal')
    expect(error('{"__proto__": {"items": []}}')).toBe(IMPORT_MESSAGES.badShape)
  })

  it('never throws: any JSON is a valid wheel or a message (fuzzed)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc
            .record({
              items: fc.array(fc.jsonValue(), { maxLength: 30 }),
              name: fc.jsonValue(),
              settings: fc.jsonValue(),
            })
            .map((v) => JSON.stringify(v)),
          fc.string(),
        ),
        (text) => {
          const result = parseWheelFile(text, now)
          if (result.ok) expect(wheelSchema.safeParse(result.wheel).success).toBe(true)
          else expect(typeof result.error).toBe('string')
        },
      ),
      { numRuns: 500 },
    )
    expect(Object.prototype).not.toHaveProperty('polluted')
  })
})

describe('exporting a wheel', () => {
  it('names the file after the wheel and round-trips through import', () => {
    const wheel: Wheel = {
      ...createDefaultWheel(),
      id: '1700000000000',
      name: 'Team Lunch: Friday!',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    }
    const { fileName, json } = exportWheel(wheel)
    expect(fileName).toBe('team_lunch__friday_.json')
    expect(exportWheel({ ...wheel, name: '' }).fileName).toBe('wheel.json')
    const back = ok(json)
    expect(back.name).toBe(wheel.name)
    expect(back.items.map(({ text, color }) => ({ text, color }))).toEqual(
      wheel.items.map(({ text, color }) => ({ text, color })),
    )
    expect(back.settings).toEqual(wheel.settings)
  })
})
