import { type Locale, localizedPath, splitLocalePath } from '../../core/i18n/locales'
import { rememberLocale } from '../i18n/page-locale'

/**
 * The language menu's choice: remembered in this browser, kept on the profile of a signed-in user
 * (fire and forget), then the same page loads at the chosen language's address (English: the bare
 * path), with its query and hash. The language is fixed for a page's life, so it is a full load.
 */
export async function switchLanguage(locale: Locale): Promise<void> {
  rememberLocale(locale)
  // Both modules are loaded already on a page with the header (its account button uses them).
  const { useSessionStore } = await import('../state/session-store')
  if (useSessionStore.getState().status === 'signed-in') {
    const { saveProfileLocale } = await import('../api/profile-locale')
    saveProfileLocale(locale).catch(() => {
      // The choice still holds in this browser; the profile keeps its language until next time.
    })
  }
  const { pathname, search, hash } = window.location
  window.location.assign(`${localizedPath(locale, splitLocalePath(pathname).path)}${search}${hash}`)
}
