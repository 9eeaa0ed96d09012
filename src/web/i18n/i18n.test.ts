import { afterEach, describe, expect, it } from 'vitest'
import { loadLocale, t } from './i18n'

describe('a language’s catalogue outside the production pages', () => {
  afterEach(() => loadLocale('en'))

  it('holds the words of the app and of the static pages', async () => {
    await loadLocale('es')
    expect(t('Privacy Policy')).toBe('Política de privacidad')
    expect(t('Spin')).toBe('Girar')
  })
})
