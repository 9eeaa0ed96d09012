import { savedPendingKeys } from '../../core/storage/keys'
import { strictWheel } from '../../core/wheel/checks'
import type { Wheel } from '../../core/wheel/model'
import { readIndex, readWheels, writeSaved } from './saved-wheels-db'
import { OWN_PENDING_KEY } from './saved-wheels-journal'
import { saved } from './saved-wheels-state'
import * as legacy from './sync-state'

/**
 * What the key held when the wheels had been moved in already, for the start to take in with the
 * wheels pages left (takeLeftWheels): its wheels, and the deletions recorded in the older keys.
 */
let fromKey: { wheels: Wheel[]; deleted: string[] } = { wheels: [], deleted: [] }

/**
 * Moves an older version's local-storage wheels in; true once they are read back from IndexedDB.
 *
 * Where they were moved in already, what the key holds comes from a visit that kept the wheels there
 * (its database stuck opening, a tab of an older version, a save while the start waited): it is
 * taken in once the stored wheels are read (takeLeftWheels), as this tab's changes. Newer copies
 * replace older ones, deleted wheels stay deleted, and each change is written, kept as a version,
 * told to other tabs and to cloud sync as any change here is. Not the wheels that visit pulled from
 * the account (its sync record says so): the account has them, and the older cursor brings them.
 */
export async function migrateFromLocalStorage(
  database: IDBDatabase,
  wheels: readonly Wheel[],
): Promise<boolean> {
  // Only the small index is read here: opening /saved must not wait for every wheel's items.
  const before = await readIndex(database)
  const oldSync = legacy.readSyncState()
  const oldDeleted = legacy.readDeletedWheels()
  if (before.migrated) {
    const pulled = (w: Wheel) => {
      const agreed = w.id ? oldSync?.synced[w.id] : undefined
      return agreed !== undefined && agreed === w.updatedAt
    }
    fromKey = {
      wheels: wheels.filter((w) => !pulled(w)),
      // A wheel the key still holds is not one deleted there.
      deleted: oldDeleted.filter((id) => !wheels.some((w) => w.id === id)),
    }
    // The deletions are stored as tombstones now, before the start empties the older keys; the
    // wheels themselves go with the taking-in.
    if (fromKey.deleted.length > 0) await writeSaved(database, { deletedAdd: fromKey.deleted })
    return true
  }
  let seq = Math.max(0, ...before.seqs.values())
  const moving = wheels.filter((w): w is Wheel & { id: string } => !!w.id)
  const put = moving.map((wheel) => ({ id: wheel.id, seq: ++seq, wheel }))
  // One transaction with the mark: a move cut off before its commit changed nothing, and one cut
  // off after it leaves the rest to the next start's taking-in.
  await writeSaved(database, { put, sync: oldSync, deleted: oldDeleted, migrated: true })
  const copies = await readWheels(
    database,
    moving.map((w) => w.id),
  )
  return moving.every((w, i) => {
    const copy = copies[i]?.wheel
    return !!copy && copy.updatedAt === w.updatedAt && copy.items.length === w.items.length
  })
}

/** The wheels a key holds, each checked as a stored wheel is (anything else is left out). */
function wheelsIn(text: string | null): Wheel[] {
  try {
    const list: unknown = JSON.parse(text ?? '[]')
    if (!Array.isArray(list)) return []
    return list.flatMap((value) => {
      const wheel = strictWheel(value)
      return wheel?.id ? [wheel] : []
    })
  } catch {
    return []
  }
}

/**
 * The wheels pages left behind (other tabs', or this browser's last visit: saved-wheels-journal.ts),
 * read at start once the database is open, with what the key held where the wheels had been moved
 * in already (migrateFromLocalStorage), whose deletions are carried out here as a deletion on /saved
 * is. The pages' keys are emptied: this tab now holds those wheels and writes them, and keeps them
 * again should it be left first.
 */
export function takeLeftWheels(): Wheel[] {
  const { wheels, deleted } = fromKey
  fromKey = { wheels: [], deleted: [] }
  const { store, dirtyPut } = saved
  // Not a wheel saved here since (or brought by another tab): that is newer than the deletion, whose
  // tombstone goes again.
  const gone = deleted.filter((id) => !dirtyPut.has(id))
  saved.tombstones.forget(deleted.filter((id) => dirtyPut.has(id)))
  if (store && gone.length > 0) {
    saved.tombstones.record(gone)
    const kept = store.getState().savedWheels.filter((w) => !w.id || !gone.includes(w.id))
    store.setState({ savedWheels: kept })
  }
  return [...wheels, ...pagesLeft()]
}

function pagesLeft(): Wheel[] {
  try {
    return savedPendingKeys(Object.keys(localStorage))
      .filter((key) => key !== OWN_PENDING_KEY)
      .flatMap((key) => {
        const wheels = wheelsIn(localStorage.getItem(key))
        localStorage.removeItem(key)
        return wheels
      })
  } catch {
    return []
  }
}
