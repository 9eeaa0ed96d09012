import type { AutoSaveState } from '../../../core/wheel/auto-save'

/** Why auto-save did not save a changed saved wheel; the line beside Save Wheel says it. */
export type WaitReason = 'emptied' | 'elimination' | 'turned-off' | 'differs'

/** What the wheel page shows beside Save Wheel about auto-save. */
export type AutoSaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saved' }
  | { kind: 'waiting'; reason: WaitReason }
  | { kind: 'failed'; message: string }

/**
 * The line for a state of auto-save (core `autoSaveState`): for a loaded saved wheel it always
 * says something (saved, saving, or not saved and why); for any other wheel nothing.
 * `scheduled`: a save of this very wheel is waiting for its second; `writing`: it is saved on the
 * page and the browser is still storing it ("Saved" only once a reload would keep it); `failed`:
 * the last save of this very wheel was refused, with the reason.
 */
export function autoSaveStatus(
  state: AutoSaveState,
  { scheduled, writing, failed }: { scheduled: boolean; writing: boolean; failed: string | null },
): AutoSaveStatus {
  switch (state) {
    case 'off':
    case 'not-saved':
      return { kind: 'idle' }
    case 'unchanged':
      return writing ? { kind: 'pending' } : { kind: 'saved' }
    case 'due':
      // Due with nothing waiting: the page opened on it, or the saved copy changed elsewhere.
      // Auto-save saves on an edit here, never an older copy over a newer one by itself.
      if (failed !== null) return { kind: 'failed', message: failed }
      return scheduled ? { kind: 'pending' } : { kind: 'waiting', reason: 'differs' }
    default:
      return { kind: 'waiting', reason: state }
  }
}
