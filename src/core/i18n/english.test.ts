import { describe, expect, it } from 'vitest'
import { english, sourceOf } from './english'

describe('english', () => {
  it('fills each placeholder with its value, as often as it appears', () => {
    expect(
      english('Premium until {date}: starts on {date}, {count} items', { date: 'May 1', count: 3 }),
    ).toBe('Premium until May 1: starts on May 1, 3 items')
  })

  it('leaves a placeholder without a value as written', () => {
    expect(english('Entry {position} has no text.', {})).toBe('Entry {position} has no text.')
  })
})

describe('sourceOf', () => {
  const sourced = [
    ['At most {count} spins a minute.', { count: 10 }],
    ['A draw can have at most {max} rerolls.', { max: 50 }],
  ] as const

  it('finds the source and values an English text was made from', () => {
    expect(sourceOf('A draw can have at most 50 rerolls.', sourced)).toEqual([
      'A draw can have at most {max} rerolls.',
      { max: 50 },
    ])
  })

  it('gives any other text back as its own source', () => {
    expect(sourceOf('This room has ended.', sourced)).toEqual(['This room has ended.', {}])
  })
})
