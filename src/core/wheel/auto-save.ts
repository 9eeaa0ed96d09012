import type { GlobalSettings } from '../storage/persisted-state'
import { createDefaultWheel, type Wheel } from './model'
import { isRenamedSavedWheel } from './save-choice'

/** How long after the last change a loaded saved wheel saves itself (premium, auto-save on). */
export const AUTO_SAVE_DELAY_MS = 1000

/**
 * What auto-save does with the current wheel now:
 * - 'off': not premium, or the user turned auto-save off;
 * - 'not-saved': a wheel that was never saved (Save Wheel creates it; auto-save never does);
 * - 'unchanged': the same as its saved copy;
 * - 'renamed': renamed since it was loaded, so Save Wheel asks "update, or save as new" (0017);
 *   auto-save waits for that answer rather than rename the saved wheel behind the user's back;
 * - 'elimination': elimination mode removes winners from the wheel; saving that would shrink the
 *   saved wheel game by game, so auto-save waits for Save Wheel;
 * - 'due': save it now.
 */
export type AutoSaveState = 'off' | 'not-saved' | 'unchanged' | 'renamed' | 'elimination' | 'due'

const content = (w: Wheel) => JSON.stringify([w.name, w.items, w.settings, w.tally ?? {}, w.look ?? null])

export function autoSaveState(
  current: Wheel,
  saved: readonly Wheel[],
  { premium, autoSave }: { premium: boolean; autoSave: boolean },
): AutoSaveState {
  if (!premium || !autoSave) return 'off'
  const original = current.id === null ? undefined : saved.find((w) => w.id === current.id)
  if (!original) return 'not-saved'
  if (original === current || content(original) === content(current)) return 'unchanged'
  if (isRenamedSavedWheel(current, saved)) return 'renamed'
  if (current.settings.mode === 'elimination') return 'elimination'
  return 'due'
}

/** A new wheel (New Wheel): the default wheel, with sound and confetti as the user's defaults say. */
export function newWheel(defaults: Pick<GlobalSettings, 'soundEnabled' | 'confettiEnabled'>): Wheel {
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
