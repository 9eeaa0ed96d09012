import type { Wheel } from '../../core/wheel/model'
import { sameContent, versionsToPrune, versionWanted } from '../../core/wheel/versions'
import { VERSION_INFO, VERSIONS } from './saved-wheel-version-stores'

/**
 * Earlier versions of the saved wheels in IndexedDB (issue 33, decision 0025), kept by the same
 * transaction that writes a changed wheel (saved-wheels-db.ts), by the rules of
 * core/wheel/versions.ts. Two stores, as for the wheels: `versionInfo` (what the Versions list
 * shows, a few bytes each) and `versions` (the content). A version's key starts with its wheel's
 * id and then the time it was kept, so one key range holds a wheel's versions, oldest first.
 */

export type LocalVersionInfo = {
  id: string
  wheelId: string
  /** When it was kept (the change that replaced it). */
  createdAt: string
  /** When its content was saved (the wheel's updatedAt then). */
  savedAt: string | null
  name: string
  itemCount: number
  bytes: number
}
type StoredVersion = { id: string; wheel: Wheel }

const SEP = '\u0001'
const ofWheel = (wheelId: string) => IDBKeyRange.bound(`${wheelId}${SEP}`, `${wheelId}\u0002`, false, true)

const done = <T>(request: IDBRequest) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as T)
    request.onerror = () => reject(request.error)
  })

/**
 * Inside a write's transaction, before the changed wheel is put: keeps the content it replaces
 * as a version when the rules want one (`forced`: a restore), and lets go of those past the rules.
 */
export function keepVersion(
  tx: IDBTransaction,
  wheels: IDBObjectStore,
  next: Wheel,
  forced: boolean,
  now: Date,
) {
  const id = next.id
  if (!id) return
  const read = wheels.get(id)
  read.onsuccess = () => {
    const before = (read.result as { wheel?: Wheel } | undefined)?.wheel
    if (!before || (!forced && sameContent(before, next))) return
    const infoStore = tx.objectStore(VERSION_INFO)
    const listed = infoStore.getAll(ofWheel(id))
    listed.onsuccess = () => {
      const list = listed.result as LocalVersionInfo[]
      const newestAt = list.at(-1)?.createdAt ?? null
      const wanted = versionWanted({
        itemsBefore: before.items.length,
        itemsAfter: next.items.length,
        newestAt,
        now,
        forced,
      })
      if (!wanted) return
      const createdAt = now.toISOString()
      const info: LocalVersionInfo = {
        id: `${id}${SEP}${createdAt}${SEP}${Math.random().toString(36).slice(2, 8)}`,
        wheelId: id,
        createdAt,
        savedAt: before.updatedAt ?? null,
        name: before.name,
        itemCount: before.items.length,
        bytes: new TextEncoder().encode(JSON.stringify(before)).length,
      }
      infoStore.put(info)
      tx.objectStore(VERSIONS).put({ id: info.id, wheel: before } satisfies StoredVersion)
      for (const gone of versionsToPrune([...list, info], now)) {
        infoStore.delete(gone.id)
        tx.objectStore(VERSIONS).delete(gone.id)
      }
    }
  }
}

/** Inside a write's transaction: a deleted wheel's versions go with it. */
export function forgetVersions(tx: IDBTransaction, wheelId: string) {
  tx.objectStore(VERSION_INFO).delete(ofWheel(wheelId))
  tx.objectStore(VERSIONS).delete(ofWheel(wheelId))
}

/** A wheel's versions kept in this browser, newest first (without their content). */
export async function readVersionInfo(db: IDBDatabase, wheelId: string): Promise<LocalVersionInfo[]> {
  const store = db.transaction(VERSION_INFO, 'readonly').objectStore(VERSION_INFO)
  return (await done<LocalVersionInfo[]>(store.getAll(ofWheel(wheelId)))).reverse()
}

/** One version's content, or null when it is no longer kept. */
export async function readVersionWheel(db: IDBDatabase, id: string): Promise<Wheel | null> {
  const store = db.transaction(VERSIONS, 'readonly').objectStore(VERSIONS)
  return (await done<StoredVersion | undefined>(store.get(id)))?.wheel ?? null
}

/**
 * The browser's storage is full: lets go of the oldest versions (whatever their wheel), about a
 * quarter of them and at least one, never a saved wheel. Answers how many went.
 */
export async function dropOldestVersions(db: IDBDatabase): Promise<number> {
  const tx = db.transaction([VERSION_INFO, VERSIONS], 'readwrite')
  const all = await done<LocalVersionInfo[]>(tx.objectStore(VERSION_INFO).getAll())
  const oldest = all.sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1)).slice(0, Math.ceil(all.length / 4))
  for (const version of oldest) {
    tx.objectStore(VERSION_INFO).delete(version.id)
    tx.objectStore(VERSIONS).delete(version.id)
  }
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
  return oldest.length
}
