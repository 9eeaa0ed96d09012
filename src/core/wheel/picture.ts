/**
 * Pictures on the wheel (issue 37): an item's picture and the wheel's centre picture are stored as
 * data URLs of a PNG, JPEG or WebP image, made in the browser (at most PICTURE_MAX_SIDE px a side)
 * and never larger than MAX_PICTURE_BYTES. What a file claims to be is not trusted: its first bytes
 * say what it is (a "PNG" that is really HTML is refused). Pure: the browser part is in src/web.
 */

export type PictureType = 'png' | 'jpeg' | 'webp' | 'gif'

/** The longest side of a stored picture, in px. */
export const PICTURE_MAX_SIDE = 256
/** The most bytes of one stored picture (decoded, before base64). */
export const MAX_PICTURE_BYTES = 64 * 1024
/** A chosen file larger than this is refused before it is decoded. */
export const MAX_PICTURE_FILE_BYTES = 10 * 1024 * 1024

/** The longest data URL a stored picture can be: its prefix and the base64 of MAX_PICTURE_BYTES. */
export const MAX_PICTURE_URL_LENGTH = 'data:image/jpeg;base64,'.length + Math.ceil(MAX_PICTURE_BYTES / 3) * 4

export const PICTURE_MESSAGES = {
  tooLarge: `This picture file is too large (at most ${MAX_PICTURE_FILE_BYTES / 1024 / 1024} MB). Nothing was changed.`,
  svg: 'SVG pictures are not accepted. Use a PNG, JPEG, WebP or GIF file. Nothing was changed.',
  notPicture: 'This file is not a PNG, JPEG, WebP or GIF picture. Nothing was changed.',
  broken: 'This picture could not be read: the file may be damaged. Nothing was changed.',
  stillTooLarge: 'This picture is too detailed to keep, even made smaller. Try another. Nothing was changed.',
} as const

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b)

/** What a file's first bytes say it is, or null when it is no picture we take (SVG, HTML, …). */
export function sniffPicture(bytes: Uint8Array): PictureType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp'
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) return 'gif'
  return null
}

/** True when the text of a file (its start) looks like SVG or XML: refused with its own message. */
export function looksLikeSvg(start: string): boolean {
  const head = start
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 512)
    .toLowerCase()
  return head.includes('<svg')
}

/** Why a chosen file cannot be a picture (its size and first bytes), or null when it may be decoded. */
export function pictureFileProblem(size: number, firstBytes: Uint8Array): string | null {
  if (size > MAX_PICTURE_FILE_BYTES) return PICTURE_MESSAGES.tooLarge
  if (sniffPicture(firstBytes)) return null
  const start = String.fromCharCode(...firstBytes.subarray(0, 512))
  return looksLikeSvg(start) ? PICTURE_MESSAGES.svg : PICTURE_MESSAGES.notPicture
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The first `count` bytes encoded by a base64 text (enough to sniff a picture). */
export function base64Head(text: string, count: number): Uint8Array {
  const out: number[] = []
  let bits = 0
  let value = 0
  for (const char of text.slice(0, Math.ceil(count / 3) * 4)) {
    const index = ALPHABET.indexOf(char)
    if (index < 0) break
    value = (value << 6) | index
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out.push((value >> bits) & 0xff)
    }
  }
  return Uint8Array.from(out.slice(0, count))
}

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

export const PICTURE_URL_MESSAGE = `A picture must be a PNG, JPEG or WebP data URL of at most ${MAX_PICTURE_BYTES / 1024} KB`
