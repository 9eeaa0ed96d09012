export type Item = { id: string; text: string; color: string }

export type WheelMode = 'normal' | 'elimination' | 'accumulation'

export type WheelSettings = {
  spinDuration: number
  soundEnabled: boolean
  confettiEnabled: boolean
  wheelSize: number
  mode: WheelMode
}

export type Wheel = {
  id: string | null
  name: string
  items: Item[]
  settings: WheelSettings
  /** Accumulation mode: wins per item id. */
  tally?: Record<string, number>
  createdAt?: string
  updatedAt?: string
}

export type SpinHistoryEntry = {
  id: string
  result: { text: string; color: string }
  wheelName: string
  timestamp: string
}

export const WHEEL_MODES: readonly WheelMode[] = ['normal', 'elimination', 'accumulation']

export const MODE_DESCRIPTIONS: Record<WheelMode, string> = {
  normal: 'Normal: every spin picks from all items; nothing changes.',
  elimination: 'Elimination: the winner is removed from the wheel when you close the result.',
  accumulation: 'Accumulation: every item keeps a tally of its wins, shown in the list.',
}

export const DEFAULT_WHEEL_NAME = 'My Wheel'
export const DEFAULT_ITEM_TEXT = 'New Item'
export const DEFAULT_ITEM_COLOR = '#3b82f6'
export const DEFAULT_COLORS = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#8b5cf6'] as const
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

export const SPIN_DURATION = { min: 1000, max: 5000, step: 100, default: 3000 } as const
export const WHEEL_SIZE = { min: 200, max: 500, step: 10, default: 300 } as const
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

/** Clamps to [min, max] and snaps to the step. Non-numbers give the default. */
export function clampToRange(
  value: unknown,
  range: { min: number; max: number; step: number; default: number },
): number {
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(n)) return range.default
  const snapped = Math.round((n - range.min) / range.step) * range.step + range.min
  return Math.min(range.max, Math.max(range.min, snapped))
}

let lastTime = 0
let counter = 0

/** A unique id from the clock, with a counter so ids made in the same millisecond differ. */
export function createId(now: () => number = Date.now): string {
  const t = now()
  if (t === lastTime) counter += 1
  else {
    lastTime = t
    counter = 0
  }
  return counter === 0 ? String(t) : `${t}-${counter}`
}

export function createItem(text?: string, color?: string, now?: () => number): Item {
  const trimmed = text?.trim()
  return {
    id: createId(now),
    text: trimmed ? trimmed : DEFAULT_ITEM_TEXT,
    color: color ?? DEFAULT_ITEM_COLOR,
  }
}

export function createDefaultWheel(now?: () => number): Wheel {
  return {
    id: null,
    name: DEFAULT_WHEEL_NAME,
    items: DEFAULT_COLORS.map((color, i) => createItem(`Option ${i + 1}`, color, now)),
    settings: { ...DEFAULT_SETTINGS },
  }
}
