import { storableTextOf } from '../text/storable'
import { isValidId } from '../wheel/check-basics'
import { normalizeHex } from '../wheel/colors'
import {
  clampSpinDuration,
  clampWheelSize,
  createId,
  DEFAULT_ITEM_COLOR,
  DEFAULT_SETTINGS,
  DEFAULT_WHEEL_NAME,
  type Item,
  MAX_ITEM_TEXT,
  MAX_ITEMS,
  MAX_WHEEL_NAME,
  type SpinHistoryEntry,
  WHEEL_MODES,
  type Wheel,
  type WheelMode,
  type WheelSettings,
} from '../wheel/model'
import { isPictureUrl } from '../wheel/picture'
import { readWeight } from '../wheel/weights'

/**
 * Lenient readers for data that failed the strict schemas: each keeps what is valid, repairs what
 * it can (clamps numbers, replaces bad colours with #3b82f6, gives missing or repeated ids new
 * ones) and drops what it cannot read. Every change is reported through `report`, so the caller
 * knows the stored value was not taken over whole. They never throw on any JSON value.
 */

export type Report = (problem: string) => void

type Loose = Record<string, unknown>
const asRecord = (value: unknown): Loose | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : null
const own = (record: Loose, key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined)

/** Takes an id (`where` names it in reports) and gives it back, or a new one if it cannot be kept. */
export type IdKeeper = (raw: unknown, where: string) => string

/** Ids already in use in one list; hands out new ones for missing, malformed or repeated ids. */
export function idKeeper(report: Report): IdKeeper {
  const seen = new Set<string>()
  return (raw: unknown, where: string): string => {
    const candidate = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : raw
    if (isValidId(candidate) && !seen.has(candidate)) {
      seen.add(candidate)
      return candidate
    }
    report(`${where}: ${isValidId(candidate) ? 'repeated' : 'missing or invalid'} id replaced`)
    let id = createId()
    while (seen.has(id)) id = createId()
    seen.add(id)
    return id
  }
}

function readText(raw: unknown): string | null {
  const text =
    typeof raw === 'string' ? raw : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : null
  const kept = text === null ? '' : storableTextOf(text.slice(0, MAX_ITEM_TEXT))
  return kept.trim() ? kept : null
}

function readColor(raw: unknown, where: string, report: Report): string {
  const color = normalizeHex(raw, DEFAULT_ITEM_COLOR)
  if (color !== raw)
    report(`${where}: colour ${isValidColorLike(raw) ? 'normalised' : `replaced by ${color}`}`)
  return color
}
const isValidColorLike = (raw: unknown) => normalizeHex(raw, '') !== ''

function readTimestamp(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null
  const t = typeof raw === 'number' ? raw : Date.parse(raw)
  if (!Number.isFinite(t) || Math.abs(t) > 8.64e15) return null
  return new Date(t).toISOString()
}

export function readSettings(raw: unknown, where: string, report: Report): WheelSettings {
  const r = asRecord(raw) ?? {}
  if (!asRecord(raw)) report(`${where}: settings missing, defaults used`)
  const flag = (key: 'soundEnabled' | 'confettiEnabled') => {
    const v = own(r, key)
    if (typeof v === 'boolean') return v
    report(`${where}.${key}: not true or false, default used`)
    return DEFAULT_SETTINGS[key]
  }
  const spinDuration = clampSpinDuration(own(r, 'spinDuration'))
  const wheelSize = clampWheelSize(own(r, 'wheelSize'))
  if (spinDuration !== own(r, 'spinDuration')) report(`${where}.spinDuration: clamped to ${spinDuration}`)
  if (wheelSize !== own(r, 'wheelSize')) report(`${where}.wheelSize: clamped to ${wheelSize}`)
  const rawMode = own(r, 'mode')
  const mode = (WHEEL_MODES as readonly unknown[]).includes(rawMode) ? (rawMode as WheelMode) : 'normal'
  if (mode !== rawMode) report(`${where}.mode: unknown, 'normal' used`)
  return {
    spinDuration,
    soundEnabled: flag('soundEnabled'),
    confettiEnabled: flag('confettiEnabled'),
    wheelSize,
    mode,
  }
}

/**
 * A wheel, or null when `raw` is not an object with an items array. With `keepId` (saved wheels)
 * the wheel always gets an id, unique in its list; without it a missing id stays null.
 */
