import { createDefaultWheel, type Wheel, type WheelSettings } from './model'
import { savedWheelName } from './operations'

/** How long after the last change a loaded saved wheel saves itself (premium, auto-save on). */
export const AUTO_SAVE_DELAY_MS = 1000

/**
 * What auto-save does with the current wheel now:
 * - 'off': not premium (auto-save is a premium feature);
 * - 'not-saved': a wheel that was never saved (Save Wheel creates it; auto-save never does);
 * - 'unchanged': the same as its saved copy (a name differing only in what saving trims counts as
 *   the same, so a name being typed is not saved over and over);
 * - 'turned-off': changed, but the user turned auto-save off in Settings;
 * - 'emptied': the saved wheel has items and this one has none (Clear all, every item deleted);
 *   auto-save never empties a saved wheel: that takes Save Wheel (decision 0032);
 * - 'elimination': elimination mode removes winners from the wheel; saving that would shrink the
 *   saved wheel game by game, so auto-save waits for Save Wheel;
 * - 'due': save it now. A rename is saved too: the saved wheel takes the new name (decision 0032).
 */
export type AutoSaveState =
  | 'off'
  | 'not-saved'
  | 'unchanged'
  | 'turned-off'
  | 'emptied'
  | 'elimination'
  | 'due'

/** Equal as JSON would store them: key order and keys set to undefined do not count. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((x, i) => same(x, b[i]))
  }
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  const keys = Object.keys(x).filter((k) => x[k] !== undefined)
  if (keys.length !== Object.keys(y).filter((k) => y[k] !== undefined).length) return false
  return keys.every((k) => same(x[k], y[k]))
}

/** The same wheel as far as saving goes (its name as saving stores it; timestamps aside). */
const sameContent = (a: Wheel, b: Wheel) =>
  savedWheelName(a.name) === savedWheelName(b.name) &&
  same(a.items, b.items) &&
  same(a.settings, b.settings) &&
  same(a.tally ?? {}, b.tally ?? {}) &&
  same(a.look ?? null, b.look ?? null)

export function autoSaveState(
  current: Wheel,
  saved: readonly Wheel[],
  { premium, autoSave }: { premium: boolean; autoSave: boolean },
): AutoSaveState {
  if (!premium) return 'off'
  const original = current.id === null ? undefined : saved.find((w) => w.id === current.id)
  if (!original) return 'not-saved'
  if (original === current || sameContent(original, current)) return 'unchanged'
  if (!autoSave) return 'turned-off'
  if (original.items.length > 0 && current.items.length === 0) return 'emptied'
  if (current.settings.mode === 'elimination') return 'elimination'
  return 'due'
}

/** A new wheel (New Wheel): the default wheel, with sound and confetti as the user's defaults say. */
export function newWheel(defaults: Pick<WheelSettings, 'soundEnabled' | 'confettiEnabled'>): Wheel {
  const wheel = createDefaultWheel()
  return {
    ...wheel,
    settings: {
      ...wheel.settings,
      soundEnabled: defaults.soundEnabled,
      confettiEnabled: defaults.confettiEnabled,
    },
  }
}
