import { openDB } from 'idb'
import type { SyncState } from '../../core/sync/merge'
import { summarizeWheel, type WheelSummary } from '../../core/wheel/summary'
import { forgetVersions, keepVersion } from './saved-wheel-versions-db'
import {
  ALL_STORES,
  DB_NAME,
  DB_VERSION,
  type SavedWheelsDb,
  type SavedWheelsSchema,
  type StoredWheel,
} from './saved-wheels-schema'

/**
 * Saved wheels in IndexedDB, one record per wheel (decision 0011), through `idb`'s promises
 * (decision 0045; the stores are typed in saved-wheels-schema.ts):
 * - `wheels`: { id, seq, wheel }, seq keeping the order the wheels were saved in;
 * - `summaries`: { id, seq, summary }, what /saved lists, read before the (large) wheels;
 * - `meta`: the cloud-sync state, the tombstones of wheels deleted here, and the migration mark;
 * - `versions` and `versionInfo` (version 2): the wheels' earlier versions (saved-wheel-versions-db.ts).
 * Every write is one transaction, so the sync state never lands without the wheels it describes.
 */
export type SavedSnapshot = {
  wheels: StoredWheel[]
  sync: SyncState | null
  deleted: string[]
  /** True once the local-storage state of an older version has been moved in. */
  migrated: boolean
}

export type SavedWrite = {
  put?: readonly StoredWheel[]
  remove?: readonly string[]
  sync?: SyncState | null
  /** Replaces the tombstones (the migration's copy of the old ones). */
  deleted?: readonly string[]
  /** Tombstones added and dropped by this tab, merged with the stored ones inside the transaction. */
  deletedAdd?: readonly string[]
  deletedForget?: readonly string[]
  migrated?: true
  /** Keep the replaced content of the wheels put as versions (absent: no versions, as a migration). */
  versions?: { now: Date; forced: ReadonlySet<string> }
}

/** Opens the database, or null where the browser has no IndexedDB (some private modes). */
export async function openSavedWheelsDb(): Promise<SavedWheelsDb | null> {
  if (typeof indexedDB === 'undefined') return null
  try {
    return await openDB<SavedWheelsSchema>(DB_NAME, DB_VERSION, {
      // From nothing, or from version 1 (wheels, summaries, meta): the stores missing are added.
      upgrade(db) {
        for (const name of ['wheels', 'summaries', 'versions', 'versionInfo'] as const)
          if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: 'id' })
        if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta')
      },
      // Another tab deleting the database (cookies declined there) must not be blocked by this one.
      blocking: (_current, _next, event) => (event.target as IDBDatabase).close(),
    })
  } catch {
    return null
  }
}

/**
 * Reads everything stored. The sync record is read first and the wheels after it, in batches of
 * about `budget` items with `pause()` between batches: 50 wheels of 10,000 items are about 40 MB
 * to deserialise on the main thread, too much for one task, while 500 small wheels are one batch.
 * Reading the record first is safe because it only ever moves forward after the wheels it
 * describes are stored.
 */
export async function readSaved(
  db: SavedWheelsDb,
  options: { budget?: number; pause?: () => Promise<void> } = {},
): Promise<SavedSnapshot> {
  const { budget = Number.POSITIVE_INFINITY, pause } = options
  const tx = db.transaction(['wheels', 'summaries', 'meta'], 'readonly')
  const meta = tx.objectStore('meta')
  const [ids, summaries, sync, deleted, migrated] = await Promise.all([
    tx.objectStore('wheels').getAllKeys(),
    tx.objectStore('summaries').getAll(),
    meta.get('sync') as Promise<SyncState | undefined>,
    meta.get('deleted') as Promise<string[] | undefined>,
    meta.get('migrated'),
  ])
  const sizes = new Map(summaries.map((r) => [r.id, r.summary.itemCount]))
  const batches: string[][] = [[]]
  let items = 0
  for (const id of ids) {
    // A wheel without its summary counts as a full one.
    const size = sizes.get(id) ?? 10_000
    const current = batches.at(-1) as string[]
    if (current.length > 0 && items + size > budget) {
      batches.push([id])
      items = size
    } else {
      current.push(id)
      items += size
    }
  }
  const wheels: StoredWheel[] = []
  for (const [n, batch] of batches.entries()) {
    if (pause && n > 0) await pause()
    // A wheel another tab removed in between is simply not there; its notice is replayed later.
    for (const row of await readWheels(db, batch)) if (row) wheels.push(row)
  }
  wheels.sort((a, b) => a.seq - b.seq)
  return { wheels, sync: sync ?? null, deleted: deleted ?? [], migrated: migrated === true }
}

