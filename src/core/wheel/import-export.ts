import * as z from 'zod/mini'
import { formatCount } from '../format/count'
import type { Message } from '../i18n/message'
import { msg } from '../i18n/message-id'
import { storableCut } from '../text/storable'
import {
  clampSpinDuration,
  clampWheelSize,
  createId,
  DEFAULT_SETTINGS,
  MAX_ITEM_TEXT,
  MAX_ITEMS,
  MAX_WHEEL_NAME,
  WHEEL_MODES,
  type Wheel,
  type WheelMode,
  type WheelSettings,
} from './model'
import { colorBetween } from './neighbour-colors'
import { withNewIds } from './operations'
import { isPictureUrl } from './picture'
import { lookSchema, plainWheelSchema, wheelSchema } from './schema'
import { readWeight } from './weights'

/** Files above this size are refused before they are read. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024
export const IMPORTED_WHEEL_NAME = 'Imported Wheel'

export const IMPORT_MESSAGES = {
  notJson: msg('Invalid JSON file'),
  badShape: msg('Invalid wheel data format'),
  unreadable: msg('Failed to read file'),
  notJsonFile: msg('Please choose a .json file'),
  // IMPORT_MAX_BYTES (a test keeps them together).
  tooLarge: msg('The file is larger than 5 MB'),
  tooManyItems: (count: number) =>
    `The wheel has ${formatCount(count)} items; a wheel can hold at most ${formatCount(MAX_ITEMS)}`,
} as const

/** One sentence of an import's note for a page that shows it in its language; `wheel` names the wheel it is about. */
export type NoteText = Message & { wheel?: string }

/**
 * A read file: the wheel, with `more` wheels when the file held several (a Wheel of Names
 * savedWheels list) and `note` when the app should say what it changed or left out.
 */
export type ImportResult =
  | { ok: true; wheel: Wheel; more?: Wheel[]; note?: string; noteText?: NoteText[] }
  | { ok: false; error: string }

/** The file's outer shape: an object with an items array. Everything inside is read leniently below. */
const fileSchema = z.object({ items: z.array(z.unknown()) })

/** A field the object itself holds (never one inherited, such as constructor or __proto__). */
export const own = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined

const SHORT_HEX = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i
const LONG_HEX = /^#[0-9a-f]{6}$/i

export function readColor(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const color = value.trim()
  if (LONG_HEX.test(color)) return color.toLowerCase()
  const short = SHORT_HEX.exec(color)
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : null
}

/** Item text: strings (and finite numbers, written out) trimmed to the limit; anything else 'Item N'. */
export function readText(value: unknown, n: number): string {
  const raw =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : ''
  const text = storableCut(raw.trim(), MAX_ITEM_TEXT).trim()
  return text || `Item ${n}`
}

function readSettings(value: unknown): WheelSettings {
  const bool = (key: string, fallback: boolean) => {
    const v = own(value, key)
    return typeof v === 'boolean' ? v : fallback
  }
  const mode = own(value, 'mode')
  const duration = own(value, 'spinDuration')
  const size = own(value, 'wheelSize')
  return {
    spinDuration: duration === undefined ? DEFAULT_SETTINGS.spinDuration : clampSpinDuration(duration),
    soundEnabled: bool('soundEnabled', DEFAULT_SETTINGS.soundEnabled),
    confettiEnabled: bool('confettiEnabled', DEFAULT_SETTINGS.confettiEnabled),
    wheelSize: size === undefined ? DEFAULT_SETTINGS.wheelSize : clampWheelSize(size),
    mode: WHEEL_MODES.includes(mode as WheelMode) ? (mode as WheelMode) : DEFAULT_SETTINGS.mode,
  }
}

/**
 * An imported wheel file (SPEC §3, §5): a new wheel with a new id and new item ids, name 'Imported
 * Wheel' when missing, item text 'Item N' and colour #3b82f6 when missing or invalid, settings
 * defaulted or clamped. Never throws; a file that cannot be a wheel gives the reason.
 */
