import type { SyncState } from '../../core/sync/merge'
import type { Wheel } from '../../core/wheel/model'
import { changedWheels } from './saved-wheels-changes'
import type { SavedWrite, StoredWheel } from './saved-wheels-db'
import { writeBegun } from './saved-wheels-journal'
import {
  type Notice,
  SAVED_FAILED_MESSAGE,
  SAVED_FULL_MESSAGE,
  saved,
  savedWheelsReady,
  setProblem,
} from './saved-wheels-state'
import * as legacy from './sync-state'

/**
 * Keeps the saved wheels in IndexedDB (decision 0011): only the wheels that changed are written,
 * a moment after the change, in one transaction with the cloud-sync record that goes with them.
 * This is the write path; saved-wheels-start.ts reads them at start (moving an older version's
 * local-storage wheels in) and follows the other tabs; browser-data.ts is what the rest of the app
 * (cloud sync, Save Wheel, /saved) calls (decision 0052). Without IndexedDB (some private modes) the
 * saved wheels stay in local storage as far as it holds them, as before.
 */

/** The IndexedDB code, loaded with the first read or write (decision 0054). */
export const savedWheelsDb = () => import('./saved-wheels-db')

const RETRY_MS = 5_000
const WRITE_DELAY_MS = 50
let timer: ReturnType<typeof setTimeout> | undefined

/** While true, the wheel store keeps the saved wheels in its local-storage key, as before. */
export const savedWheelsInLocalStorage = (): boolean => saved.mode !== 'indexeddb'

/** Whether a write is waiting for its moment (the tab being hidden writes it at once). */
export const writeWaiting = (): boolean => timer !== undefined

const seqOf = (id: string) => {
  let seq = saved.seqs.get(id)
  if (seq === undefined) {
    seq = saved.nextSeq++
    saved.seqs.set(id, seq)
  }
  return seq
}

export function schedule(delay = WRITE_DELAY_MS) {
  clearTimeout(timer)
  timer = setTimeout(() => {
    timer = undefined
    void commitSaved()
  }, delay)
}

/** Marks what a change of the saved wheels put and removed, to be written; returns the ids put. */
export function noteChange(next: readonly Wheel[], previous: readonly Wheel[]): string[] {
  const { put, remove } = changedWheels(next, previous)
  for (const id of put) {
    saved.dirtyPut.add(id)
    saved.dirtyRemove.delete(id)
  }
  for (const id of remove) {
    saved.dirtyRemove.add(id)
    saved.dirtyPut.delete(id)
  }
  return put
}

/** Writes what changed (and the sync record, when given) in one transaction; false if refused. */
export async function commitSaved(extra: { sync?: SyncState | null } = {}): Promise<boolean> {
  await savedWheelsReady()
  const { db, dirtyPut, dirtyRemove, tombstones } = saved
  if (saved.mode === 'local' || !db) {
    let ok = saved.persistLocal()
    if (ok && extra.sync === null) legacy.clearSyncState()
    if (ok && extra.sync) ok = legacy.writeSyncState(extra.sync)
    if (ok && extra.sync !== undefined) saved.syncRecord = extra.sync
    return ok
  }
  clearTimeout(timer)
  timer = undefined
  const { isQuotaError, writeSaved } = await savedWheelsDb()
  const started = performance.now()
  const current = new Map((saved.store?.getState().savedWheels ?? []).map((w) => [w.id, w]))
  const put: StoredWheel[] = []
  for (const id of dirtyPut) {
    const wheel = current.get(id)
    if (wheel) put.push({ id, seq: seqOf(id), wheel })
  }
  const remove = [...dirtyRemove]
  const taken = tombstones.take()
  const forced = new Set(saved.forcedVersions)
  const write: SavedWrite = { put, remove, sync: extra.sync, ...taken, versions: { now: new Date(), forced } }
  dirtyPut.clear()
  dirtyRemove.clear()
  saved.forcedVersions.clear()
  const settled = writeBegun(put.map((row) => row.id))
  try {
    const written = writeSaved(db, write)
    // The main thread's part of the write (each changed wheel is cloned now); the rest is the browser's.
    performance.measure?.('whirl:persist-saved', { start: started })
    const stored = await written
    if (stored) tombstones.stored(stored)
    settled()
    if (extra.sync !== undefined) saved.syncRecord = extra.sync
    setProblem(null, [SAVED_FULL_MESSAGE, SAVED_FAILED_MESSAGE])
    const changedTombstones = taken.deletedAdd.length > 0 || taken.deletedForget.length > 0
    if (put.length > 0 || remove.length > 0 || changedTombstones)
      saved.channel?.postMessage({
        put: put.map((r) => r.id),
        remove,
        tombstones: changedTombstones,
      } satisfies Notice)
    return true
  } catch (error) {
    // Nothing of this write was stored: mark it again, from what the page holds now, and retry.
    const now = new Set((saved.store?.getState().savedWheels ?? []).map((w) => w.id))
    for (const row of put) if (now.has(row.id)) dirtyPut.add(row.id)
    for (const id of remove) if (!now.has(id)) dirtyRemove.add(id)
    tombstones.giveBack(taken)
    for (const id of forced) saved.forcedVersions.add(id)
    settled()
    // The browser's storage is full: the oldest versions make room first, never a saved wheel.
    if (
      isQuotaError(error) &&
      (await import('./saved-wheel-versions-db').then((v) => v.dropOldestVersions(db)).catch(() => 0)) > 0
    ) {
      schedule(0)
      return false
    }
    setProblem(isQuotaError(error) ? SAVED_FULL_MESSAGE : SAVED_FAILED_MESSAGE, [
      SAVED_FULL_MESSAGE,
      SAVED_FAILED_MESSAGE,
    ])
    // A connection the browser closed (a newer version opened the database, or the browser let it
    // go) fails every write: open it again before retrying.
    if (error instanceof DOMException && error.name === 'InvalidStateError') await reopen()
    schedule(RETRY_MS)
    return false
  }
}

/** Opens the database again (the browser closed the connection). */
export async function reopen() {
  const fresh = await (await savedWheelsDb()).openSavedWheelsDb()
  if (fresh) saved.db = fresh
}

/**
 * Cookies declined (or the account deleted): the saved wheels and the sync record leave this
 * browser, and every other open tab lets go of its copy too, so none writes them back.
 */
export async function removeSavedWheels(): Promise<void> {
  saved.dirtyPut.clear()
  saved.dirtyRemove.clear()
  saved.tombstones.clear()
  saved.syncRecord = null
  legacy.clearSyncState()
  const known = [...saved.seqs.keys()]
  saved.seqs.clear()
  if (saved.clearingForOtherTab) return
  const { db } = saved
  if (db)
    await savedWheelsDb()
      .then((idb) => idb.clearSaved(db))
      .catch(() => {})
  saved.channel?.postMessage({ put: [], remove: known, cleared: true } satisfies Notice)
}
