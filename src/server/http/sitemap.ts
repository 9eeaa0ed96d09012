// The sitemap and robots.txt: every static page in every language Whirl speaks, each with its
// addresses in the other languages (hreflang alternates, x-default the English one). The
// pseudo-language is test-only and never listed.
import { STATIC_PAGES } from '../../core/app-paths'
import { LOCALES, localizedPath } from '../../core/i18n/locales'

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The sitemap of `publicUrl` (https://whirl.example, no trailing slash). */
export function sitemapXml(publicUrl: string): string {
  const url = (path: string) => escapeXml(`${publicUrl}${path}`)
  const entries = STATIC_PAGES.flatMap((route) => {
    const alternates = [
      ...LOCALES.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(localizedPath(l, route))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(route)}"/>`,
    ].join('')
    return LOCALES.map((locale) => `<url><loc>${url(localizedPath(locale, route))}</loc>${alternates}</url>`)
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n')
}

/** robots.txt: everything may be crawled (private pages say noindex themselves); the sitemap's address. */
export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`
}
