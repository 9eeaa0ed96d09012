/**
 * Pictures on the wheel (issue 37): an item's picture and the wheel's centre picture are stored as
 * data URLs of a PNG, JPEG or WebP image, made in the browser (at most PICTURE_MAX_SIDE px a side)
 * and never larger than MAX_PICTURE_BYTES. What a file claims to be is not trusted: its first bytes
 * say what it is (a "PNG" that is really HTML is refused; picture-file-check.ts for chosen files).
 * Pure: the browser part is in src/web. This module is in every wheel page: keep it small.
 */

/** The longest side of a stored picture, in px. */
export const PICTURE_MAX_SIDE = 256
/** The most bytes of one stored picture (decoded, before base64). */
export const MAX_PICTURE_BYTES = 64 * 1024
/** The longest data URL a stored picture can be: its prefix and the base64 of MAX_PICTURE_BYTES. */
export const MAX_PICTURE_URL_LENGTH = 'data:image/jpeg;base64,'.length + Math.ceil(MAX_PICTURE_BYTES / 3) * 4

/**
 * A stored picture's data URL, with its first bytes checked in base64 (so the check needs no
 * decoding, and stays small in the wheel page): PNG's signature (89 50 4E 47 0D 0A 1A 0A), JPEG's
 * FF D8 FF, or WebP's "RIFF", a size, then "WEBP" (bytes 8–11: the X of the 12th character and
 * RUJQ). picture.test.ts holds this to sniffPicture on the decoded bytes.
 */
const PICTURE_URL =
  /^data:image\/(?:png;base64,iVBORw0KGgo|jpeg;base64,\/9j\/|webp;base64,UklGR[A-Za-z0-9+/]{6}XRUJQ)[A-Za-z0-9+/]*={0,2}$/

/**
 * True for a stored picture: a data URL of a PNG, JPEG or WebP image (its bytes agree with its
 * type) of at most MAX_PICTURE_BYTES. Everything else (other types, SVG, http links, HTML) is false.
 */
export function isPictureUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_PICTURE_URL_LENGTH || !PICTURE_URL.test(value))
    return false
  const b64 = value.length - value.indexOf(',') - 1
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0
  return b64 % 4 === 0 && (b64 / 4) * 3 - padding <= MAX_PICTURE_BYTES
}
