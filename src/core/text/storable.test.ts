import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createDefaultWheel, createItem } from '../wheel/model'
import { renameWheel, updateItem } from '../wheel/operations'
import { parseLines } from '../wheel/paste'
import { storableString, textProblemOf } from './schema'
import { isStorableText, storableCut, storableTextOf, TEXT_MESSAGES, unstorableText } from './storable'

/** Well-formed text without U+0000: any code points (astral ones as surrogate pairs) but NUL. */
const storable = fc.string({ unit: 'binary' }).map((s) => s.replaceAll('\u0000', ''))
const loneSurrogate = fc.oneof(
  fc.integer({ min: 0xd800, max: 0xdbff }),
  fc.integer({ min: 0xdc00, max: 0xdfff }),
)
/** `before` + one lone surrogate + `after`, kept lone even next to surrogates of `before` and `after`. */
const withLoneSurrogate = fc
  .tuple(storable, loneSurrogate, storable)
  .map(([before, code, after]) =>
    code < 0xdc00
      ? `${before}${String.fromCharCode(code)}x${after}`
      : `${before}x${String.fromCharCode(code)}${after}`,
  )
const withNul = fc.tuple(storable, storable).map(([a, b]) => `${a}\u0000${b}`)

describe('text PostgreSQL can store', () => {
  it('passes every well-formed string without U+0000, in the schema too', () => {
    fc.assert(
      fc.property(storable, (text) => {
        expect(unstorableText(text)).toBeNull()
        expect(storableString().safeParse(text).success).toBe(true)
        expect(storableTextOf(text)).toBe(text)
      }),
    )
  })

  it('refuses every string with U+0000, with its message', () => {
    fc.assert(
      fc.property(withNul, (text) => {
        expect(unstorableText(text)).toBe(TEXT_MESSAGES.nul)
        const parsed = storableString(1_000_000).safeParse(text)
        expect(parsed.success).toBe(false)
        if (!parsed.success) expect(textProblemOf(parsed.error)).toBe(TEXT_MESSAGES.nul)
      }),
    )
  })

  it('refuses every string with a lone surrogate, with its message', () => {
    fc.assert(
      fc.property(withLoneSurrogate, (text) => {
        expect(unstorableText(text)).toBe(TEXT_MESSAGES.loneSurrogate)
        const parsed = storableString().safeParse(text)
        expect(parsed.success).toBe(false)
        if (!parsed.success) expect(textProblemOf(parsed.error)).toBe(TEXT_MESSAGES.loneSurrogate)
      }),
    )
  })

  it('knows pairs from lone halves at the edges', () => {
    expect(isStorableText('😀')).toBe(true)
    expect(isStorableText('\uD83D\uDE00\uDE00')).toBe(false)
    expect(isStorableText('\uDE00\uD83D\uDE00')).toBe(false)
    expect(isStorableText('\uD83D')).toBe(false)
    expect(isStorableText('\uDE00')).toBe(false)
  })

  it('repairs what it refuses into what it passes', () => {
    fc.assert(
      fc.property(fc.oneof(withNul, withLoneSurrogate, storable), (text) => {
        expect(isStorableText(storableTextOf(text))).toBe(true)
      }),
    )
  })
})

describe('what the app keeps of typed, pasted and imported text', () => {
  it('never splits a surrogate pair when it cuts, and leaves nothing the server refuses', () => {
    fc.assert(
      fc.property(fc.oneof(withNul, withLoneSurrogate, storable), fc.nat({ max: 50 }), (text, max) => {
        const kept = storableCut(text, max)
        expect(isStorableText(kept)).toBe(true)
        expect(kept.length).toBeLessThanOrEqual(max)
      }),
    )
    expect(storableCut('ab😀', 3)).toBe('ab')
    expect(storableCut('Ann\u0000', 10)).toBe('Ann')
  })

  it('in items added, pasted, imported and edited, and in wheel names', () => {
    const emoji = `a${'😀'.repeat(150)}`
    const pasted = parseLines(`${emoji}\nBo\u0000b`, 10)
    expect(pasted.ok && pasted.texts.every(isStorableText)).toBe(true)
    expect(pasted.ok && pasted.texts[1]).toBe('Bob')
    expect(isStorableText(createItem(emoji).text)).toBe(true)
    const wheel = createDefaultWheel()
    const first = wheel.items[0]?.id ?? ''
    expect(updateItem(wheel, first, { text: 'A\uD800' }).items[0]?.text).toBe('A\uFFFD')
    expect(renameWheel(wheel, `${'n'.repeat(99)}😀`).name).toBe('n'.repeat(99))
  })
})
