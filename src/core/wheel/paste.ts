import { formatCount } from '../format/count'
import type { Message } from '../i18n/message'
import { msg } from '../i18n/message-id'
import { storableCut } from '../text/storable'
import { MAX_ITEM_TEXT, MAX_ITEMS } from './model'

/** The largest text "Add many" or a paste accepts, in bytes of UTF-8. */
export const MAX_PASTE_BYTES = 5 * 1024 * 1024

// MAX_PASTE_BYTES (a test keeps them together).
export const PASTE_TOO_LARGE_MESSAGE = msg(
  'This text is too large to add: paste at most 5 MB at a time (about 25,000 long lines).',
)

/** The UTF-8 length of a string, counted without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

export type PasteResult =
  | { ok: false; error: string }
  | {
      ok: true
      /** The item texts to add, in order: trimmed, non-empty, cut at MAX_ITEM_TEXT, at most `room`. */
      texts: string[]
      /** How many non-empty lines the text had. */
      lines: number
      /** How many of the lines added were longer than MAX_ITEM_TEXT and were cut. */
      cut: number
    }

/**
 * Reads pasted text as items: each non-empty line (after trimming) is one item; blank and
 * whitespace-only lines are skipped. Only the first `room` lines are kept (the plan's limit);
 * lines over MAX_ITEM_TEXT characters are cut. A text over MAX_PASTE_BYTES is refused whole.
 */
export function parseLines(text: string, room: number): PasteResult {
  if (text.length > MAX_PASTE_BYTES || utf8Length(text) > MAX_PASTE_BYTES)
    return { ok: false, error: PASTE_TOO_LARGE_MESSAGE }
  const keep = Math.max(0, Math.min(room, MAX_ITEMS))
  const texts: string[] = []
  let lines = 0
  let cut = 0
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim()
    if (!line) continue
    lines++
    if (texts.length >= keep) continue
    if (line.length > MAX_ITEM_TEXT) {
      cut++
      texts.push(storableCut(line, MAX_ITEM_TEXT).trimEnd())
    } else texts.push(storableCut(line, MAX_ITEM_TEXT))
  }
  return { ok: true, texts, lines, cut }
}

/**
 * What the user is told after adding lines: how many were added, why some were left out
 * ("Added 15 of 40 lines: free wheels hold up to 15 items"), and how many were cut.
 * Null when every line went in whole.
 */
export function pasteSummary(
  result: { texts: string[]; lines: number; cut: number },
  limit: { maxItems: number; free: boolean },
): string | null {
  const parts: string[] = []
  if (result.texts.length < result.lines) {
    const why = limit.free
      ? `free wheels hold up to ${limit.maxItems} items`
      : `a wheel holds up to ${formatCount(MAX_ITEMS)} items`
    parts.push(`Added ${result.texts.length} of ${result.lines} lines: ${why}.`)
  }
  if (result.cut > 0)
    parts.push(
      `${result.cut} ${result.cut === 1 ? 'line was' : 'lines were'} longer than ${MAX_ITEM_TEXT} characters and ${result.cut === 1 ? 'was' : 'were'} cut.`,
    )
  return parts.length ? parts.join(' ') : null
}

/** pasteSummary as messages for a page that shows them in its language (one per sentence). */
export function pasteSummaryText(
  result: { texts: string[]; lines: number; cut: number },
  limit: { maxItems: number; free: boolean },
): Message[] {
  const parts: Message[] = []
  const counts = { added: result.texts.length, lines: result.lines }
  if (result.texts.length < result.lines)
    parts.push(
      limit.free
        ? {
            message: msg('Added {added} of {lines} lines: free wheels hold up to {max} items.'),
            values: { ...counts, max: limit.maxItems },
          }
        : {
            message: msg('Added {added} of {lines} lines: a wheel holds up to {max, number} items.'),
            values: { ...counts, max: MAX_ITEMS },
          },
    )
  if (result.cut > 0)
    parts.push({
      message: msg(
        '{cut, plural, one {{cut} line was longer than {length} characters and was cut.} other {{cut} lines were longer than {length} characters and were cut.}}',
      ),
      values: { cut: result.cut, length: MAX_ITEM_TEXT },
    })
  return parts
}
