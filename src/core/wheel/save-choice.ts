import type { Wheel } from './model'

/**
 * Whether saving asks "update the saved wheel, or Save as new": the wheel was loaded from the
 * saved wheels and has been renamed since, so the user may mean a new wheel.
 */
export function isRenamedSavedWheel(wheel: Wheel, saved: readonly Wheel[]): boolean {
  if (wheel.id === null) return false
  const original = saved.find((w) => w.id === wheel.id)
  return original !== undefined && original.name.trim() !== wheel.name.trim()
}

/** The wheel as a new, unsaved one (no id, no timestamps), so saving it adds a wheel. */
export function asNewWheel(wheel: Wheel): Wheel {
  const { createdAt: _c, updatedAt: _u, ...rest } = wheel
  return { ...rest, id: null }
}
