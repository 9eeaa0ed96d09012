import type { SyncState } from '../../core/sync/merge'
import type { Wheel } from '../../core/wheel/model'
import { commitSaved, schedule } from './saved-wheels-persistence'
import { applySaved, saved } from './saved-wheels-state'
import * as legacy from './sync-state'
import { useWheelStore } from './wheel-store'

/**
 * Cloud sync's part of the browser data owner (decision 0052; browser-data.ts): the sync record
 * and the tombstones kept with the saved wheels, the wheels sync agreed with the account, and the
 * changes it follows. Loaded with cloud sync only. The wheels sync brings are written once, with
 * the record that goes with them, and are not handed back to it as a change to send.
 */

/** The cloud-sync record stored with the wheels (null: this browser never synced). */
export const getSyncRecord = (): SyncState | null =>
  saved.mode === 'local' ? legacy.readSyncState() : saved.syncRecord

/**
 * Stores the cloud-sync record (null: forgets it) in one write with every saved-wheel change not
 * yet written, those sync took in among them; false if the browser refused it.
 */
export const storeSyncRecord = (record: SyncState | null): Promise<boolean> => commitSaved({ sync: record })

/** Tombstones: saved wheels the user deleted here that the server has not yet been told about. */
export const getDeletedWheels = (): string[] =>
  saved.mode === 'local' ? legacy.readDeletedWheels() : saved.tombstones.list()

/** The server was told of these deletions (or never had the wheels): their tombstones go. */
export function forgetDeletedWheels(ids: ReadonlySet<string>): void {
  if (ids.size === 0) return
  if (saved.mode === 'local') legacy.forgetDeletedWheels(ids)
  saved.tombstones.forget(ids)
  if (saved.mode === 'indexeddb') schedule()
}

/**
 * The saved wheels as sync agreed them with the account (wheels pulled, or another account's let
 * go): written with the sync record stored next (storeSyncRecord), never a change to send back.
 */
export function takeInCloudWheels(wheels: Wheel[]): void {
  if (wheels !== useWheelStore.getState().savedWheels) applySaved({ savedWheels: wheels }, 'cloud')
}

/**
 * Calls `follower` after each change of the saved wheels that did not come from the cloud (made in
 * this tab or another, or read at start); returns the function that stops it.
 */
export const onSavedWheelsChange = (follower: () => void): (() => void) =>
  useWheelStore.subscribe((state, previous) => {
    if (state.savedWheels !== previous.savedWheels && saved.source !== 'cloud') follower()
  })
