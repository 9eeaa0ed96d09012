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
import { hasRightToLeft } from '../../core/text/direction'
import { receiveParts } from './parts'

export type MessageValues = Record<string, string | number | Date>

type Loader = () => Promise<{ default: Messages }>

// Each language's whole catalogue (scripts/i18n-catalogue.mjs): what the dev server, the unit tests
// and the prerender load. The production pages load it in parts instead, each chunk of code with
// its own words (parts.ts); this table is left out of their build.
const catalogues: Record<AnyLocale, Loader> = {
  en: () => import('virtual:catalogue/en'),
  es: () => import('virtual:catalogue/es'),
  'pt-BR': () => import('virtual:catalogue/pt-BR'),
  fr: () => import('virtual:catalogue/fr'),
  de: () => import('virtual:catalogue/de'),
  it: () => import('virtual:catalogue/it'),
  ja: () => import('virtual:catalogue/ja'),
  ko: () => import('virtual:catalogue/ko'),
  tr: () => import('virtual:catalogue/tr'),
  ar: () => import('virtual:catalogue/ar'),
  [PSEUDO_LOCALE]: () => import('virtual:catalogue/en-XA'),
}

// Until a catalogue is loaded (unit tests, the first lines of a page) messages show in English.
const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } })

/**
 * Makes `locale` the page's language. On a production page its words arrive in parts, with the
 * code that shows them (parts.ts: wait for partsLoaded() before the first render); elsewhere the
 * whole catalogue loads here.
 */
export async function loadLocale(locale: AnyLocale): Promise<void> {
  if (import.meta.env.PROD && !import.meta.env.SSR) {
    i18n.loadAndActivate({ locale, messages: {} })
    receiveParts((messages) => i18n.load(locale, messages))
    return
  }
  const { default: messages } = await catalogues[locale]()
  i18n.loadAndActivate({ locale, messages })
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

/**
 * Text a person wrote (a wheel's or an entry's name), ready to go into a sentence: isolated
 * (U+2068 … U+2069), so that its own direction holds and a mark at its end stays there ("“Pizza!”"
 * in Arabic, not "“!Pizza”"; "“علي!”" in English, the "!" at the Arabic word's end). Elements that
 * show such text alone use <bdi> instead. Left-to-right text in a left-to-right page needs nothing
 * and comes back unchanged, so those messages read word for word as written.
 */
export function isolate(text: string): string {
  return textDirection() === 'rtl' || hasRightToLeft(text) ? `\u2068${text}\u2069` : text
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