/** Which wheels are stored (ids and order, from the small summaries) and whether the move is done. */
export async function readIndex(
  db: SavedWheelsDb,
): Promise<{ seqs: Map<string, number>; migrated: boolean }> {
  const tx = db.transaction(['summaries', 'meta'], 'readonly')
  const [rows, migrated] = await Promise.all([
    tx.objectStore('summaries').getAll(),
    tx.objectStore('meta').get('migrated'),
  ])
  return { seqs: new Map(rows.map((r) => [r.id, r.seq])), migrated: migrated === true }
}

/** The saved wheels' summaries, in saved order: a few bytes each, so /saved can list at once. */
export async function readSummaries(db: SavedWheelsDb): Promise<WheelSummary[]> {
  const rows = await db.getAll('summaries')
  return rows.sort((a, b) => a.seq - b.seq).map((r) => r.summary)
}

/** Reads some wheels back (another tab changed them); null for those no longer stored. */
export async function readWheels(db: SavedWheelsDb, ids: readonly string[]): Promise<(StoredWheel | null)[]> {
  const store = db.transaction('wheels', 'readonly').store
  const rows = await Promise.all(ids.map((id) => store.get(id)))
  return rows.map((row) => row ?? null)
}

/**
 * Writes everything given in one transaction: all of it is stored, or none of it. Resolves with the
 * tombstones as stored after it (merged inside the transaction, so two tabs never drop each
 * other's), or undefined when the write did not touch them. Rejects with the transaction's error
 * (a QuotaExceededError when the browser has no room), or else the first step's.
 */
export async function writeSaved(db: SavedWheelsDb, write: SavedWrite): Promise<string[] | undefined> {
  const tx = db.transaction(ALL_STORES, 'readwrite')
  // A step that fails (a request, or the code between a version's reads) aborts the whole write.
  let failed: unknown
  const step = (request: Promise<unknown>) => {
    request.catch((error: unknown) => {
      failed ??= error
      try {
        tx.abort()
      } catch {
        // Already aborted by the failed request.
      }
    })
  }
  let tombstones: string[] | undefined
  try {
    const wheels = tx.objectStore('wheels')
    const summaries = tx.objectStore('summaries')
    const meta = tx.objectStore('meta')
    for (const id of write.remove ?? []) {
      step(wheels.delete(id))
      step(summaries.delete(id))
      forgetVersions(tx, step, id)
    }
    for (const row of write.put ?? []) {
      // Its read is asked for before the put, in the same transaction: the version kept is what
      // this put replaces.
      if (write.versions)
        step(keepVersion(tx, step, row.wheel, write.versions.forced.has(row.id), write.versions.now))
      step(wheels.put(row))
      step(summaries.put({ id: row.id, seq: row.seq, summary: summarizeWheel(row.wheel) }))
    }
    if (write.sync !== undefined)
      step(write.sync === null ? meta.delete('sync') : meta.put(write.sync, 'sync'))
    if (write.deleted !== undefined) {
      tombstones = [...write.deleted]
      step(meta.put(tombstones, 'deleted'))
    }
    if (write.deletedAdd?.length || write.deletedForget?.length) {
      const add = write.deletedAdd ?? []
      const forget = new Set(write.deletedForget ?? [])
      step(
        meta.get('deleted').then((stored) => {
          const before = Array.isArray(stored) ? (stored as string[]) : (tombstones ?? [])
          tombstones = [...new Set([...before, ...add])].filter((id) => !forget.has(id))
          return meta.put(tombstones, 'deleted')
        }),
      )
    }
    if (write.migrated) step(meta.put(true, 'migrated'))
  } catch (error) {
    // A request refused at once (a value that cannot be cloned, no room): nothing is committed.
    tx.abort()
    tx.done.catch(() => {})
    throw error
  }
  try {
    await tx.done
  } catch (error) {
    throw tx.error ?? failed ?? error
  }
  return tombstones
}

/** The tombstones as stored (another tab changed them). */
export async function readTombstones(db: SavedWheelsDb): Promise<string[]> {
  const stored = await db.get('meta', 'deleted')
  return Array.isArray(stored) ? (stored as string[]) : []
}

/** Empties every store (cookies declined): the database stays, so other tabs keep working. */
export async function clearSaved(db: SavedWheelsDb): Promise<void> {
  const tx = db.transaction(ALL_STORES, 'readwrite')
  await Promise.all([
    ...ALL_STORES.map((name) => tx.objectStore(name).clear()),
    // Cleared, the database still counts as migrated: old local-storage wheels are gone too.
    tx.objectStore('meta').put(true, 'migrated'),
    tx.done,
  ])
}

/** True when a write failed for lack of space. */
export const isQuotaError = (error: unknown): boolean =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22)
