import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { SpinHistoryEntry } from '../wheel/model'
import { csvField, historyFileName, historyToCsv, historyTotals } from './csv'
import { relativeTime } from './relative-time'

/** A strict RFC 4180 reader, for checking what we write. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += c
  }
  return rows
}

const entry = (text: string, wheelName = 'Lunch', i = 0): SpinHistoryEntry => ({
  id: `h${i}`,
  result: { text, color: '#ef4444' },
  wheelName,
  timestamp: new Date(Date.UTC(2026, 10, 22, 12, 0, i)).toISOString(),
})

describe('history CSV', () => {
  it('writes the header and one row per spin, newest first as given', () => {
    const csv = historyToCsv([entry('Pizza', 'Lunch', 1), entry('Tacos', 'Dinner', 0)])
    expect(csv).toBe(
      'Result,Color,Wheel Name,Timestamp\r\nPizza,#ef4444,Lunch,2026-11-22T12:00:01.000Z\r\nTacos,#ef4444,Dinner,2026-11-22T12:00:00.000Z\r\n',
    )
  })

  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"')
    for (const start of ['+1', '-1', '@SUM(A1)', '\tx']) expect(csvField(start).startsWith("'")).toBe(true)
    expect(csvField('plain')).toBe('plain')
  })

  it('round-trips any text through a strict CSV reader (formula guard aside)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 20 }), (pairs) => {
        const history = pairs.map(([text, name], i) => entry(text, name, i))
        const rows = parseCsv(historyToCsv(history))
        expect(rows[0]).toEqual(['Result', 'Color', 'Wheel Name', 'Timestamp'])
        expect(rows).toHaveLength(history.length + 1)
        history.forEach((e, i) => {
          const unguard = (value: string, original: string) =>
            /^[=+\-@\t\r]/.test(original) ? value.slice(1) : value
          expect(unguard(rows[i + 1]?.[0] ?? '', e.result.text)).toBe(e.result.text)
          expect(unguard(rows[i + 1]?.[2] ?? '', e.wheelName)).toBe(e.wheelName)
        })
      }),
    )
  })

  it('names the file after the local date and counts spins and wheels', () => {
    expect(historyFileName(new Date(2026, 0, 5, 23, 59))).toBe('spin_history_2026-01-05.csv')
    expect(historyTotals([entry('a', 'One'), entry('b', 'Two'), entry('c', 'One')])).toEqual({
      totalSpins: 3,
      wheelsUsed: 2,
    })
    expect(historyTotals([])).toEqual({ totalSpins: 0, wheelsUsed: 0 })
  })
})

describe('relative time', () => {
  const now = new Date('2026-11-22T12:00:00Z')
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()
  it('reads Just now, minutes, hours, then the date', () => {
    expect(relativeTime(ago(0), now)).toBe('Just now')
    expect(relativeTime(ago(59_999), now)).toBe('Just now')
    expect(relativeTime(ago(60_000), now)).toBe('1m ago')
    expect(relativeTime(ago(59 * 60_000 + 59_999), now)).toBe('59m ago')
    expect(relativeTime(ago(3_600_000), now)).toBe('1h ago')
    expect(relativeTime(ago(23 * 3_600_000 + 3_599_999), now)).toBe('23h ago')
    expect(relativeTime(ago(86_400_000), now, 'en-US')).toBe('Nov 21, 2026')
    expect(relativeTime(new Date(now.getTime() + 5000).toISOString(), now)).toBe('Just now')
    expect(relativeTime('garbage', now)).toBe('')
  })
})
