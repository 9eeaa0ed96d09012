import { BACKUP_KEY, COLOR_SCHEME_KEY, STORE_KEY, savedPendingKeys } from '../../core/storage/keys'
import { runDeclinedDataRemovers } from './declined-data-removers'
import { SYNC_DELETED_KEY, SYNC_STATE_KEY } from './sync-keys'

/**
 * What "Decline" removes, from whichever page it is pressed on: the colour scheme, the spin history and
 * saved wheels in the wheel store's local-storage value (the current wheel stays: it is essential),
 * the store's backup, the cloud-sync records, the saved wheels a page left unstored, and the saved
 * wheels in IndexedDB. None of it needs the wheel code: the stored values are edited directly. A
 * loaded feature (the wheel store) also registers a remover (declined-data-removers.ts), so the
 * open page shows the change at once.
 */
function removeFromLocalStorage(keepColorScheme: boolean): void {
  try {
    const pending = savedPendingKeys(Object.keys(localStorage))
    for (const key of [BACKUP_KEY, SYNC_STATE_KEY, SYNC_DELETED_KEY, ...pending]) localStorage.removeItem(key)
    if (!keepColorScheme) localStorage.removeItem(COLOR_SCHEME_KEY)
    const raw = localStorage.getItem(STORE_KEY)
    if (raw === null) return
    let stored: unknown
    try {
      stored = JSON.parse(raw)
    } catch {
      stored = null
    }
    if (stored !== null && typeof stored === 'object' && !Array.isArray(stored)) {
      localStorage.setItem(STORE_KEY, JSON.stringify({ ...stored, spinHistory: [], savedWheels: [] }))
    } else {
      // Unreadable: nothing in it can be kept apart from the optional data, so all of it goes.
      localStorage.removeItem(STORE_KEY)
    }
  } catch {
    // Storage unavailable: there is nothing stored to remove.
  }
}

/**
 * Empties the saved-wheels database; the database itself stays so open tabs keep working. Its code
 * loads only here: the cookie notice, which every first visit loads, then does not bring it (and its
 * version stores) with it.
 */
export async function removeSavedWheelsDatabase(): Promise<void> {
  // The code could not load (offline before it was ever cached): nothing can be removed from here.
  const database = await import('./saved-wheels-db').catch(() => null)
  if (!database) return
  const db = await database.openSavedWheelsDb()
  if (!db) return
  try {
    await database.clearSaved(db)
  } catch {
    // The database refused the write: nothing more can be done from here.
  } finally {
    db.close()
  }
}

export function removeDeclinedData(): Promise<void> {
  runDeclinedDataRemovers()
  removeFromLocalStorage(false)
  return removeSavedWheelsDatabase()
}

/**
 * After the account was deleted: its saved wheels, spin history and sync records leave this
 * browser too (the look of the site, the theme, stays; it is no one's data).
 */
export function removeAccountDataFromBrowser(): Promise<void> {
  runDeclinedDataRemovers()
  removeFromLocalStorage(true)
  return removeSavedWheelsDatabase()
}
