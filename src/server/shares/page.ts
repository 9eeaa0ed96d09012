import { type AnyLocale, DEFAULT_LOCALE, LOCALE_INFO } from '../../core/i18n/locales'
import { shareDescription } from '../../core/share/protocol'
import { translator } from '../i18n/translate'

/** Text for HTML, in an element or an attribute: markup never passes through. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

/** Used when the web app has not been built (server tests): the same head the shell has. */
export const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="" /><title>Whirl</title></head><body><div id="root"></div></body></html>'

export type PageMeta =
  | { kind: 'share'; id: string; name: string; itemCount: number; publicUrl: string }
  | { kind: 'missing' | 'gone' }

/**
 * The app shell for a share page, with its head filled in on the server: the wheel's name as the
 * title, and the Open Graph and Twitter tags link previews read (name, item count, image). The
 * words around the wheel follow the visitor's language; the wheel's own name never changes.
 */
export function sharePageHtml(shell: string, meta: PageMeta, locale: AnyLocale = DEFAULT_LOCALE): string {
  const t = translator(locale)
  let title: string
  let tags: string[]
  if (meta.kind === 'share') {
    const name = meta.name.trim() || t('Wheel')
    const description =
      locale === DEFAULT_LOCALE
        ? shareDescription(meta.itemCount)
        : t(
            'A wheel with {count, plural, one {# item} other {# items}}. Spin it on Whirl for one fair, random winner.',
            { count: meta.itemCount },
          )
    const image = `${meta.publicUrl}/api/shares/${meta.id}/image.png`
    title = `${name} · Whirl`
    tags = [
      `<meta name="description" content="${escapeHtml(description)}" />`,
      '<meta name="robots" content="noindex" />',
      '<meta property="og:type" content="website" />',
      `<meta property="og:locale" content="${locale.replace('-', '_')}" />`,
      '<meta property="og:site_name" content="Whirl" />',
      `<meta property="og:title" content="${escapeHtml(name)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(`${meta.publicUrl}/w/${meta.id}`)}" />`,
      `<meta property="og:image" content="${escapeHtml(image)}" />`,
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
      `<meta property="og:image:alt" content="${escapeHtml(t('The wheel {name}', { name }))}" />`,
      '<meta name="twitter:card" content="summary_large_image" />',
      `<meta name="twitter:title" content="${escapeHtml(name)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    ]
  } else {
    title = meta.kind === 'gone' ? t('Link deleted · Whirl') : t('Link not found · Whirl')
    tags = ['<meta name="robots" content="noindex" />']
  }
  return shell
    .replace(
      /<html(?: lang="[^"]*")?(?: dir="[^"]*")?/,
      () => `<html lang="${locale}" dir="${LOCALE_INFO[locale].dir}"`,
    )
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `${tags.join('')}</head>`)
}

/** The embed page's policy: the site's own, except that any site may frame it. */
export function embedContentSecurityPolicy(policy: string): string {
  return policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *')
}
