import { savedPendingKeys } from '../../core/storage/keys'
import { strictWheel } from '../../core/wheel/checks'
import type { Wheel } from '../../core/wheel/model'
import { readIndex, readWheels, writeSaved } from './saved-wheels-db'
import { OWN_PENDING_KEY } from './saved-wheels-journal'
import * as legacy from './sync-state'

/** Moves an older version's local-storage wheels in; true once they are read back from IndexedDB. */
export async function migrateFromLocalStorage(
  database: IDBDatabase,
  wheels: readonly Wheel[],
): Promise<boolean> {
  // Only the small index is read here: opening /saved must not wait for every wheel's items.
  const before = await readIndex(database)
  const oldSync = legacy.readSyncState()
  const oldDeleted = legacy.readDeletedWheels()
  if (before.migrated && wheels.every((w) => w.id && before.seqs.has(w.id)) && !oldSync) return true
  let seq = Math.max(0, ...before.seqs.values())
  // A first move copies everything; after one cut short past its commit, only what is missing.
  const put = wheels
    .filter((w): w is Wheel & { id: string } => !!w.id && (!before.migrated || !before.seqs.has(w.id)))
    .map((wheel) => ({ id: wheel.id, seq: ++seq, wheel }))
  await writeSaved(database, {
    put,
    sync: before.migrated ? undefined : oldSync,
    deleted: before.migrated ? undefined : oldDeleted,
    migrated: true,
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
