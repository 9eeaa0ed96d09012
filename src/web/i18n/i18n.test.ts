import { afterEach, describe, expect, it } from 'vitest'
import { isolate, loadLocale, t } from './i18n'

describe('a language’s catalogue outside the production pages', () => {
  afterEach(() => loadLocale('en'))

  it('holds the words of the app and of the static pages', async () => {
    await loadLocale('es')
    expect(t('Privacy Policy')).toBe('Política de privacidad')
    expect(t('Spin')).toBe('Girar')
  })
})

describe('a person’s text inside a sentence', () => {
  afterEach(() => loadLocale('en'))

  it('is isolated on a right-to-left page; on a left-to-right one only when it holds right-to-left letters', async () => {
    expect(isolate('Pizza!')).toBe('Pizza!')
    expect(isolate('علي!')).toBe('\u2068علي!\u2069')
    expect(isolate('Ali علي')).toBe('\u2068Ali علي\u2069')
    await loadLocale('ar')
    expect(isolate('Pizza!')).toBe('\u2068Pizza!\u2069')
    // The name lands in the Arabic sentence with its isolation marks around it, and nothing else changes.
    expect(t('Imported “{name}”.', { name: isolate('Pizza!') })).toBe(
      t('Imported “{name}”.', { name: 'NAME' }).replace('NAME', '\u2068Pizza!\u2069'),
    )
  })
})
