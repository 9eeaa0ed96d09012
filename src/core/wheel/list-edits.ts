import type { Message } from '../i18n/message'
import { msg } from '../i18n/message-id'
import { type RandomSource, randomInt } from '../random/random'
import type { Item, Wheel } from './model'

/**
 * Changes to the whole item list (shuffle, sort, clear) and the undo history of list changes.
 * Items are immutable, so an undo entry keeps the list it replaces by reference: cheap even at
 * 10,000 items.
 */

/** A fair shuffle (Fisher–Yates with rejection-sampled indices): every order equally likely. */
export function shuffleItems<T>(items: readonly T[], source: RandomSource): T[] {
  const out = items.slice()
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(source, i + 1)
    const t = out[i] as T
    out[i] = out[j] as T
    out[j] = t
  }
  return out
}

// Made on the first sort: a collator loads the locale's collation tables, about 10 ms of a slow
// phone's main thread, which the wheel page's start should not pay for a button it may never use.
let collator: Intl.Collator | undefined

/** Sorted A–Z by text (case and accents ignored, numbers in number order); ties keep their order. */
export function sortItems(items: readonly Item[]): Item[] {
  collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
  const compare = collator.compare
  return items.slice().sort((a, b) => compare(a.text, b.text))
}

/** The list changes Undo can take back, as the user names them. */
export type ListChange =
  | 'add'
  | 'delete'
  | 'shuffle'
  | 'sort'
  | 'paste'
  | 'remove winner'
  | 'clear all'
  | 'preset'

export type UndoEntry = { change: ListChange; before: Wheel }

/** How many list changes Undo remembers. */
export const UNDO_DEPTH = 50

export const pushUndo = (stack: readonly UndoEntry[], entry: UndoEntry): UndoEntry[] =>
  [...stack, entry].slice(-UNDO_DEPTH)

/**
 * The wheel after undoing `entry`: a loaded preset gives back the whole wheel it replaced (name,
 * id and all); any other change gives back the item list and tally, keeping later renames and
 * settings.
 */
export function undoEntry(current: Wheel, entry: UndoEntry): Wheel {
  if (entry.change === 'preset') return entry.before
  const { items, tally } = entry.before
  const next: Wheel = { ...current, items }
  if (tally === undefined) delete next.tally
  else next.tally = tally
  return next
}

/** What a screen reader hears after a change and after its undo. */
export function announceChange(change: ListChange, count: number): string {
  switch (change) {
    case 'shuffle':
      return `Shuffled ${count} items.`
    case 'sort':
      return `Sorted ${count} items A to Z.`
    case 'clear all':
      return 'Cleared all items.'
    default:
      return ''
  }
}

const UNDONE: Record<ListChange, string> = {
  add: 'the added item',
  delete: 'the deleted item',
  shuffle: 'the shuffle',
  sort: 'the sort',
  paste: 'the added lines',
  'remove winner': 'the removed winner',
  'clear all': 'clear all',
  preset: 'the loaded preset',
}

export const announceUndo = (change: ListChange, count: number): string =>
  `Undid ${UNDONE[change]}: ${count} ${count === 1 ? 'item' : 'items'} on the wheel.`

/** announceChange for a page that says it in its language; null when nothing is said. */
export function announceChangeText(change: ListChange, count: number): Message | null {
  switch (change) {
    case 'shuffle':
      return {
        message: msg('{count, plural, one {Shuffled {count} item.} other {Shuffled {count} items.}}'),
        values: { count },
      }
    case 'sort':
      return {
        message: msg(
          '{count, plural, one {Sorted {count} item A to Z.} other {Sorted {count} items A to Z.}}',
        ),
        values: { count },
      }
    case 'clear all':
      return { message: msg('Cleared all items.') }
    default:
      return null
  }
}

const UNDO_MESSAGES: Record<ListChange, string> = {
  add: msg(
    '{count, plural, one {Undid the added item: {count} item on the wheel.} other {Undid the added item: {count} items on the wheel.}}',
  ),
  delete: msg(
    '{count, plural, one {Undid the deleted item: {count} item on the wheel.} other {Undid the deleted item: {count} items on the wheel.}}',
  ),
  shuffle: msg(
    '{count, plural, one {Undid the shuffle: {count} item on the wheel.} other {Undid the shuffle: {count} items on the wheel.}}',
  ),
  sort: msg(
    '{count, plural, one {Undid the sort: {count} item on the wheel.} other {Undid the sort: {count} items on the wheel.}}',
  ),
  paste: msg(
    '{count, plural, one {Undid the added lines: {count} item on the wheel.} other {Undid the added lines: {count} items on the wheel.}}',
  ),
  'remove winner': msg(
    '{count, plural, one {Undid the removed winner: {count} item on the wheel.} other {Undid the removed winner: {count} items on the wheel.}}',
  ),
  'clear all': msg(
    '{count, plural, one {Undid clear all: {count} item on the wheel.} other {Undid clear all: {count} items on the wheel.}}',
  ),
  preset: msg(
    '{count, plural, one {Undid the loaded preset: {count} item on the wheel.} other {Undid the loaded preset: {count} items on the wheel.}}',
  ),
}

/** announceUndo for a page that says it in its language. */
export const announceUndoText = (change: ListChange, count: number): Message => ({
  message: UNDO_MESSAGES[change],
  values: { count },
})

/** Clear all asks first on a wheel of more than this many items. */
export const CLEAR_ALL_ASKS_ABOVE = 15
export const clearAllAsks = (count: number): boolean => count > CLEAR_ALL_ASKS_ABOVE
/** The question Clear all asks, naming the count. */
export const clearAllQuestion = (count: number): string => `Clear all ${count} items?`
export const clearAllQuestionText = (count: number): Message => ({
  message: msg('{count, plural, one {Clear all {count} item?} other {Clear all {count} items?}}'),
  values: { count },
})
