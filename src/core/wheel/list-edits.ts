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

/** Clear all asks first on a wheel of more than this many items. */
export const CLEAR_ALL_ASKS_ABOVE = 15
export const clearAllAsks = (count: number): boolean => count > CLEAR_ALL_ASKS_ABOVE
/** The question Clear all asks, naming the count. */
export const clearAllQuestion = (count: number): string => `Clear all ${count} items?`
export const clearAllQuestionText = (count: number): Message => ({
  message: msg('{count, plural, one {Clear all {count} item?} other {Clear all {count} items?}}'),
  values: { count },
})
