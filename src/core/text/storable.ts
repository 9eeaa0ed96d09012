/**
 * Text that PostgreSQL can store. Its text and jsonb types refuse the character U+0000, and a lone
 * UTF-16 surrogate is not Unicode at all (jsonb refuses its "\ud800" escape; a text column would
 * silently turn it into U+FFFD). Every schema that reads text from a user refuses both with these
 * messages, so the server answers 400 instead of failing on the insert (issue 33, finding 7).
 * Plain functions without zod: the wheel page's hand-written checks (checks.ts) use them too.
 */

export const TEXT_MESSAGES = {
  nul: 'Text cannot contain the character U+0000.',
  loneSurrogate: 'Text contains an unpaired surrogate (invalid Unicode).',
} as const

// Without the u flag a regular expression works on UTF-16 code units: a high surrogate not followed
// by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Why `text` cannot be stored (one of TEXT_MESSAGES), or null when it can. */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return TEXT_MESSAGES.nul
  if (LONE_SURROGATE.test(text)) return TEXT_MESSAGES.loneSurrogate
  return null
}

export const isStorableText = (text: string): boolean => unstorableText(text) === null

const MESSAGES: readonly string[] = Object.values(TEXT_MESSAGES)

/** True for the message of a refusal above (the server answers it as is). */
export const isTextMessage = (message: string): boolean => MESSAGES.includes(message)

/**
 * `text` made storable, for readers that repair rather than refuse (stored browser data): every
 * U+0000 removed, every lone surrogate replaced by U+FFFD (as TextEncoder would write it).
 */
export function storableTextOf(text: string): string {
  if (isStorableText(text)) return text
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0) continue
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = i + 1 < text.length ? text.charCodeAt(i + 1) : 0
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += text.slice(i, i + 2)
        i++
      } else out += '\uFFFD'
    } else if (c >= 0xdc00 && c <= 0xdfff) out += '\uFFFD'
    else out += text.charAt(i)
  }
  return out
}

/**
 * `text` cut at `max` code units without splitting a surrogate pair, and made storable: what the
 * app keeps of what a user types, pastes or imports, so that the server never refuses it.
 */
export function storableCut(text: string, max: number): string {
  let cut = text.length > max ? text.slice(0, max) : text
  const last = cut.charCodeAt(cut.length - 1)
  if (cut.length < text.length && last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return storableTextOf(cut)
}
