import { dateTimeFormat, numberFormat } from '../../i18n/formats'

/**
 * A price in the page's language: "$6.99" in English, "6,99 $" in French. Prices stay in US
 * dollars; a whole amount shows no cents ("$0").
 */
export function usd(amount: number | string, currency = 'USD'): string {
  const value = Number(amount)
  return numberFormat({
    style: 'currency',
    currency,
    ...(Number.isInteger(value) ? { maximumFractionDigits: 0 } : {}),
  }).format(value)
}

/** A trial's date as the mails say it, in the page's language: "Monday, November 30, 2026" (UTC). */
export function trialDate(iso: string | Date): string {
  return dateTimeFormat({
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso))
}
