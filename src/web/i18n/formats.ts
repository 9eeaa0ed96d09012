// Intl formatters in the page's language, made once per language and options and then reused:
// making one loads its locale data and costs far more than formatting with it (the wheel page's
// stats and rows format on every render).
import { intlLocale } from './i18n'

const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>()

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object | undefined,
  make: (locale: string) => T,
): T {
  const locale = intlLocale()
  const key = `${kind} ${locale} ${JSON.stringify(options ?? {})}`
  let formatter = made.get(key) as T | undefined
  if (!formatter) {
    formatter = make(locale)
    made.set(key, formatter)
  }
  return formatter
}

/** Numbers in the page's language ("10,000", "12.5 %", "$6.99"). */
export const numberFormat = (options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached('number', options, (locale) => new Intl.NumberFormat(locale, options))

/** Dates and times in the page's language. */
export const dateTimeFormat = (options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options))

/** "5 min ago" and the like in the page's language. */
export const relativeTimeFormat = (options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat =>
  cached('relative', options, (locale) => new Intl.RelativeTimeFormat(locale, options))
