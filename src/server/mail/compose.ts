import { longDate } from '../../core/billing/trial'
import { type AnyLocale, DEFAULT_LOCALE, LOCALE_INFO, PSEUDO_LOCALE } from '../../core/i18n/locales'
import { translator } from '../i18n/translate'

/** One transactional mail as plain text and as self-contained HTML (no images, fonts or styles to fetch). */
export type ComposedMail = { subject: string; text: string; html: string }

export type MailParts = {
  /** The language the words are in (the greeting is added in it, and the page says so). */
  locale: AnyLocale
  subject: string
  /** The person's name, for the greeting ("Hello Ada,"); empty: "Hello,". */
  name: string
  /** Shown first in both parts when set (the sandbox's test mode). */
  notice?: string
  /** Paragraphs before the details. */
  intro: string[]
  /** Label and value rows (plan, amount, date…). */
  details?: [string, string][]
  /** Paragraphs after the details. */
  outro?: string[]
  /** A link the mail is about, written out in the text part. */
  action?: { label: string; url: string }
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const P = 'margin:0 0 16px'

/** The mail's greeting in its language: "Hello Ada," or "Hello,". */
export function greetingOf(locale: AnyLocale, name: string): string {
  const t = translator(locale)
  return name.trim() ? t('Hello {name},', { name: name.trim() }) : t('Hello,')
}

/** A date in a mail, "Tuesday, December 1, 2026" in English (UTC, as the billing dates are). */
export function mailDate(locale: AnyLocale, date: Date): string {
  if (locale === DEFAULT_LOCALE || locale === PSEUDO_LOCALE) return longDate(date)
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date)
}

/** The opening tag of a mail's HTML: its language and direction. */
export const mailHtmlTag = (locale: AnyLocale) =>
  `<html lang="${locale}"${LOCALE_INFO[locale].dir === 'rtl' ? ' dir="rtl"' : ''}>`

/** Both parts of a mail from the same words. */
export function composeMail(parts: MailParts): ComposedMail {
  const greeting = greetingOf(parts.locale, parts.name)
  const details = parts.details ?? []
  const outro = parts.outro ?? []
  const labelWidth = Math.max(0, ...details.map(([label]) => label.length)) + 2
  const text = [
    ...(parts.notice ? [parts.notice, ''] : []),
    greeting,
    '',
    ...parts.intro.flatMap((p) => [p, '']),
    ...(details.length
      ? [...details.map(([label, value]) => `${`${label}:`.padEnd(labelWidth)}${value}`), '']
      : []),
    ...outro.flatMap((p) => [p, '']),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    'Whirl',
  ].join('\n')
  const start = LOCALE_INFO[parts.locale].dir === 'rtl' ? 'right' : 'left'
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:${start};padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const html = [
    '<!doctype html>',
    `${mailHtmlTag(parts.locale)}<head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a;background:#ffffff">',
    parts.notice
      ? `<p style="${P};padding:8px 12px;border:2px solid #b45309;color:#78350f;background:#fffbeb"><strong>${escapeHtml(parts.notice)}</strong></p>`
      : '',
    `<p style="${P}">${escapeHtml(greeting)}</p>`,
    ...parts.intro.map((p) => `<p style="${P}">${escapeHtml(p)}</p>`),
    rows ? `<table style="${P};border-collapse:collapse">${rows}</table>` : '',
    ...outro.map((p) => `<p style="${P}">${escapeHtml(p)}</p>`),
    parts.action
      ? `<p style="${P}"><a href="${escapeHtml(parts.action.url)}" style="color:#1d4ed8">${escapeHtml(parts.action.label)}</a></p>`
      : '',
    `<p style="${P}">Whirl</p>`,
    '</body></html>',
  ].join('\n')
  return { subject: parts.subject, text, html }
}
