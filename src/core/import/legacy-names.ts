/**
 * Wheel of Names' old files list entries as `names`: HTML strings, some holding a picture as
 * `<img src="data:…">`. This reads the text and the picture's address out of one such string
 * without a DOM: nothing of the markup is kept or run. Linear regular expressions only, and very
 * long strings are cut before they are looked at.
 */

/** Longer strings are not searched whole (a picture's data URL is at most a few hundred kB). */
const MAX_NAME_HTML = 1_000_000

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i
const TAG = /<[^>]*>?/g
const ENTITY = /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decodeEntity(whole: string, body: string): string {
  if (body.startsWith('#')) {
    const code =
      body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1))
    const ok = Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
    return ok ? String.fromCodePoint(code) : ''
  }
  return NAMED[body.toLowerCase()] ?? whole
}

/** The text of an HTML string (tags dropped, entities decoded, spaces collapsed). */
export function htmlText(html: string): string {
  return html
    .slice(0, MAX_NAME_HTML)
    .replace(TAG, ' ')
    .replace(ENTITY, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim()
}

/** One legacy name: its text and the `src` of its first picture, if any. */
export function readLegacyName(value: unknown): { text: string; image?: string } {
  if (typeof value !== 'string') return { text: typeof value === 'number' ? String(value) : '' }
  const html = value.slice(0, MAX_NAME_HTML)
  const match = IMG_SRC.exec(html)
  const src = match ? (match[1] ?? match[2] ?? '').trim() : ''
  return src ? { text: htmlText(html), image: src } : { text: htmlText(html) }
}
