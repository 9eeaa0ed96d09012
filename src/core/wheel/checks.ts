import { isStorableText } from '../text/storable'
import { isHexColor, isValidId, pick, strictList } from './check-basics'
import { LABEL_COLORS, LABEL_FONTS, MAX_THEME_COLORS, MIN_THEME_COLORS, type WheelLook } from './look'
import {
  type Item,
  MAX_ITEM_TEXT,
  MAX_ITEMS,
  MAX_WHEEL_NAME,
  SPIN_DURATION,
  type SpinHistoryEntry,
  WHEEL_MODES,
  WHEEL_SIZE,
  type Wheel,
  type WheelSettings,
} from './model'
import { isPictureUrl } from './picture'

/**
 * The wheel rules of schema.ts, written out by hand for the page: the wheel page reads its stored
 * state with these and never loads zod (decision 0019). Each `strict…` reader gives what its
 * schema's safeParse would give: null where the schema refuses the value, the value itself where
 * the schema would return it unchanged, and otherwise a copy without the keys the schema strips.
 * checks.test.ts holds each one to its schema on generated values.
 */

/** RFC 3339 in UTC with seconds (a fraction optional), on a real calendar day: what toISOString writes. */
const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$/
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

export function isIsoTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const match = TIMESTAMP.exec(value)
  if (!match) return false
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1) return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number)
  return day <= days
}

const isInt = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max

/** A string of at most `max` code units that PostgreSQL can store (the schemas' storableString). */
const isString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && isStorableText(value)

const ITEM_KEYS = ['id', 'text', 'color', 'weight', 'image']

function strictItem(value: unknown): Item | null {
  const item = pick(value, ITEM_KEYS)
  if (!item) return null
  const { id, text, color, weight, image } = item
  const ok =
    isValidId(id) &&
    isString(text, MAX_ITEM_TEXT) &&
    text.trim().length > 0 &&
    isHexColor(color) &&
    (weight === undefined || isInt(weight, 1, 100)) &&
    (image === undefined || isPictureUrl(image))
  return ok ? (item as Item) : null
}

/**
 * What a page remembers of the items it accepted, for a caller that never changes an item in place
 * (the wheel store makes a new object for every edit): a stored 10,000-item wheel read again after
 * one add checks the new item, not all of them. `items`: the objects accepted as they are (an
 * item's acceptance depends on its own fields only); `last`: the last wheel's item list and its ids.
 */
export type CheckedItems = {
  items: WeakSet<object>
  last: { list: readonly Item[]; ids: Set<string> } | null
}
export const newCheckedItems = (): CheckedItems => ({ items: new WeakSet(), last: null })

/**
 * The item list as `z.array(itemSchema)` with at most MAX_ITEMS returns it. On a list that needs no
 * copy it copies nothing: about 5 times quicker than the schema on 10,000 items. `checked` skips the
 * items it holds, and takes in those accepted as they are.
 */
export const strictItems = (value: unknown, checked?: CheckedItems): Item[] | null =>
  strictList(
    value,
    MAX_ITEMS,
    checked
      ? (v) => {
          if (checked.items.has(v as object)) return v as Item
          const item = strictItem(v)
          if (item !== null && item === v) checked.items.add(item)
          return item
        }
      : strictItem,
  )

/** True when `value` is a list of items exactly as `itemSchema` accepts and returns them. */
export const isPlainItemList = (value: unknown): value is Item[] =>
  value !== null && strictItems(value) === value

const onSlider = (value: unknown, range: { min: number; max: number; step: number }) =>
  isInt(value, range.min, range.max) && (value - range.min) % range.step === 0

const SETTINGS_KEYS = ['spinDuration', 'soundEnabled', 'confettiEnabled', 'wheelSize', 'mode']

export function strictWheelSettings(value: unknown): WheelSettings | null {
  const s = pick(value, SETTINGS_KEYS)
  const ok =
    s !== null &&
    onSlider(s.spinDuration, SPIN_DURATION) &&
    typeof s.soundEnabled === 'boolean' &&
    typeof s.confettiEnabled === 'boolean' &&
    onSlider(s.wheelSize, WHEEL_SIZE) &&
    (WHEEL_MODES as readonly unknown[]).includes(s.mode)
  return ok ? (s as WheelSettings) : null
}

const LOOK_KEYS = ['palette', 'labelColor', 'labelFont', 'centerColor']

export function strictLook(value: unknown): WheelLook | null {
  const look = pick(value, LOOK_KEYS)
  if (!look) return null
  const { palette } = look
  const paletteOk =
    palette === undefined ||
    (Array.isArray(palette) &&
      palette.length >= MIN_THEME_COLORS &&
      palette.length <= MAX_THEME_COLORS &&
      palette.every(isHexColor))
  const ok =
    paletteOk &&
    (LABEL_COLORS as readonly unknown[]).includes(look.labelColor) &&
    typeof look.labelFont === 'string' &&
    Object.hasOwn(LABEL_FONTS, look.labelFont) &&
    isHexColor(look.centerColor)
  return ok ? (look as WheelLook) : null
}

