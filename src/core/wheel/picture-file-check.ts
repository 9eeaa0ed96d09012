import { msg } from '../i18n/message-id'

/**
 * A chosen picture file, judged before anything decodes it (issue 37): its size, then its first
 * bytes (what the file claims to be is not trusted). Loaded with the picture dialog only.
 */

export type PictureType = 'png' | 'jpeg' | 'webp' | 'gif'

/** A chosen file larger than this is refused before it is decoded. */
export const MAX_PICTURE_FILE_BYTES = 10 * 1024 * 1024

export const PICTURE_MESSAGES = {
  // The sizes are MAX_PICTURE_FILE_BYTES and MAX_PICTURE_BYTES (a test keeps them together).
  tooLarge: msg('This picture file is too large (at most 10 MB). Nothing was changed.'),
  svg: msg('SVG pictures are not accepted. Use a PNG, JPEG, WebP or GIF file. Nothing was changed.'),
  notPicture: msg('This file is not a PNG, JPEG, WebP or GIF picture. Nothing was changed.'),
  broken: msg('This picture could not be read: the file may be damaged. Nothing was changed.'),
  stillTooLarge: msg(
    'This picture is too detailed to keep in 64 KB, even made smaller. Try another. Nothing was changed.',
  ),
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
