import { describe, expect, it } from 'vitest'
// The build's copy of the id function must give the same ids as the code's (a catalogue keyed by
// other ids would show every message in English).
import { messageId as buildMessageId, pseudoMessage } from '../../../scripts/i18n-catalogue.mjs'
import { acceptedLanguages, localizedPath, matchLocale, PSEUDO_LOCALE, splitLocalePath } from './locales'
import { messageId } from './message-id'

describe('language addresses', () => {
  it('reads the language from the first segment and keeps English at the bare paths', () => {
    expect(splitLocalePath('/es/wheel')).toEqual({ locale: 'es', path: '/wheel' })
    expect(splitLocalePath('/ja')).toEqual({ locale: 'ja', path: '/' })
    expect(splitLocalePath('/pt-br/about')).toEqual({ locale: 'pt-BR', path: '/about' })
    expect(splitLocalePath('/xa/faq')).toEqual({ locale: PSEUDO_LOCALE, path: '/faq' })
    expect(splitLocalePath('/wheel')).toEqual({ locale: 'en', path: '/wheel' })
    // A segment that only starts like a language is a path of its own.
    expect(splitLocalePath('/esx/wheel')).toEqual({ locale: 'en', path: '/esx/wheel' })
    expect(splitLocalePath('/')).toEqual({ locale: 'en', path: '/' })
  })

  it('puts a path at a language address and back', () => {
    expect(localizedPath('es', '/wheel')).toBe('/es/wheel')
    expect(localizedPath('ar', '/')).toBe('/ar')
    expect(localizedPath('en', '/wheel')).toBe('/wheel')
    for (const path of ['/', '/wheel', '/w/abc']) {
      expect(splitLocalePath(localizedPath('ko', path))).toEqual({ locale: 'ko', path })
    }
  })
})

describe('the visitor’s languages', () => {
  it('takes the first language we speak, by tag or by base language', () => {
    expect(matchLocale(['nl-NL', 'de-AT', 'en'])).toBe('de')
    expect(matchLocale(['pt-PT'])).toBe('pt-BR')
    expect(matchLocale(['PT-br'])).toBe('pt-BR')
    expect(matchLocale(['zh-CN', 'ru'])).toBeUndefined()
    expect(matchLocale([])).toBeUndefined()
  })

  it('orders an Accept-Language header by quality', () => {
    expect(acceptedLanguages('fr;q=0.5, ja, *;q=0.1, de;q=0')).toEqual(['ja', 'fr'])
    expect(acceptedLanguages(undefined)).toEqual([])
    expect(matchLocale(acceptedLanguages('en-US,en;q=0.9,es;q=0.8'))).toBe('en')
  })
})

describe('message ids', () => {
  it('are the same in the code and in the build', () => {
    for (const source of ['Spin', '{count, plural, one {# item} other {# items}}', 'Ünïcode ✓', '']) {
      expect(buildMessageId(source)).toBe(messageId(source))
    }
    expect(messageId('Spin')).not.toBe(messageId('spin'))
  })

  it('pseudo-translates words and leaves placeholders and tags alone', () => {
    expect(pseudoMessage('Spin')).toBe('⟦Špíñ⟧')
    expect(pseudoMessage('{count, plural, one {# item} other {# items}}')).toBe(
      '⟦{count, plural, one {# ítém} other {# ítémš}}⟧',
    )
    expect(pseudoMessage('Read <0>more</0> on {site}')).toBe('⟦Ŕéád <0>móŕé</0> óñ {site}⟧')
  })
})
