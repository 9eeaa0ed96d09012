import { msg } from '../i18n/message-id'
import { storableCut } from '../text/storable'
/**
 * The wheel model of the spec (§3). Everything here is plain data; the operations on it are pure
 * functions in operations.ts that return new objects.
 */

/**
 * One entry of the wheel. `color` is a hex colour, #rrggbb once stored. `weight` (a whole number
 * 2–100, see weights.ts) makes its segment and chance larger; absent means 1. `image` is a picture
 * drawn in its segment (a data URL, see picture.ts).
 */
export type Item = { id: string; text: string; color: string; weight?: number; image?: string }

import type { WheelLook } from './look'

export type WheelMode = 'normal' | 'elimination' | 'accumulation'

export type WheelSettings = {
  spinDuration: number
  soundEnabled: boolean
  confettiEnabled: boolean
  wheelSize: number
  mode: WheelMode
}

/** A wheel. `id` is null until it is saved; createdAt and updatedAt (ISO 8601) are set on save. */
export type Wheel = {
  id: string | null
  name: string
  items: Item[]
  settings: WheelSettings
  /** Accumulation mode: wins per item id (only ids of current items, counts ≥ 1). */
  tally?: Record<string, number>
  /** The theme's look (Premium): palette for new items, label colour and font, centre dot. */
  look?: WheelLook
  /** A picture drawn in the middle of the wheel (a data URL, see picture.ts). */
  centerImage?: string
  createdAt?: string
  updatedAt?: string
}

/** One spin result, for the history (newest first, at most 100). `timestamp` is ISO 8601. */
export type SpinHistoryEntry = {
  id: string
  result: { text: string; color: string }
  wheelName: string
  timestamp: string
}

export const WHEEL_MODES: readonly WheelMode[] = ['normal', 'elimination', 'accumulation']

export const MODE_DESCRIPTIONS: Record<WheelMode, string> = {
  normal: msg('Normal: every spin picks from all items; nothing changes.'),
  elimination: msg('Elimination: the winner is removed from the wheel when you close the result.'),
  accumulation: msg('Accumulation: every item keeps a tally of its wins, shown in the list.'),
}

export const DEFAULT_WHEEL_NAME = 'My Wheel'
export const DEFAULT_ITEM_TEXT = 'New Item'
export const DEFAULT_ITEM_COLOR = '#3b82f6'
export const DEFAULT_COLORS = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#8b5cf6'] as const
/** The ten colours new items are given (randomPaletteColor, or in turn). */
export const PALETTE = [
  '#ef4444',
  '#f97316',
  '#eab308',
  '#22c55e',
  '#06b6d4',
  '#3b82f6',
  '#8b5cf6',
  '#ec4899',
  '#f43f5e',
  '#84cc16',
] as const

/** Spin duration slider, in ms. */
export const SPIN_DURATION = { min: 1000, max: 5000, step: 100, default: 3000 } as const
/** Wheel size slider, in px. */
export const WHEEL_SIZE = { min: 200, max: 500, step: 10, default: 300 } as const
export const clampSpinDuration = (value: unknown): number => clampToRange(value, SPIN_DURATION)
export const clampWheelSize = (value: unknown): number => clampToRange(value, WHEEL_SIZE)
/** The most items one wheel can hold, for anyone (premium is "unlimited" up to this sanity cap). */
export const MAX_ITEMS = 10_000
export const MAX_ITEM_TEXT = 200
export const MAX_WHEEL_NAME = 100

export const DEFAULT_SETTINGS: WheelSettings = {
  spinDuration: SPIN_DURATION.default,
  soundEnabled: true,
  confettiEnabled: true,
  wheelSize: WHEEL_SIZE.default,
  mode: 'normal',
}

export type SliderRange = { min: number; max: number; step: number; default: number }

/**
 * Clamps to [min, max] and snaps to the nearest step counted from min, like the settings sliders.
 * Numeric strings are read as numbers; anything else (NaN, Infinity, objects) gives the default.
 */
export function clampToRange(value: unknown, range: SliderRange): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN
  if (!Number.isFinite(n)) return range.default
  const snapped = Math.round((n - range.min) / range.step) * range.step + range.min
  return Math.min(range.max, Math.max(range.min, snapped))
}

let lastTime = Number.NEGATIVE_INFINITY
let counter = 0

/**
 * A unique id from the clock: the millisecond timestamp, with a counter suffix (`<ms>-<n>`) when
 * ids are made in the same millisecond. The ids of one page never repeat, even if the clock
 * stalls or goes back (then the last time is reused with the counter). `now` is injectable.
 */
export function createId(now: () => number = Date.now): string {
  const raw = now()
  const t = Number.isFinite(raw) ? Math.floor(raw) : lastTime
  if (t > lastTime) {
    lastTime = t
    counter = 0
    return String(t)
  }
  if (!Number.isFinite(lastTime)) lastTime = 0
  counter += 1
  return `${lastTime}-${counter}`
}

/**
 * A new item: the text trimmed (and cut at MAX_ITEM_TEXT), 'New Item' when it is missing or
 * blank; the colour as given, #3b82f6 when it is missing.
 */
export function createItem(text?: string, color?: string, now?: () => number): Item {
  const trimmed = text === undefined ? '' : storableCut(text.trim(), MAX_ITEM_TEXT)
  return {
    id: createId(now),
    text: trimmed ? trimmed : DEFAULT_ITEM_TEXT,
    color: color ?? DEFAULT_ITEM_COLOR,
  }
}

/** The default wheel: 'My Wheel', 'Option 1'…'Option 6' in the six default colours, default settings. */
export function createDefaultWheel(now?: () => number): Wheel {
  return {
    id: null,
    name: DEFAULT_WHEEL_NAME,
    items: DEFAULT_COLORS.map((color, i) => createItem(`Option ${i + 1}`, color, now)),
    settings: { ...DEFAULT_SETTINGS },
  }
}
