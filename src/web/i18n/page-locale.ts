// Which language a page opens in. The address decides (/es/wheel is Spanish). At an English
// address, a visitor who chose another language in the menu, or whose browser asks for one we
// speak and who never chose, is sent to that language's address before anything else loads.
import {
  type AnyLocale,
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_INFO,
  type Locale,
  localePrefix,
  localizedPath,
  matchLocale,
  splitLocalePath,
} from '../../core/i18n/locales'
import { LOCALE_KEY } from '../../core/storage/keys'

function storedChoice(): Locale | undefined {
  try {
    const value = localStorage.getItem(LOCALE_KEY)
    return isLocale(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** Remembers the visitor's choice of language (the language menu). */
export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale)
  } catch {
    // Storage refused (private mode, full): the address still carries the language.
  }
}

/**
 * The page's language and its address prefix, or null when the page is being sent to another
 * language's address (the caller renders nothing).
 */
export function pageLocale(): { locale: AnyLocale; basename: string } | null {
  const { pathname, search, hash } = window.location
  const { locale, path } = splitLocalePath(pathname)
  if (locale === DEFAULT_LOCALE) {
    const wanted = storedChoice() ?? matchLocale(navigator.languages ?? [navigator.language])
    if (wanted && wanted !== DEFAULT_LOCALE) {
      window.location.replace(`${localizedPath(wanted, path)}${search}${hash}`)
      return null
    }
  }
  const root = document.documentElement
  root.lang = locale
  root.dir = LOCALE_INFO[locale].dir
  return { locale, basename: localePrefix(locale) }
}
