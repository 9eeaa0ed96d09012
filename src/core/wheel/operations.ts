import { createId, createItem, type Item, type Wheel, type WheelSettings } from './model'

export const addItem = (wheel: Wheel, item: Item): Wheel => ({ ...wheel, items: [...wheel.items, item] })

export const updateItem = (wheel: Wheel, id: string, changes: Partial<Omit<Item, 'id'>>): Wheel => ({
  ...wheel,
  items: wheel.items.map((item) => (item.id === id ? { ...item, ...changes } : item)),
})

export function removeItem(wheel: Wheel, id: string): Wheel {
  const items = wheel.items.filter((item) => item.id !== id)
  if (!wheel.tally || !(id in wheel.tally)) return { ...wheel, items }
  const { [id]: _removed, ...tally } = wheel.tally
  return { ...wheel, items, tally }
}

/** Removes the first item with this text and colour (the winner modal's Remove). */
export function removeFirstMatching(wheel: Wheel, result: { text: string; color: string }): Wheel {
  const index = wheel.items.findIndex((i) => i.text === result.text && i.color === result.color)
  if (index < 0) return wheel
  return removeItem(wheel, wheel.items[index]?.id ?? '')
}

export const updateSettings = (wheel: Wheel, changes: Partial<WheelSettings>): Wheel => ({
  ...wheel,
  settings: { ...wheel.settings, ...changes },
})

export function addWin(wheel: Wheel, itemId: string): Wheel {
  const tally = { ...(wheel.tally ?? {}) }
  tally[itemId] = (tally[itemId] ?? 0) + 1
  return { ...wheel, tally }
}

export const resetTally = (wheel: Wheel): Wheel => ({ ...wheel, tally: {} })

/** Copies items with fresh ids (loading a preset, duplicating a wheel). */
export const withNewIds = (items: { text: string; color: string }[], now?: () => number): Item[] =>
  items.map((item) => createItem(item.text, item.color, now))

/** Save: creates or replaces by id, and sets the timestamps. */
export function saveWheel(
  saved: Wheel[],
  wheel: Wheel,
  now: Date = new Date(),
): { saved: Wheel[]; wheel: Wheel } {
  const timestamp = now.toISOString()
  const existing = wheel.id ? saved.find((w) => w.id === wheel.id) : undefined
  const stored: Wheel = {
    ...wheel,
    id: wheel.id ?? createId(() => now.getTime()),
    createdAt: existing?.createdAt ?? wheel.createdAt ?? timestamp,
    updatedAt: timestamp,
  }
  const next = existing ? saved.map((w) => (w.id === stored.id ? stored : w)) : [...saved, stored]
  return { saved: next, wheel: stored }
}

export function duplicateWheel(wheel: Wheel, now: Date = new Date()): Wheel {
  const timestamp = now.toISOString()
  return {
    ...wheel,
    id: createId(() => now.getTime()),
    name: `${wheel.name} (Copy)`,
    items: withNewIds(wheel.items),
    tally: {},
    createdAt: timestamp,
    updatedAt: timestamp,
  }
}
