// What the saved wheels' start takes in from outside the database, loaded with the database's code:
// an older version's wheels in local storage (moved in once), the wheels a visit left in the keys
// (takeLeftWheels), and other tabs' notices (followOtherTab). Not on a first visit's path.
import { savedPendingKeys } from '../../core/storage/keys'
import { strictWheel } from '../../core/wheel/checks'
import type { Wheel } from '../../core/wheel/model'
import { recordDeletedWheels } from './browser-data'
import { readIndex, readTombstones, readWheels, type StoredWheel, writeSaved } from './saved-wheels-db'
import { OWN_PENDING_KEY } from './saved-wheels-journal'
import { reopen } from './saved-wheels-persistence'
import { applySaved, type Notice, saved } from './saved-wheels-state'
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
    const pulled = (w: Wheel) => !!w.id && w.updatedAt !== undefined && oldSync?.synced[w.id] === w.updatedAt
    fromKey = {
      wheels: wheels.filter((w) => !pulled(w)),
      // A wheel the key still holds is not one deleted there.
      deleted: oldDeleted.filter((id) => !wheels.some((w) => w.id === id)),
    }
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
  const left = pagesLeft()
  const { store, dirtyPut } = saved
  // Not a wheel saved since, in this page (another tab's write of the key among it) or in one left
  // unstored: that save is kept over the deletion. A deletion is carried out as one on /saved is:
  // kept in this page until written (a page closed first brings the wheel back; nothing is lost).
  const gone = deleted.filter((id) => !dirtyPut.has(id) && !left.some((w) => w.id === id))
  if (store && gone.length > 0) {
    recordDeletedWheels(gone)
    const kept = store.getState().savedWheels.filter((w) => !w.id || !gone.includes(w.id))
    store.setState({ savedWheels: kept })
  }
  return [...wheels, ...left]
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

/**
 * Another tab wrote saved wheels (its notice): they are read and shown here, but for those this tab
 * changed and has not written yet. Loaded with the start's code (saved-wheels-start.ts), which
 * hears the notices from the start and passes them on once the wheels are read.
 */
export async function followOtherTab(notice: Notice): Promise<void> {
  const { db, store, dirtyPut } = saved
  if (!db || !store) return
  let rows: (StoredWheel | null)[]
  try {
    if (notice.tombstones) saved.tombstones.stored(await readTombstones(db))
    rows = await readWheels(db, notice.put)
  } catch {
    // The connection is gone: open it again; the next notice or this tab's next write catches up.
    await reopen()
    return
  }
  const list = [...store.getState().savedWheels]
  const index = new Map(list.map((w, i) => [w.id, i]))
  for (const row of rows) {
    if (!row || dirtyPut.has(row.id)) continue
    saved.seqs.set(row.id, row.seq)
    saved.nextSeq = Math.max(saved.nextSeq, row.seq + 1)
    const at = index.get(row.id)
    if (at === undefined) list.push(row.wheel)
    else list[at] = row.wheel
  }
  const gone = new Set(notice.remove.filter((id) => !dirtyPut.has(id)))
  applySaved({ savedWheels: list.filter((w) => !gone.has(w.id ?? '')) }, 'stored')
}
