import { msg } from '../i18n/message-id'
import type { Item } from './model'

/**
 * Item weights: a whole number from 1 to 100 on each item, 1 when the item has none (every file
 * and wheel made before weights existed). A segment's angle, and its chance, are proportional to
 * its weight.
 */
export const WEIGHT = { min: 1, max: 100, default: 1 } as const

// WEIGHT.min and WEIGHT.max (a test keeps them together).
export const WEIGHT_MESSAGE = msg('Weight must be a whole number from 1 to 100.')

export const weightOf = (item: { weight?: number | undefined }): number => item.weight ?? WEIGHT.default

/** True when any item's weight is not 1: the wheel is drawn and spun by weight. */
export const isWeighted = (items: readonly { weight?: number | undefined }[]): boolean =>
  items.some((item) => weightOf(item) !== WEIGHT.default)

export const isValidWeight = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= WEIGHT.min && value <= WEIGHT.max

/**
 * Reads a weight typed by the user: the whole number, or the reason it is refused. Only digits
 * count (no '1.5', '1e2', '+3' or spaces inside).
 */
export function parseWeight(input: string): { ok: true; weight: number } | { ok: false; error: string } {
  const text = input.trim()
  if (!/^\d{1,3}$/.test(text)) return { ok: false, error: WEIGHT_MESSAGE }
  const weight = Number(text)
  return isValidWeight(weight) ? { ok: true, weight } : { ok: false, error: WEIGHT_MESSAGE }
}

/** An item's weight set: weight 1 is stored as no weight, so unweighted wheels stay as they were. */
export function withWeight(item: Item, weight: number): Item {
  const { weight: _old, ...rest } = item
  return weight === WEIGHT.default ? rest : { ...rest, weight }
}

/** A weight read from a file: a valid weight is kept, anything else (or none) reads as 1. */
export const readWeight = (value: unknown): number | undefined =>
  isValidWeight(value) && value !== WEIGHT.default ? value : undefined

/** Each item's chance in percent: its weight over the total. */
export function chances(items: readonly { weight?: number | undefined }[]): number[] {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0)
  return items.map((item) => (total > 0 ? (100 * weightOf(item)) / total : 0))
}

/** The wheel with one item's weight set (unknown id: unchanged). */
export const setItemWeight = <W extends { items: Item[] }>(wheel: W, id: string, weight: number): W => ({
  ...wheel,
  items: wheel.items.map((item) => (item.id === id ? withWeight(item, weight) : item)),
})
