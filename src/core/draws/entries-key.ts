import { type DrawEntry, sha256Hex, utf8 } from './protocol'

/**
 * The entries key (issue 33): which of a host's draws are "draws of these entries". Two draws
 * share it when their entries look the same on the draw page, whatever their order: each text is
 * put in Unicode NFC, its invisible format characters (zero-width spaces, direction marks…) are
 * dropped, runs of whitespace become one space and the ends are trimmed; then the [text, weight]
 * pairs are sorted. A host who reorders the entries or pads one with spaces before drawing again
 * still shows the earlier draws. The key is a lowercase hex SHA-256, like the wheelHash, so it is
 * short to store and to index; it is not part of the published protocol.
 */

/** One entry's text as it reads on the page. */
export function normaliseEntryText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
}

/** Compares by Unicode code points (the order of their UTF-8 bytes), the same on every engine. */
function byCodePoints(a: string, b: string): number {
  const x = [...a]
  const y = [...b]
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i] as string).codePointAt(0) ?? 0
    const e = (y[i] as string).codePointAt(0) ?? 0
    if (d !== e) return d - e
  }
  return x.length - y.length
}

/** The entries as a multiset: each text normalised, the pairs sorted by text, then weight. */
export function normalisedEntries(entries: readonly DrawEntry[]): DrawEntry[] {
  return entries
    .map(([text, weight]): DrawEntry => [normaliseEntryText(text), weight])
    .sort(([a, v], [b, w]) => byCodePoints(a, b) || v - w)
}

/** The entries key: lowercase hex SHA-256 of the UTF-8 of JSON.stringify(normalisedEntries(entries)). */
export const entriesKeyOf = (entries: readonly DrawEntry[]): Promise<string> =>
  sha256Hex(utf8(JSON.stringify(normalisedEntries(entries))))
