// The page's language and its messages (docs/decisions/0058-languages.md). The language comes from
// the address (/es/wheel is Spanish) and is fixed for the page's life: choosing another language
// loads the other address. t() gives a message in it, from its English source.
import { type Messages, setupI18n } from '@lingui/core'
import {
  type AnyLocale,
  DEFAULT_LOCALE,
  isRightToLeft,
  LOCALE_INFO,
  PSEUDO_LOCALE,
} from '../../core/i18n/locales'
import { messageId } from '../../core/i18n/message-id'

export type MessageValues = Record<string, string | number | Date>

type Loader = () => Promise<{ default: Messages }>

// Each language's catalogue in two parts (scripts/i18n-catalogue.mjs): 'main', loaded before a
// page first renders, and 'pages', the long static pages' words, loaded with those pages.
const mainLoaders: Record<AnyLocale, Loader> = {
  en: () => import('virtual:catalogue/en/main'),
  es: () => import('virtual:catalogue/es/main'),
  'pt-BR': () => import('virtual:catalogue/pt-BR/main'),
  fr: () => import('virtual:catalogue/fr/main'),
  de: () => import('virtual:catalogue/de/main'),
  it: () => import('virtual:catalogue/it/main'),
  ja: () => import('virtual:catalogue/ja/main'),
  ko: () => import('virtual:catalogue/ko/main'),
  tr: () => import('virtual:catalogue/tr/main'),
  ar: () => import('virtual:catalogue/ar/main'),
  [PSEUDO_LOCALE]: () => import('virtual:catalogue/en-XA/main'),
}
const pagesLoaders: Record<AnyLocale, Loader> = {
  en: () => import('virtual:catalogue/en/pages'),
  es: () => import('virtual:catalogue/es/pages'),
  'pt-BR': () => import('virtual:catalogue/pt-BR/pages'),
  fr: () => import('virtual:catalogue/fr/pages'),
  de: () => import('virtual:catalogue/de/pages'),
  it: () => import('virtual:catalogue/it/pages'),
  ja: () => import('virtual:catalogue/ja/pages'),
  ko: () => import('virtual:catalogue/ko/pages'),
  tr: () => import('virtual:catalogue/tr/pages'),
  ar: () => import('virtual:catalogue/ar/pages'),
  [PSEUDO_LOCALE]: () => import('virtual:catalogue/en-XA/pages'),
}

// Until a catalogue is loaded (unit tests, the first lines of a page) messages show in English.
const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } })

// The page's language as it is being loaded: the router starts loading a static page's code (and
// its messages) before loadLocale has finished, so loadPageMessages waits for it.
let localeLoading: Promise<void> = Promise.resolve()

/** Loads a language's main messages and makes it the page's language. */
export function loadLocale(locale: AnyLocale): Promise<void> {
  localeLoading = mainLoaders[locale]().then(({ default: messages }) => {
    i18n.loadAndActivate({ locale, messages })
  })
  return localeLoading
}

/** Adds the static pages' messages of the page's language (before such a page renders). */
export async function loadPageMessages(): Promise<void> {
  await localeLoading
  const locale = currentLocale()
  const messages = (await pagesLoaders[locale]()).default
  i18n.load(locale, messages)
}

/** The page's language. */
export function currentLocale(): AnyLocale {
  return i18n.locale as AnyLocale
}

/** The language's tag for Intl (the pseudo-language formats as English). */
export function intlLocale(): string {
  const locale = currentLocale()
  return locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale
}

export function textDirection(): 'ltr' | 'rtl' {
  return isRightToLeft(currentLocale()) ? 'rtl' : 'ltr'
}

export function localeName(locale: AnyLocale): string {
  return LOCALE_INFO[locale].name
}

// Each message's id, hashed once: a page renders the same messages again and again.
const ids = new Map<string, string>()

/**
 * A message in the page's language. `source` is the English message in ICU MessageFormat, written
 * where it is shown ("Spin", "{count, plural, one {# item} other {# items}}"): it is also the key
 * the translations are kept under (src/core/i18n/catalogue/*.json).
 */
export function t(source: string, values?: MessageValues): string {
  let id = ids.get(source)
  if (id === undefined) {
    id = messageId(source)
    ids.set(source, id)
  }
  if (Object.hasOwn(i18n.messages, id)) return i18n._(id, values)
  // English ships only its messages with placeholders; a plain one is shown as written.
  if (!source.includes('{')) return source
  return i18n._(id, values, { message: source })
}