export function readWheel(raw: unknown, where: string, report: Report, keepId?: IdKeeper): Wheel | null {
  const r = asRecord(raw)
  const rawItems = r ? own(r, 'items') : undefined
  if (!r || !Array.isArray(rawItems)) {
    report(`${where}: not a wheel (no items list), dropped`)
    return null
  }
  if (rawItems.length > MAX_ITEMS)
    report(`${where}.items: ${rawItems.length - MAX_ITEMS} items over the limit dropped`)
  const itemId = idKeeper(report)
  const items: Item[] = []
  // Old ids are kept next to new ones so the tally can follow an item whose id had to change.
  const renamed = new Map<string, string>()
  rawItems.slice(0, MAX_ITEMS).forEach((rawItem, index) => {
    const item = asRecord(rawItem)
    const text = item ? readText(own(item, 'text')) : null
    if (!item || text === null) {
      report(`${where}.items[${index}]: no readable text, dropped`)
      return
    }
    if (text !== own(item, 'text')) report(`${where}.items[${index}]: text cut or converted`)
    const id = itemId(own(item, 'id'), `${where}.items[${index}].id`)
    const oldId = own(item, 'id')
    if (typeof oldId === 'string' && oldId !== id && !renamed.has(oldId)) renamed.set(oldId, id)
    const color = readColor(own(item, 'color'), `${where}.items[${index}]`, report)
    const weight = readWeight(own(item, 'weight'))
    const image = own(item, 'image')
    if (image !== undefined && !isPictureUrl(image))
      report(`${where}.items[${index}].image: not a picture, dropped`)
    items.push({
      id,
      text,
      color,
      ...(weight === undefined ? {} : { weight }),
      ...(isPictureUrl(image) ? { image } : {}),
    })
  })

  const rawName = own(r, 'name')
  const name =
    typeof rawName === 'string' ? storableTextOf(rawName.slice(0, MAX_WHEEL_NAME)) : DEFAULT_WHEEL_NAME
  if (name !== rawName) report(`${where}.name: repaired`)
  const rawId = own(r, 'id')
  const id = keepId
    ? keepId(rawId, `${where}.id`)
    : rawId === null || rawId === undefined
      ? null
      : idKeeper(report)(rawId, `${where}.id`)

  const wheel: Wheel = {
    id,
    name,
    items,
    settings: readSettings(own(r, 'settings'), `${where}.settings`, report),
  }
  const centerImage = own(r, 'centerImage')
  if (isPictureUrl(centerImage)) wheel.centerImage = centerImage
  else if (centerImage !== undefined) report(`${where}.centerImage: not a picture, dropped`)
  const tally = readTally(own(r, 'tally'), items, renamed, `${where}.tally`, report)
  if (tally) wheel.tally = tally
  for (const key of ['createdAt', 'updatedAt'] as const) {
    const value = own(r, key)
    if (value === undefined) continue
    const timestamp = readTimestamp(value)
    if (timestamp !== value) report(`${where}.${key}: ${timestamp ? 'normalised' : 'unreadable, dropped'}`)
    if (timestamp) wheel[key] = timestamp
  }
  return wheel
}

function readTally(
  raw: unknown,
  items: readonly Item[],
  renamed: ReadonlyMap<string, string>,
  where: string,
  report: Report,
): Record<string, number> | undefined {
  if (raw === undefined) return undefined
  const r = asRecord(raw)
  if (!r) {
    report(`${where}: not a tally, reset`)
    return {}
  }
  const ids = new Set(items.map((i) => i.id))
  const tally: Record<string, number> = {}
  for (const key of Object.keys(r)) {
    const id = ids.has(key) ? key : renamed.get(key)
    const count = r[key]
    if (
      id &&
      typeof count === 'number' &&
      Number.isSafeInteger(count) &&
      count >= 1 &&
      !Object.hasOwn(tally, id)
    ) {
      Object.defineProperty(tally, id, { value: count, enumerable: true, writable: true, configurable: true })
      if (id !== key) report(`${where}: count moved to the item's new id`)
    } else report(`${where}.${key}: dropped`)
  }
  return tally
}

export function readHistoryEntry(
  raw: unknown,
  where: string,
  report: Report,
  keepId: IdKeeper,
): SpinHistoryEntry | null {
  const r = asRecord(raw)
  const result = r ? asRecord(own(r, 'result')) : null
  const text = result ? own(result, 'text') : undefined
  const timestamp = r ? readTimestamp(own(r, 'timestamp')) : null
  if (!r || !result || (typeof text !== 'string' && typeof text !== 'number') || !timestamp) {
    report(`${where}: not a readable spin result, dropped`)
    return null
  }
  if (timestamp !== own(r, 'timestamp')) report(`${where}.timestamp: normalised`)
  const rawName = own(r, 'wheelName')
  const wheelName = typeof rawName === 'string' ? storableTextOf(rawName.slice(0, MAX_WHEEL_NAME)) : ''
  if (wheelName !== rawName) report(`${where}.wheelName: repaired`)
  return {
    id: keepId(own(r, 'id'), `${where}.id`),
    result: {
      text: storableTextOf(String(text).slice(0, MAX_ITEM_TEXT)),
      color: readColor(own(result, 'color'), where, report),
    },
    wheelName,
    timestamp,
  }
}
