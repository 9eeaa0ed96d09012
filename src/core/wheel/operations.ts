import { storableCut, storableTextOf } from '../text/storable'
import {
  clampSpinDuration,
  clampWheelSize,
  createId,
  createItem,
  DEFAULT_WHEEL_NAME,
  type Item,
  MAX_ITEMS,
  MAX_WHEEL_NAME,
  type Wheel,
  type WheelSettings,
} from './model'

/**
 * Pure operations on wheels (SPEC §4 "Wheel store actions"). Each returns a new object and leaves
 * its arguments untouched; unchanged parts are shared, not copied.
 */

type ItemContent = { text: string; color: string }

const ownCount = (tally: Record<string, number> | undefined, id: string): number =>
  tally && Object.hasOwn(tally, id) ? (tally[id] ?? 0) : 0

export const addItem = (wheel: Wheel, item: Item): Wheel => ({ ...wheel, items: [...wheel.items, item] })

/** How many more items fit, given the plan's limit (Infinity for premium) and the hard MAX_ITEMS. */
export const itemRoom = (wheel: Wheel, maxItems: number): number =>
  Math.max(0, Math.min(maxItems, MAX_ITEMS) - wheel.items.length)

export const canAddItem = (wheel: Wheel, maxItems: number): boolean => itemRoom(wheel, maxItems) > 0

export const updateItem = (wheel: Wheel, id: string, changes: Partial<ItemContent>): Wheel => ({
  ...wheel,
  items: wheel.items.map((item) =>
    item.id === id
      ? { ...item, ...changes, ...(changes.text === undefined ? {} : { text: storableTextOf(changes.text) }) }
      : item,
  ),
})

/** Removes the item with this id, and its tally. */
export function removeItem(wheel: Wheel, id: string): Wheel {
  const items = wheel.items.filter((item) => item.id !== id)
  if (!wheel.tally || !Object.hasOwn(wheel.tally, id)) return { ...wheel, items }
  const tally = { ...wheel.tally }
  delete tally[id]
  return { ...wheel, items, tally }
}

/** Removes the first item with this text and colour (the winner modal's Remove). */
export function removeFirstMatching(wheel: Wheel, result: ItemContent): Wheel {
  const match = wheel.items.find((i) => i.text === result.text && i.color === result.color)
  return match ? removeItem(wheel, match.id) : wheel
}

/** Renames the wheel (cut at MAX_WHEEL_NAME; kept as typed otherwise, so editing keeps spaces). */
export const renameWheel = (wheel: Wheel, name: string): Wheel => ({
  ...wheel,
  name: storableCut(name, MAX_WHEEL_NAME),
})

/** Changes settings; the spin duration and wheel size are clamped to their sliders' ranges and steps. */
export function updateSettings(wheel: Wheel, changes: Partial<WheelSettings>): Wheel {
  const settings = { ...wheel.settings, ...changes }
  if ('spinDuration' in changes) settings.spinDuration = clampSpinDuration(settings.spinDuration)
  if ('wheelSize' in changes) settings.wheelSize = clampWheelSize(settings.wheelSize)
  return { ...wheel, settings }
}

/** Accumulation mode: one more win for this item. */
export function addWin(wheel: Wheel, itemId: string): Wheel {
  // A computed key defines an own property even for '__proto__', unlike assignment.
  return { ...wheel, tally: { ...wheel.tally, [itemId]: ownCount(wheel.tally, itemId) + 1 } }
}

/** Accumulation mode: this item's wins (0 when none). */
export const winsOf = (wheel: Wheel, itemId: string): number => ownCount(wheel.tally, itemId)

export const resetTally = (wheel: Wheel): Wheel => ({ ...wheel, tally: {} })

/** Copies items with fresh ids (loading a preset, duplicating a wheel). */
export const withNewIds = (
  items: readonly (ItemContent & { weight?: number | undefined; image?: string | undefined })[],
  now?: () => number,
): Item[] =>
  items.map((item) => {
    const copy: Item = createItem(item.text, item.color, now)
    if (item.weight !== undefined) copy.weight = item.weight
    if (item.image !== undefined) copy.image = item.image
    return copy
  })

/**
 * Loads a preset into the editor: its name and items (with new ids), the current settings kept.
 * The result is a new, unsaved wheel (id null), so saving it never overwrites the wheel that was
 * open before.
 */
export function loadPreset(
  wheel: Wheel,
  preset: { name: string; items: readonly ItemContent[] },
  now?: () => number,
): Wheel {
  return {
    id: null,
    name: preset.name.slice(0, MAX_WHEEL_NAME),
    items: withNewIds(preset.items.slice(0, MAX_ITEMS), now),
    settings: { ...wheel.settings },
    tally: {},
  }
}

/** The name a wheel is saved under: trimmed, at most MAX_WHEEL_NAME characters, never blank. */
export const savedWheelName = (name: string): string =>
  name.trim().slice(0, MAX_WHEEL_NAME) || DEFAULT_WHEEL_NAME

/**
 * Save: creates the wheel in the saved list (a new id when it has none) or replaces the one with
 * its id. Sets updatedAt, keeps the first createdAt, and uses 'My Wheel' for a blank name.
 */
export function saveWheel(
  saved: readonly Wheel[],
  wheel: Wheel,
  now: Date = new Date(),
): { saved: Wheel[]; wheel: Wheel } {
  const timestamp = now.toISOString()
  const existing = wheel.id === null ? undefined : saved.find((w) => w.id === wheel.id)
  const stored: Wheel = {
    ...wheel,
    id: wheel.id ?? createId(() => now.getTime()),
    name: savedWheelName(wheel.name),
    createdAt: existing?.createdAt ?? wheel.createdAt ?? timestamp,
    updatedAt: timestamp,
  }
  const next = existing ? saved.map((w) => (w.id === stored.id ? stored : w)) : [...saved, stored]
  return { saved: next, wheel: stored }
}

/** A copy with a new id and new item ids, named '<name> (Copy)', with fresh timestamps and no tally. */
export function duplicateWheel(wheel: Wheel, now: Date = new Date()): Wheel {
  const timestamp = now.toISOString()
  const clock = () => now.getTime()
  const suffix = ' (Copy)'
  return {
    ...wheel,
    id: createId(clock),
    name: `${wheel.name.slice(0, MAX_WHEEL_NAME - suffix.length)}${suffix}`,
    items: withNewIds(wheel.items, clock),
    tally: {},
    createdAt: timestamp,
    updatedAt: timestamp,
  }
}

/** Duplicates the saved wheel with this id, placing the copy right after it. Unknown id: unchanged. */
export function duplicateSavedWheel(saved: readonly Wheel[], id: string, now: Date = new Date()): Wheel[] {
  const index = saved.findIndex((w) => w.id === id)
  if (index < 0) return [...saved]
  const copy = duplicateWheel(saved[index] as Wheel, now)
  return [...saved.slice(0, index + 1), copy, ...saved.slice(index + 1)]
}

export const deleteSavedWheel = (saved: readonly Wheel[], id: string): Wheel[] =>
  saved.filter((w) => w.id !== id)