export function parseWheelFile(text: string, now: () => number = Date.now): ImportResult {
  const data = parseJsonFile(text)
  return data.ok ? parseWheelData(data.value, now) : data
}

/** The file's JSON, or why it is none (too large, not JSON). */
export function parseJsonFile(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (text.length > IMPORT_MAX_BYTES) return { ok: false, error: IMPORT_MESSAGES.tooLarge }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.notJson }
  }
}

/** parseWheelFile on a file's parsed JSON. */
export function parseWheelData(data: unknown, now: () => number = Date.now): ImportResult {
  const items = own(data, 'items')
  if (!fileSchema.safeParse({ items }).success || !Array.isArray(items)) {
    return { ok: false, error: IMPORT_MESSAGES.badShape }
  }
  if (items.length > MAX_ITEMS) return { ok: false, error: IMPORT_MESSAGES.tooManyItems(items.length) }
  const name = own(data, 'name')
  const cleanName = typeof name === 'string' ? storableCut(name.trim(), MAX_WHEEL_NAME).trim() : ''
  const timestamp = new Date(now()).toISOString()
  const wheel: Wheel = {
    id: createId(now),
    name: cleanName || IMPORTED_WHEEL_NAME,
    items: withNewIds(readItems(items), now),
    settings: readSettings(own(data, 'settings')),
    tally: {},
    ...readLook(own(data, 'look')),
    ...(isPictureUrl(own(data, 'centerImage')) ? { centerImage: own(data, 'centerImage') as string } : {}),
    createdAt: timestamp,
    updatedAt: timestamp,
  }
  // The last word: whatever came in, what goes out is a wheel the app accepts everywhere (the quick
  // item check first: the same rule, without zod's walk over 10,000 items).
  return plainWheelSchema.safeParse(wheel).success || wheelSchema.safeParse(wheel).success
    ? { ok: true, wheel }
    : { ok: false, error: IMPORT_MESSAGES.badShape }
}

export type ReadItem = { text: string; color: string; weight?: number; image?: string }

/**
 * The file's items: text, colour, weight (missing weights read as 1) and picture (kept when it is
 * a valid one). Items without a valid colour take palette colours unlike both neighbours, so a
 * file without colours is not a one-colour disc.
 */
export function readItems(items: unknown[]): ReadItem[] {
  const read = items.map((item, i) => {
    const textValue = typeof item === 'string' || typeof item === 'number' ? item : own(item, 'text')
    const weight = readWeight(own(item, 'weight'))
    const image = own(item, 'image')
    return {
      text: readText(textValue, i + 1),
      color: readColor(own(item, 'color')),
      weight,
      image: isPictureUrl(image) ? image : undefined,
    }
  })
  const colors: string[] = []
  read.forEach((item, i) => {
    if (item.color !== null) {
      colors.push(item.color)
      return
    }
    const last = i === read.length - 1
    const next = last ? colors[0] : (read[i + 1]?.color ?? undefined)
    const before = i === 0 ? (read[read.length - 1]?.color ?? undefined) : colors[i - 1]
    colors.push(colorBetween(read.length > 1 ? before : undefined, read.length > 1 ? next : undefined, i))
  })
  return read.map(({ text, weight, image }, i) => ({
    text,
    color: colors[i] as string,
    ...(weight === undefined ? {} : { weight }),
    ...(image === undefined ? {} : { image }),
  }))
}

/** The theme's look, when the file has a valid one (an invalid look is left out, not refused). */
function readLook(value: unknown): Pick<Wheel, 'look'> {
  const look = lookSchema.safeParse(value)
  return look.success ? { look: look.data } : {}
}

/** The exported file (SPEC §3): the wheel as JSON, named after it. */
export function exportWheel(wheel: Wheel): { fileName: string; json: string } {
  const base = wheel.name.replace(/[^a-z0-9]/gi, '_').toLowerCase() || 'wheel'
  const { id, name, items, settings, look, centerImage, createdAt, updatedAt } = wheel
  return {
    fileName: `${base}.json`,
    json: `${JSON.stringify({ id, name, items, settings, look, centerImage, createdAt, updatedAt }, null, 2)}\n`,
  }
}
