import type { SyncState } from '../../core/sync/merge'
import type { Wheel } from '../../core/wheel/model'
import { commitSaved, schedule } from './saved-wheels-persistence'
import { applySaved, saved, savedWheelsReady } from './saved-wheels-state'
import * as legacy from './sync-state'
import { useWheelStore } from './wheel-store'

/**
 * The one door to the user's saved wheels kept in this browser (decision 0052). The wheel store
 * holds them for the screens and changes them only through its actions; what keeps them (IndexedDB,
 * or local storage where it cannot be: saved-wheels-persistence.ts and saved-wheels-start.ts), and
 * their earlier versions (browser-data-versions.ts), are reached from elsewhere only through these
 * functions. Cloud sync is one caller: the wheels it brings are written with its record, once, and
 * do not set it off again.
 */

/** Resolves once the saved wheels have been read from the browser (and an older version's moved in). */
export const savedWheelsRead = (): Promise<void> => savedWheelsReady

/**
 * An explicit save (Save Wheel): what is waiting is written now rather than a moment later, and
 * the answer comes once it is stored, so "Saved." is only said of a wheel a reload keeps. Where the
 * saved wheels live in local storage they were written with the change itself.
 */
export async function writeSavedNow(): Promise<boolean> {
  await savedWheelsReady
  return saved.mode === 'indexeddb' ? commitSaved() : true
}

/** The cloud-sync record stored with the wheels (null: this browser never synced). */
export const getSyncRecord = (): SyncState | null =>
  saved.mode === 'local' ? legacy.readSyncState() : saved.syncRecord

/**
 * Stores the cloud-sync record (null: forget it) in one write with every saved-wheel change not yet
 * written, those that came from the cloud with it; false if the browser refused it.
 */
export const storeSyncRecord = (record: SyncState | null): Promise<boolean> => commitSaved({ sync: record })

/** Tombstones: saved wheels the user deleted here that the server has not yet been told about. */
export const getDeletedWheels = (): string[] =>
  saved.mode === 'local' ? legacy.readDeletedWheels() : saved.tombstones.list()

/** The server has been told of these deletions (or never had the wheels): their tombstones go. */
export function forgetDeletedWheels(ids: ReadonlySet<string>): void {
  if (ids.size === 0) return
  if (saved.mode === 'local') legacy.forgetDeletedWheels(ids)
  saved.tombstones.forget(ids)
  if (saved.mode === 'indexeddb') schedule()
}

/**
 * The saved wheels as cloud sync agreed them with the account (wheels pulled, or another
 * account's let go). They are written with the sync record that follows (storeSyncRecord), and
 * are no change of this tab's for sync to send back.
 */
export function takeInCloudWheels(wheels: Wheel[]): void {
  if (wheels !== useWheelStore.getState().savedWheels) applySaved({ savedWheels: wheels }, 'cloud')
}

/**
 * Calls `listener` after each change of the saved wheels that did not come from the cloud (made in
 * this tab or another, or read at start); returns the function that stops it.
 */
export const onSavedWheelsChange = (listener: () => void): (() => void) =>
  useWheelStore.subscribe((state, previous) => {
    if (state.savedWheels !== previous.savedWheels && saved.source !== 'cloud') listener()
  })
