import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { entriesKeyOf, normalisedEntries, normaliseEntryText } from './entries-key'
import type { DrawEntry } from './protocol'

const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
const entry = fc.tuple(text, fc.integer({ min: 1, max: 100 })).filter(([t]) => normaliseEntryText(t) !== '')
const entryList = fc.array(entry, { minLength: 1, maxLength: 12 })
/** Whitespace and invisible characters a host could pad an entry with. */
const padding = fc
  .array(fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', '\u200b', '\u2060', '\u3000'), {
    maxLength: 3,
  })
  .map((parts) => parts.join(''))

describe('the entries key', () => {
  it('is the same for any order of the entries and any padding around their texts', async () => {
    await fc.assert(
      fc.asyncProperty(
        entryList.chain((list) =>
          fc.tuple(
            fc.constant(list),
            fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
            fc.array(fc.tuple(padding, padding), { minLength: list.length, maxLength: list.length }),
          ),
        ),
        async ([list, shuffled, pads]) => {
          const padded = shuffled.map(([t, w], i): DrawEntry => {
            const [before, after] = pads[i] as [string, string]
            return [`${before}${t}${after}`, w]
          })
          expect(await entriesKeyOf(padded)).toBe(await entriesKeyOf(list))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('differs when an entry’s text or weight changes, or an entry is added or removed', async () => {
    await fc.assert(
      fc.asyncProperty(entryList, fc.nat(), text, async (list, at, other) => {
        const i = at % list.length
        const [t, w] = list[i] as DrawEntry
        const key = await entriesKeyOf(list)
        const changedText = normaliseEntryText(other) !== normaliseEntryText(t)
        const retexted = list.map((e, j): DrawEntry => (j === i ? [other, w] : e))
        // Renaming one entry to another's text keeps the multiset only if it was already a duplicate.
        const sameMultiset =
          JSON.stringify(normalisedEntries(retexted)) === JSON.stringify(normalisedEntries(list))
        if (changedText && !sameMultiset) expect(await entriesKeyOf(retexted)).not.toBe(key)
        const reweighted = list.map((e, j): DrawEntry => (j === i ? [t, (w % 100) + 1] : e))
        expect(await entriesKeyOf(reweighted)).not.toBe(key)
        expect(await entriesKeyOf([...list, [t, w]])).not.toBe(key)
        if (list.length > 1) expect(await entriesKeyOf(list.filter((_, j) => j !== i))).not.toBe(key)
      }),
      { numRuns: 200 },
    )
  })

  it('reads texts as the draw page shows them, and keeps case and inner words apart', async () => {
    expect(normaliseEntryText('  Ann \u200b ')).toBe('Ann')
    expect(normaliseEntryText('Ann\t\n  Lee')).toBe('Ann Lee')
    expect(normaliseEntryText('Zoe\u0301')).toBe('Zoé')
    expect(
      normalisedEntries([
        ['Bo', 1],
        [' Ann', 2],
        ['Ann', 1],
      ]),
    ).toEqual([
      ['Ann', 1],
      ['Ann', 2],
      ['Bo', 1],
    ])
    const key = await entriesKeyOf([
      ['Ann', 1],
      ['Bo', 1],
    ])
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(
      await entriesKeyOf([
        ['Bo ', 1],
        ['  Ann', 1],
      ]),
    ).toBe(key)
    expect(
      await entriesKeyOf([
        ['ann', 1],
        ['Bo', 1],
      ]),
    ).not.toBe(key)
    expect(await entriesKeyOf([['AnnBo', 1]])).not.toBe(key)
  })
})
