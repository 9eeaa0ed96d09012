import type { StoreApi } from 'zustand'
import { msg } from '../../core/i18n/message-id'
import type { PersistedState } from '../../core/storage/persisted-state'
import type { WheelSummary } from '../../core/wheel/summary'
import { keepUnchanged } from './keep-unchanged'
import { savedWheelsInLocalStorage } from './saved-wheels-persistence'
import { INLINE_MAX_ITEMS } from './wheel-local-storage'

// What of the wheel store goes to its local-storage key, and the messages its writes show
// (wheel-store-writes.ts writes the key and follows other tabs' writes of it).

/** What of the wheel store is written, and the message it shows when the browser refuses. */
export type Store = StoreApi<
  PersistedState & {
    storageProblem: string | null
    savedWheelsLoaded: boolean
    savedSummaries: WheelSummary[] | null
  }
>

export const STORAGE_FULL_MESSAGE = msg(
  'Your browser has no room left to save this wheel, so changes will be lost when you close the page. Remove some items or saved wheels, or free up browser storage.',
)

/** Shown while this tab, started unread, cannot load the code that reads the other tab's write. */
export const UNREAD_MESSAGE = msg(
  "Your wheel could not be read from this browser's storage just now, so changes here are not saved. Nothing was deleted: reload the page to try again.",
)

/** The state as the key holds it: the saved wheels live in IndexedDB, and in the key only where they cannot. */
export const pick = (s: PersistedState): PersistedState => ({
  version: s.version,
  currentWheel: s.currentWheel,
  savedWheels: savedWheelsInLocalStorage() ? s.savedWheels : [],
  spinHistory: s.spinHistory,
  settings: s.settings,
})

/** The parts of the state that a tab taking in another's write late keeps where it changed them since. */
const SHARED_PARTS = ['currentWheel', 'spinHistory', 'settings'] as const

/**
 * Another tab's write (`theirs`) as this tab takes it in over its own state (`mine`). Parts the
 * other tab did not change stay the same objects: what shows only them is not redrawn. Taken in
 * late (its reader was loading), what this tab changed since it heard of the write (`heard`) is
 * newer than that write, and stays (`keptMine`). `withSaved`: the saved wheels follow the key too.
 */
export function takenIn(
  mine: PersistedState,
  theirs: PersistedState,
  heard: PersistedState | undefined,
  withSaved: boolean,
): { state: PersistedState; keptMine: boolean } {
  const state = keepUnchanged(mine, theirs)
  const parts = withSaved ? [...SHARED_PARTS, 'savedWheels' as const] : SHARED_PARTS
  const kept = heard ? parts.filter((part) => mine[part] !== heard[part]) : []
  for (const part of kept) Object.assign(state, { [part]: mine[part] })
  return { state, keptMine: kept.length > 0 }
}

/** Whether a change of the store changes what its key holds. */
export const changesTheKey = (state: PersistedState, previous: PersistedState): boolean =>
  state.currentWheel !== previous.currentWheel ||
  (state.savedWheels !== previous.savedWheels && savedWheelsInLocalStorage()) ||
  state.spinHistory !== previous.spinHistory ||
  state.settings !== previous.settings

/**
 * A big wheel (stored in chunks) is written once the page is idle, so the write of up to 0.8 MB
 * (15-85 ms on a slow machine) delays neither the frame that shows the change nor the next;
 * leaving or hiding the page writes it at once.
 */
export const writtenWhenIdle = (state: PersistedState): boolean =>
  state.currentWheel.items.length > INLINE_MAX_ITEMS &&
  typeof requestAnimationFrame === 'function' &&
  document.visibilityState === 'visible'
