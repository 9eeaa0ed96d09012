// The languages Whirl speaks, where each one lives (a path prefix; English keeps the bare paths) and
// which way it is written. Pure: the web's router and the server's pages and mails read the same table.

/** The languages a visitor can choose, English first (the catalogue's source language). */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'it', 'ja', 'ko', 'tr', 'ar'] as const
export type Locale = (typeof LOCALES)[number]

/**
 * A test-only language: every message of the English catalogue with its letters swapped for
 * look-alikes and bracketed, so a page in it shows at a glance any text that did not come from the
 * catalogue. Served at /xa/…, never offered in the menu, the sitemap or hreflang.
 */
export const PSEUDO_LOCALE = 'en-XA'
export type AnyLocale = Locale | typeof PSEUDO_LOCALE

export const DEFAULT_LOCALE: Locale = 'en'

type LocaleInfo = {
  /** The first path segment of the language's pages ('' for English). */
  prefix: string
  /** The language's name in itself, as the language menu shows it. */
  name: string
  dir: 'ltr' | 'rtl'
}

export const LOCALE_INFO: Record<AnyLocale, LocaleInfo> = {
  en: { prefix: '', name: 'English', dir: 'ltr' },
  es: { prefix: 'es', name: 'Español', dir: 'ltr' },
  'pt-BR': { prefix: 'pt-br', name: 'Português (Brasil)', dir: 'ltr' },
  fr: { prefix: 'fr', name: 'Français', dir: 'ltr' },
  de: { prefix: 'de', name: 'Deutsch', dir: 'ltr' },
  it: { prefix: 'it', name: 'Italiano', dir: 'ltr' },
  ja: { prefix: 'ja', name: '日本語', dir: 'ltr' },
  ko: { prefix: 'ko', name: '한국어', dir: 'ltr' },
  tr: { prefix: 'tr', name: 'Türkçe', dir: 'ltr' },
  ar: { prefix: 'ar', name: 'العربية', dir: 'rtl' },
  [PSEUDO_LOCALE]: { prefix: 'xa', name: 'Pseudo', dir: 'ltr' },
}

const ALL_LOCALES: readonly AnyLocale[] = [...LOCALES, PSEUDO_LOCALE]

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The language of a path and the path without its language prefix (`/es/wheel` → es, `/wheel`). */
export function splitLocalePath(pathname: string): { locale: AnyLocale; path: string } {
  const match = /^\/([A-Za-z-]+)(?=\/|$)/.exec(pathname)
  const segment = match?.[1]?.toLowerCase()
  const locale = segment ? ALL_LOCALES.find((l) => LOCALE_INFO[l].prefix === segment) : undefined
  if (!locale || !match) return { locale: DEFAULT_LOCALE, path: pathname || '/' }
  const rest = pathname.slice(match[0].length)
  return { locale, path: rest || '/' }
}

/** The path prefix of a language's pages: '' for English, '/es' for Spanish. */
export function localePrefix(locale: AnyLocale): string {
  const { prefix } = LOCALE_INFO[locale]
  return prefix ? `/${prefix}` : ''
}

/** A bare path (`/wheel`) at a language's address (`/es/wheel`; the home page is `/es`). */
export function localizedPath(locale: AnyLocale, path: string): string {
  const prefix = localePrefix(locale)
  if (!prefix) return path
  return path === '/' ? prefix : `${prefix}${path}`
}

/**
 * The first of the visitor's languages (most preferred first, as `navigator.languages` or an
 * Accept-Language header list them) that Whirl speaks: an exact tag, else the same base language
 * (es-MX → es, pt-PT → pt-BR). Undefined when none is.
 */
export function matchLocale(languages: readonly string[]): Locale | undefined {
  for (const wanted of languages) {
    const tag = wanted.trim().toLowerCase()
    if (!tag) continue
    const exact = LOCALES.find((l) => l.toLowerCase() === tag)
    if (exact) return exact
    const base = tag.split('-')[0]
    const sameBase = LOCALES.find((l) => l.toLowerCase().split('-')[0] === base)
    if (sameBase) return sameBase
  }
  return undefined
}

/** The languages of an Accept-Language header, most preferred first (q-values honoured, `*` dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
}

/** Whether text in a language runs right to left. */
export function isRightToLeft(locale: AnyLocale): boolean {
  return LOCALE_INFO[locale].dir === 'rtl'
}
