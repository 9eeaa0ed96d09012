import { afterEach, describe, expect, it } from 'vitest'
import { loadLocale, loadPageMessages, t } from './i18n'

describe('the static pages’ messages', () => {
  afterEach(() => loadLocale('en'))

  it("load in the page's language even when asked for while the language is still loading", async () => {
    await loadLocale('en')
    // As main.tsx does: the router loads a static page's code as soon as it is made, right after
    // the page's language started loading.
    const language = loadLocale('es')
    const pages = loadPageMessages()
    await Promise.all([language, pages])
    expect(t('Privacy Policy')).toBe('Política de privacidad')
    expect(t('Spin')).toBe('Girar')
  })
})
