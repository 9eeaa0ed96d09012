import { formatCount } from '../format/count'
import { english, type Sourced } from '../i18n/english'
import { msg } from '../i18n/message-id'
import { FREE_ITEM_LIMIT } from '../plan/definition'
import { itemLimitMessage } from '../plan/plan'
import { unstorableText } from '../text/storable'
import { MAX_ITEM_TEXT, MAX_ITEMS, MAX_WHEEL_NAME } from '../wheel/model'
import type { DrawEntry } from './protocol'

/**
 * What a draw may hold, checked by the server before anything is stored (and by the page before it
 * asks). Every refusal says what to fix.
 */

export const MIN_WEIGHT = 1
export const MAX_WEIGHT = 100
export const MAX_CLIENT_SEED = 200

export type NewDraw = { name: string; entries: DrawEntry[] }
type Checked<T> = { ok: true; value: T } | { ok: false; error: string }

/** The messages with values: [source, values] for t(); DRAW_MESSAGES holds their English. */
export const DRAW_MESSAGE_SOURCES = {
  name: [msg('The draw needs a name of 1 to {max} characters.'), { max: MAX_WHEEL_NAME }],
  tooMany: [msg('A draw can have at most {max} entries.'), { max: formatCount(MAX_ITEMS) }],
  clientSeed: [msg('The client seed must be 1 to {max} characters long.'), { max: MAX_CLIENT_SEED }],
} as const satisfies Record<string, Sourced>

export const DRAW_MESSAGES = {
  // For API callers: names the body's shape (its braces are not a message's placeholders).
  unreadable: 'The draw could not be read: send { name, entries } with entries as [text, weight] pairs.',
  name: english(...DRAW_MESSAGE_SOURCES.name),
  noEntries: msg('A draw needs at least one entry.'),
  tooMany: english(...DRAW_MESSAGE_SOURCES.tooMany),
  clientSeed: english(...DRAW_MESSAGE_SOURCES.clientSeed),
} as const

const characters = (text: string) => [...text].length

function checkEntry(entry: unknown, position: number): string | null {
  if (!Array.isArray(entry) || entry.length !== 2) return `Entry ${position} must be a [text, weight] pair.`
  const [text, weight] = entry as [unknown, unknown]
  if (typeof text !== 'string' || text.trim() === '') return `Entry ${position} has no text.`
  if (characters(text) > MAX_ITEM_TEXT) return `Entry ${position} is longer than ${MAX_ITEM_TEXT} characters.`
  const problem = unstorableText(text)
  if (problem) return `Entry ${position}: ${problem}`
  if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < MIN_WEIGHT || weight > MAX_WEIGHT)
    return `Entry ${position} has the weight ${JSON.stringify(weight) ?? 'undefined'}: weights are whole numbers from ${MIN_WEIGHT} to ${MAX_WEIGHT}.`
  return null
}

/** A new draw's body, with `maxItems` the caller's item limit (15 on the free plan). */
export function checkNewDraw(body: unknown, maxItems: number): Checked<NewDraw> {
  if (typeof body !== 'object' || body === null) return { ok: false, error: DRAW_MESSAGES.unreadable }
  const { name, entries } = body as { name?: unknown; entries?: unknown }
  if (!Array.isArray(entries)) return { ok: false, error: DRAW_MESSAGES.unreadable }
  if (typeof name !== 'string' || name.trim() === '' || characters(name) > MAX_WHEEL_NAME)
    return { ok: false, error: DRAW_MESSAGES.name }
  const nameProblem = unstorableText(name)
  if (nameProblem) return { ok: false, error: `The draw's name: ${nameProblem}` }
  if (entries.length === 0) return { ok: false, error: DRAW_MESSAGES.noEntries }
  const limit = Math.min(maxItems, MAX_ITEMS)
  if (entries.length > limit)
    return {
      ok: false,
      error: limit <= FREE_ITEM_LIMIT ? itemLimitMessage(limit) : DRAW_MESSAGES.tooMany,
    }
  for (let i = 0; i < entries.length; i++) {
    const problem = checkEntry(entries[i], i + 1)
    if (problem) return { ok: false, error: problem }
  }
  return { ok: true, value: { name, entries: entries.map(([text, weight]) => [text, weight]) } }
}

/** A reveal's body: { clientSeed } of 1 to 200 characters. */
export function checkClientSeed(body: unknown): Checked<string> {
  const seed =
    typeof body === 'object' && body !== null ? (body as { clientSeed?: unknown }).clientSeed : undefined
  if (typeof seed !== 'string' || seed.length === 0 || characters(seed) > MAX_CLIENT_SEED)
    return { ok: false, error: DRAW_MESSAGES.clientSeed }
  const problem = unstorableText(seed)
  if (problem) return { ok: false, error: `The client seed: ${problem}` }
  return { ok: true, value: seed }
}
