// The server's messages in the visitor's language (docs/decisions/0058-languages.md): one Lingui
// instance per language over the raw catalogues (src/core/i18n/catalogue/*.json), compiled on first
// use. Server code writes `const t = translator(locale)` then `t('English message', values)`, or keeps
// a constant as `msg('…')`, so the extraction (scripts/i18n.mjs) finds every message.
import { type I18n, type Messages, setupI18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { pseudoMessage } from '../../../scripts/i18n-catalogue.mjs'
import ar from '../../core/i18n/catalogue/ar.json'
import de from '../../core/i18n/catalogue/de.json'
import en from '../../core/i18n/catalogue/en.json'
import es from '../../core/i18n/catalogue/es.json'
import fr from '../../core/i18n/catalogue/fr.json'
import it from '../../core/i18n/catalogue/it.json'
import ja from '../../core/i18n/catalogue/ja.json'
import ko from '../../core/i18n/catalogue/ko.json'
import ptBR from '../../core/i18n/catalogue/pt-BR.json'
import tr from '../../core/i18n/catalogue/tr.json'
import {
  type AnyLocale,
  acceptedLanguages,
  DEFAULT_LOCALE,
  type Locale,
  matchLocale,
  PSEUDO_LOCALE,
} from '../../core/i18n/locales'
import { messageId } from '../../core/i18n/message-id'

export type MessageValues = Record<string, string | number | Date>

/** A message in one language, from its English source (ICU MessageFormat). */
export type Translate = (source: string, values?: MessageValues) => string

const CATALOGUES: Record<Locale, Record<string, string>> = {
  en,
  es,
  'pt-BR': ptBR,
  fr,
  de,
  it,
  ja,
  ko,
  tr,
  ar,
}

const instances = new Map<AnyLocale, I18n>()

/** The language's Lingui instance: every English message (en.json) keyed by its id, compiled when first used. */
function instance(locale: AnyLocale): I18n {
  const known = instances.get(locale)
  if (known) return known
  const translations = locale === PSEUDO_LOCALE ? null : CATALOGUES[locale]
  const messages: Messages = {}
  for (const english of Object.keys(en)) {
    messages[messageId(english)] =
      locale === PSEUDO_LOCALE ? pseudoMessage(english) : (translations?.[english] ?? english)
  }
  const i18n = setupI18n({ locale, messages: { [locale]: messages } })
  i18n.setMessagesCompiler(compileMessage)
  instances.set(locale, i18n)
  return i18n
}

/**
 * The translator of a language. A text that is not a message of the catalogue (a dynamic error, a
 * provider's words) is returned as it is; English gives each message its source, formatted.
 */
export function translator(locale: AnyLocale): Translate {
  const i18n = instance(locale)
  return (source, values) => {
    const id = messageId(source)
    if (!Object.hasOwn(i18n.messages, id)) return source
    return i18n._(id, values)
  }
}

/** A request's language from its Accept-Language header: 'en-XA' exactly is the pseudo-language. */
export function localeOfHeader(header: string | undefined): AnyLocale {
  const languages = acceptedLanguages(header)
  if (languages[0]?.toLowerCase() === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE
  return matchLocale(languages) ?? DEFAULT_LOCALE
}

/** A stored language (a profile's), if it is one Whirl speaks. */
export function storedLocale(value: string | null | undefined): Locale | undefined {
  return value && Object.hasOwn(CATALOGUES, value) ? (value as Locale) : undefined
}

/** The language a request asked in, to keep on a new profile: undefined without a header or for the pseudo-language. */
export function chosenLocale(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined
  const locale = localeOfHeader(header)
  return locale === PSEUDO_LOCALE ? undefined : locale
}
