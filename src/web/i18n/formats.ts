// Intl formatters in the page's language, made once per language and options and then reused:
// making one loads its locale data and costs far more than formatting with it (the wheel page's
// stats and rows format on every render).
import { intlLocale, textDirection } from './i18n'

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

/**
 * An amount of money in the page's language: "$6.99" in English, "6,99 $US" in French; `short`
 * leaves out a whole amount's cents ("$0"). An amount that is not a number is shown as it came
 * ("—" when there is none); a currency code Intl refuses follows the number ("6.99 US-D").
 *
 * On a right-to-left page the currency's symbol is isolated as left-to-right text. Arabic writes
 * "0 US$", and without the isolation the bidirectional algorithm sets the "$" apart from "US" and
 * the page reads "$US 0".
 */
export function money(amount: number | string, currency = 'USD', { short = false } = {}): string {
  if (typeof amount === 'string' && amount.trim() === '') return '—'
  const value = Number(amount)
  if (Number.isNaN(value)) return String(amount)
  let format: Intl.NumberFormat
  try {
    format = numberFormat({
      style: 'currency',
      currency,
      ...(short && Number.isInteger(value) ? { maximumFractionDigits: 0 } : {}),
    })
  } catch {
    return `${numberFormat().format(value)} ${currency}`
  }
  if (textDirection() === 'ltr') return format.format(value)
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'currency' ? `\u2066${part.value}\u2069` : part.value))
    .join('')
}
