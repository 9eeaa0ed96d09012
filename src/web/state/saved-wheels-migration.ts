import { savedPendingKeys } from '../../core/storage/keys'
import { strictWheel } from '../../core/wheel/checks'
import type { Wheel } from '../../core/wheel/model'
import { readIndex, readWheels, writeSaved } from './saved-wheels-db'
import { OWN_PENDING_KEY } from './saved-wheels-journal'
import * as legacy from './sync-state'

/**
 * Moves an older version's local-storage wheels in; true once they are read back from IndexedDB.
 * Where they were moved in already, the key's wheels come from a visit that kept them there (its
 * database stuck opening, or a tab of an older version): the wheels the database lacks or holds in
 * an older version are written, and the deletions that visit recorded are carried out here too and
 * kept as tombstones for cloud sync. What it changed is never lost when the key is emptied.
 */
export async function migrateFromLocalStorage(
  database: IDBDatabase,
  wheels: readonly Wheel[],
): Promise<boolean> {
  // Only the small index is read here: opening /saved must not wait for every wheel's items.
  const before = await readIndex(database)
  const oldSync = legacy.readSyncState()
  const oldDeleted = legacy.readDeletedWheels()
  let seq = Math.max(0, ...before.seqs.values())
  // A first move copies everything; after one, only what is missing or newer than the stored copy.
  const put = wheels
    .filter(
      (w): w is Wheel & { id: string } =>
        !!w.id &&
        (!before.migrated ||
          !before.seqs.has(w.id) ||
          (w.updatedAt ?? '') > (before.updated.get(w.id) ?? '')),
    )
    .map((wheel) => ({ id: wheel.id, seq: before.seqs.get(wheel.id) ?? ++seq, wheel }))
  // A wheel the key still holds is not one deleted there.
  const deleted = before.migrated ? oldDeleted.filter((id) => !wheels.some((w) => w.id === id)) : []
  if (before.migrated && put.length === 0 && deleted.length === 0 && !oldSync) return true
  await writeSaved(database, {
    put,
    remove: deleted.filter((id) => before.seqs.has(id)),
    sync: before.migrated ? undefined : oldSync,
    deleted: before.migrated ? undefined : oldDeleted,
    deletedAdd: deleted,
    migrated: true,
    // A newer copy replacing a stored wheel keeps what it replaces, as an edit here would.
    versions: before.migrated ? { now: new Date(), forced: new Set() } : undefined,
  })
  const copies = await readWheels(
    database,
    wheels.flatMap((w) => (w.id ? [w.id] : [])),
  )
  return wheels.every((w, i) => {
    const copy = copies[i]?.wheel
    return (
      !!copy && (before.migrated || (copy.updatedAt === w.updatedAt && copy.items.length === w.items.length))
    )
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
 * read at start once the database is open. Their keys are emptied: this tab now holds them and
 * writes them, and keeps them again should it be left first.
 */
export function takeLeftWheels(): Wheel[] {
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