/** The tally: ids of items on the wheel (`ids`) to counts of at least 1. */
function isTally(value: unknown, ids: ReadonlySet<string>): value is Record<string, number> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const keys = Object.keys(value)
  if (keys.length === 0) return true
  const counts = value as Record<string, unknown>
  return keys.every((id) => ids.has(id) && isInt(counts[id], 1, Number.MAX_SAFE_INTEGER))
}

/** How many of `list`'s first entries are `before`'s own objects, in the same places. */
function sharedStart(list: readonly unknown[], before: readonly unknown[]): number {
  const n = Math.min(list.length, before.length)
  let i = 0
  while (i < n && list[i] === before[i]) i++
  return i
}

/** A wheel's items as strictItems gives them, and their ids; null where two items share an id. */
function allItemsAndIds(value: unknown, checked?: CheckedItems) {
  const items = strictItems(value, checked)
  if (!items) return null
  const ids = new Set<string>()
  for (const item of items) ids.add(item.id)
  if (ids.size !== items.length) return null
  if (checked) checked.last = { list: items, ids }
  return { items, ids }
}

/**
 * allItemsAndIds, quicker for a list that starts with most of the last one's own objects (another
 * tab's change: its unchanged chunks are read back as the same objects): only the items after
 * those are checked, and the last list's ids are updated instead of made again.
 */
function itemsAndIds(value: unknown, checked?: CheckedItems): { items: Item[]; ids: Set<string> } | null {
  const last = checked?.last
  const kept = last && Array.isArray(value) ? sharedStart(value, last.list) : 0
  if (!checked || !last || !Array.isArray(value) || kept < value.length / 2)
    return allItemsAndIds(value, checked)
  if (value.length > MAX_ITEMS) return null
  const tail = value.slice(kept)
  const rest = strictItems(tail, checked)
  if (!rest) return null
  const { ids } = last
  // Remembered again only once the ids are this list's.
  checked.last = null
  for (let i = kept; i < last.list.length; i++) ids.delete((last.list[i] as Item).id)
  for (const item of rest) {
    if (ids.has(item.id)) return null
    ids.add(item.id)
  }
  const items: Item[] = rest === tail ? value : [...value.slice(0, kept), ...rest]
  checked.last = { list: items, ids }
  return { items, ids }
}

const WHEEL_KEYS = [
  'id',
  'name',
  'items',
  'settings',
  'tally',
  'look',
  'centerImage',
  'createdAt',
  'updatedAt',
]

/** The wheel as `wheelSchema` returns it, or null where the schema refuses it. */
export function strictWheel(value: unknown, checked?: CheckedItems): Wheel | null {
  const w = pick(value, WHEEL_KEYS)
  if (!w) return null
  const { id, name, tally, createdAt, updatedAt } = w
  if (!(id === null || isValidId(id)) || !isString(name, MAX_WHEEL_NAME)) return null
  const listed = itemsAndIds(w.items, checked)
  if (!listed) return null
  const { items, ids } = listed
  const settings = strictWheelSettings(w.settings)
  if (!settings) return null
  if (tally !== undefined && !isTally(tally, ids)) return null
  const look = w.look === undefined ? undefined : strictLook(w.look)
  if (look === null) return null
  if (!(w.centerImage === undefined || isPictureUrl(w.centerImage))) return null
  if (!(createdAt === undefined || isIsoTimestamp(createdAt))) return null
  if (!(updatedAt === undefined || isIsoTimestamp(updatedAt))) return null
  // Copied only where zod would copy: an unknown key stripped here or below.
  const copied = w !== value || items !== w.items || settings !== w.settings || look !== w.look
  return copied ? ({ ...w, items, settings, ...('look' in w ? { look } : {}) } as Wheel) : (value as Wheel)
}

const ENTRY_KEYS = ['id', 'result', 'wheelName', 'timestamp']
const RESULT_KEYS = ['text', 'color']

/** The history entry as `spinHistoryEntrySchema` returns it, or null where the schema refuses it. */
export function strictHistoryEntry(value: unknown): SpinHistoryEntry | null {
  const entry = pick(value, ENTRY_KEYS)
  const result = entry && pick(entry.result, RESULT_KEYS)
  const ok =
    entry !== null &&
    result !== null &&
    isValidId(entry.id) &&
    isString(result.text, MAX_ITEM_TEXT) &&
    isHexColor(result.color) &&
    isString(entry.wheelName, MAX_WHEEL_NAME) &&
    isIsoTimestamp(entry.timestamp)
  if (!ok) return null
  const copied = entry !== value || result !== entry.result
  return copied ? ({ ...entry, result } as SpinHistoryEntry) : (value as SpinHistoryEntry)
}
