import { SAVED_WHEELS_DB } from '../../core/storage/keys'
import type { SyncState } from '../../core/sync/merge'
import type { Wheel } from '../../core/wheel/model'
import { summarizeWheel, type WheelSummary } from '../../core/wheel/summary'
import { createVersionStores, VERSION_INFO, VERSIONS } from './saved-wheel-version-stores'

const NO_VERSIONS = { forgetVersions: () => {}, keepVersion: () => {} }

/** The versions' reads and writes, loaded with the first write that needs them (not with the page). */
const versionsModule = () => import('./saved-wheel-versions-db')

/**
 * Saved wheels in IndexedDB, one record per wheel (decision 0011). A thin layer of our own over
 * the browser API: two object stores and four operations do not earn a dependency.
 * - `wheels`: { id, seq, wheel }, seq keeping the order the wheels were saved in;
 * - `summaries`: { id, seq, summary }, what /saved lists, read before the (large) wheels;
 * - `meta`: the cloud-sync state, the tombstones of wheels deleted here, and the migration mark;
 * - `versions` and `versionInfo` (version 2): the wheels' earlier versions (saved-wheel-versions-db.ts).
 * Every write is one transaction, so the sync state never lands without the wheels it describes.
 */
const DB_VERSION = 2
const WHEELS = 'wheels'
export const SUMMARIES = 'summaries'
/**
 * Where /saved's prerendered page leaves the rows of SUMMARIES, read as the page is parsed
 * (prerender.tsx, SAVED_LIST_SCRIPT), for the page's code to list them in its first render.
 */
export const EARLY_SAVED_LIST = 'whirlSavedList'
const META = 'meta'
const ALL = [WHEELS, SUMMARIES, META, VERSIONS, VERSION_INFO]

export type StoredWheel = { id: string; seq: number; wheel: Wheel }
export type StoredSummary = { id: string; seq: number; summary: WheelSummary }

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

const done = (request: IDBRequest) =>
  new Promise<unknown>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error ?? new DOMException('The write was aborted.', 'AbortError'))
  })

