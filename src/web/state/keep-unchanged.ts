import type { PersistedState } from '../../core/storage/persisted-state'

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

/**
 * `after` (a state read back from storage: every object new) with each small part that equals its
 * counterpart in `before` replaced by that counterpart, so the components that show only those parts
 * see no change when another tab changes the items. Items themselves are shared by the chunk reader
 * (wheel-local-storage.ts). Parts are compared as JSON: a part with its keys in another order simply
 * counts as changed.
 */
export function keepUnchanged(before: PersistedState, after: PersistedState): PersistedState {
  const was = before.currentWheel
  const wheel = { ...after.currentWheel }
  if (same(was.settings, wheel.settings)) wheel.settings = was.settings
  if (wheel.look !== undefined && same(was.look, wheel.look)) wheel.look = was.look
  if (wheel.tally !== undefined && same(was.tally, wheel.tally)) wheel.tally = was.tally
  return {
    ...after,
    currentWheel: wheel,
    settings: same(before.settings, after.settings) ? before.settings : after.settings,
    spinHistory: same(before.spinHistory, after.spinHistory) ? before.spinHistory : after.spinHistory,
  }
}
