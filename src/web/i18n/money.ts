// Amounts of money, apart from formats.ts: only the plans, billing and account pages need them, and
// formats.ts loads with every page (the footprint bench counts the first visit's bytes).
import { numberFormat } from './formats'
import { textDirection } from './i18n'

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
