import { describe, expect, it } from 'vitest'
import { FREE_ITEM_LIMIT } from '../plan/definition'
import { seededRandomSource } from '../random/random'
import { MAX_ITEMS } from '../wheel/model'
import { checkClientSeed, checkNewDraw, DRAW_MESSAGES } from './rules'
import { randomSeedWords } from './seed-words'

const entries = (n: number) => Array.from({ length: n }, (_, i) => [`Item ${i + 1}`, 1])
const error = (result: { ok: boolean; error?: string }) => (result.ok ? null : result.error)

describe('checkNewDraw', () => {
  it('accepts a wheel within the limits and keeps the entries as sent', () => {
    const result = checkNewDraw(
      {
        name: 'Giveaway',
        entries: [
          ['  Ann ', 1],
          ['Bo', 100],
        ],
      },
      FREE_ITEM_LIMIT,
    )
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Giveaway',
        entries: [
          ['  Ann ', 1],
          ['Bo', 100],
        ],
      },
    })
  })

  it('applies the free plan’s 15 items, and 10,000 for premium', () => {
    expect(checkNewDraw({ name: 'W', entries: entries(15) }, FREE_ITEM_LIMIT).ok).toBe(true)
    expect(error(checkNewDraw({ name: 'W', entries: entries(16) }, FREE_ITEM_LIMIT))).toBe(
      'Free users can only add up to 15 items per wheel. Upgrade to Premium for up to 10,000 items!',
    )
    expect(checkNewDraw({ name: 'W', entries: entries(16) }, Number.POSITIVE_INFINITY).ok).toBe(true)
    expect(error(checkNewDraw({ name: 'W', entries: entries(MAX_ITEMS + 1) }, Infinity))).toBe(
      DRAW_MESSAGES.tooMany,
    )
  })

  it('says which entry is wrong and why', () => {
    const check = (list: unknown[]) => error(checkNewDraw({ name: 'W', entries: list }, 15))
    expect(check([])).toBe('A draw needs at least one entry.')
    expect(
      check([
        ['A', 1],
        ['  ', 1],
      ]),
    ).toBe('Entry 2 has no text.')
    expect(check([['x'.repeat(201), 1]])).toBe('Entry 1 is longer than 200 characters.')
    expect(check([['x'.repeat(200), 1]])).toBeNull()
    expect(check([['A', 0]])).toBe('Entry 1 has the weight 0: weights are whole numbers from 1 to 100.')
    expect(check([['A', 101]])).toMatch(/weight 101/)
    expect(check([['A', 1.5]])).toMatch(/weight 1.5/)
    expect(check([['A', '1']])).toMatch(/weight "1"/)
    expect(check([['A']])).toBe('Entry 1 must be a [text, weight] pair.')
    expect(error(checkNewDraw({ name: '', entries: entries(2) }, 15))).toBe(DRAW_MESSAGES.name)
    expect(error(checkNewDraw(null, 15))).toBe(DRAW_MESSAGES.unreadable)
  })
})

describe('checkClientSeed', () => {
  it('takes 1 to 200 characters', () => {
    expect(checkClientSeed({ clientSeed: 'a' })).toEqual({ ok: true, value: 'a' })
    expect(checkClientSeed({ clientSeed: '🎉'.repeat(200) }).ok).toBe(true)
    expect(error(checkClientSeed({ clientSeed: 'x'.repeat(201) }))).toBe(
      'The client seed must be 1 to 200 characters long.',
    )
    expect(checkClientSeed({ clientSeed: '' }).ok).toBe(false)
    expect(checkClientSeed({}).ok).toBe(false)
  })
})

describe('randomSeedWords', () => {
  it('makes four words that differ from draw to draw', () => {
    const source = seededRandomSource(3)
    const a = randomSeedWords(source)
    expect(a).toMatch(/^[a-z]+(-[a-z]+){3}$/)
    expect(randomSeedWords(source)).not.toBe(a)
  })
})
