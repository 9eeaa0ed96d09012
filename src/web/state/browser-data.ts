import { commitSaved } from './saved-wheels-persistence'
import { saved, savedWheelsReady } from './saved-wheels-state'
import * as legacy from './sync-state'

/**
 * The one door to the user's saved wheels kept in this browser (decision 0052). The wheel store
 * holds them for the screens and changes them only through its actions; what keeps them (IndexedDB,
 * or local storage where it cannot be: saved-wheels-persistence.ts and saved-wheels-start.ts) is
 * reached from elsewhere only through browser-data*.ts: this file (what a first visit needs),
 * browser-data-sync.ts (cloud sync's part), browser-data-versions.ts (earlier versions) and
 * browser-data-early-list.ts (/saved's list read as its page is parsed).
 */

/** Resolves once the saved wheels have been read from the browser (and an older version's moved in). */
export const savedWheelsRead = (): Promise<void> => savedWheelsReady()

/**
 * An explicit save (Save Wheel): what is waiting is written now rather than a moment later, and
 * the answer comes once it is stored, so "Saved." is only said of a wheel a reload keeps. Where the
 * saved wheels live in local storage they were written with the change itself.
 */
export async function writeSavedNow(): Promise<boolean> {
  await savedWheelsReady()
  return saved.mode === 'indexeddb' ? commitSaved() : true
}

/** Tombstones: saved wheels the user deleted here that the server has not yet been told about. */
export function recordDeletedWheels(ids: readonly string[]): void {
  if (saved.mode === 'local') legacy.recordDeletedWheels(ids)
  saved.tombstones.record(ids)
}