/** Opens the database, or null where the browser has no IndexedDB (some private modes). */
export async function openSavedWheelsDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return null
  try {
    const request = indexedDB.open(SAVED_WHEELS_DB, DB_VERSION)
    request.onupgradeneeded = () => {
      const db = request.result
      if (!db.objectStoreNames.contains(WHEELS)) db.createObjectStore(WHEELS, { keyPath: 'id' })
      if (!db.objectStoreNames.contains(SUMMARIES)) db.createObjectStore(SUMMARIES, { keyPath: 'id' })
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META)
      createVersionStores(db)
    }
    const db = (await done(request)) as IDBDatabase
    // Another tab deleting the database (cookies declined there) must not be blocked by this one.
    db.onversionchange = () => db.close()
    return db
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
  db: IDBDatabase,
  options: { budget?: number; pause?: () => Promise<unknown> } = {},
): Promise<SavedSnapshot> {
  const { budget = Number.POSITIVE_INFINITY, pause } = options
  const tx = db.transaction([WHEELS, SUMMARIES, META], 'readonly')
  const meta = tx.objectStore(META)
  const [ids, summaries, sync, deleted, migrated] = await Promise.all([
    done(tx.objectStore(WHEELS).getAllKeys()) as Promise<string[]>,
    done(tx.objectStore(SUMMARIES).getAll()) as Promise<StoredSummary[]>,
    done(meta.get('sync')) as Promise<SyncState | undefined>,
    done(meta.get('deleted')) as Promise<string[] | undefined>,
    done(meta.get('migrated')) as Promise<boolean | undefined>,
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
export async function readIndex(db: IDBDatabase): Promise<{ seqs: Map<string, number>; migrated: boolean }> {
  const tx = db.transaction([SUMMARIES, META], 'readonly')
  const [rows, migrated] = await Promise.all([
    done(tx.objectStore(SUMMARIES).getAll()) as Promise<StoredSummary[]>,
    done(tx.objectStore(META).get('migrated')) as Promise<boolean | undefined>,
  ])
  return { seqs: new Map(rows.map((r) => [r.id, r.seq])), migrated: migrated === true }
}

/** The saved wheels' summaries, in saved order: a few bytes each, so /saved can list at once. */
export async function readSummaries(db: IDBDatabase): Promise<WheelSummary[]> {
  const rows = (await done(
    db.transaction(SUMMARIES, 'readonly').objectStore(SUMMARIES).getAll(),
  )) as StoredSummary[]
  return inSaveOrder(rows)
}

/** The summaries' store's rows as the list shows them: in the order the wheels were saved in. */
export const inSaveOrder = (rows: StoredSummary[]): WheelSummary[] =>
  rows.sort((a, b) => a.seq - b.seq).map((r) => r.summary)

/** Reads some wheels back (another tab changed them); null for those no longer stored. */
export async function readWheels(db: IDBDatabase, ids: readonly string[]): Promise<(StoredWheel | null)[]> {
  const store = db.transaction(WHEELS, 'readonly').objectStore(WHEELS)
  const rows = await Promise.all(ids.map((id) => done(store.get(id)) as Promise<StoredWheel | undefined>))
  return rows.map((row) => row ?? null)
}

/**
 * Writes everything given in one transaction: all of it is stored, or none of it. Resolves with the
 * tombstones as stored after it (merged inside the transaction, so two tabs never drop each
 * other's), or undefined when the write did not touch them.
 */
export async function writeSaved(db: IDBDatabase, write: SavedWrite): Promise<string[] | undefined> {
  // Loaded before the transaction opens: an IndexedDB transaction closes at the first await that
  // is not one of its own requests.
  const needsVersions = (write.remove?.length ?? 0) > 0 || (write.versions && (write.put?.length ?? 0) > 0)
  const { forgetVersions, keepVersion } = needsVersions ? await versionsModule() : NO_VERSIONS
  const tx = db.transaction(ALL, 'readwrite')
  const result = finished(tx)
  let tombstones: string[] | undefined
  try {
    const wheels = tx.objectStore(WHEELS)
    const summaries = tx.objectStore(SUMMARIES)
    const meta = tx.objectStore(META)
    for (const id of write.remove ?? []) {
      wheels.delete(id)
      summaries.delete(id)
      forgetVersions(tx, id)
    }
    for (const row of write.put ?? []) {
      // Read before the put, in the same transaction: the version kept is what this put replaces.
      if (write.versions)
        keepVersion(tx, wheels, row.wheel, write.versions.forced.has(row.id), write.versions.now)
      wheels.put(row)
      summaries.put({ id: row.id, seq: row.seq, summary: summarizeWheel(row.wheel) })
    }
    if (write.sync !== undefined) {
      if (write.sync === null) meta.delete('sync')
      else meta.put(write.sync, 'sync')
    }
    if (write.deleted !== undefined) {
      tombstones = [...write.deleted]
      meta.put(tombstones, 'deleted')
    }
    if (write.deletedAdd?.length || write.deletedForget?.length) {
      const add = write.deletedAdd ?? []
      const forget = new Set(write.deletedForget ?? [])
      const read = meta.get('deleted')
      read.onsuccess = () => {
        const stored = Array.isArray(read.result) ? (read.result as string[]) : (tombstones ?? [])
        tombstones = [...new Set([...stored, ...add])].filter((id) => !forget.has(id))
        meta.put(tombstones, 'deleted')
      }
    }
    if (write.migrated) meta.put(true, 'migrated')
  } catch (error) {
    // A request refused at once (a value that cannot be cloned, no room): nothing is committed.
    tx.abort()
    result.catch(() => {})
    throw error
  }
  await result
  return tombstones
}

/** The tombstones as stored (another tab changed them). */
export async function readTombstones(db: IDBDatabase): Promise<string[]> {
  const stored = await done(db.transaction(META, 'readonly').objectStore(META).get('deleted'))
  return Array.isArray(stored) ? (stored as string[]) : []
}

/** Empties both stores (cookies declined): the database stays, so other tabs keep working. */
export async function clearSaved(db: IDBDatabase): Promise<void> {
  const tx = db.transaction(ALL, 'readwrite')
  tx.objectStore(WHEELS).clear()
  tx.objectStore(SUMMARIES).clear()
  tx.objectStore(META).clear()
  tx.objectStore(VERSIONS).clear()
  tx.objectStore(VERSION_INFO).clear()
  // Cleared, the database still counts as migrated: old local-storage wheels are gone too.
  tx.objectStore(META).put(true, 'migrated')
  await finished(tx)
}

/** True when a write failed for lack of space. */
export const isQuotaError = (error: unknown): boolean =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22)
