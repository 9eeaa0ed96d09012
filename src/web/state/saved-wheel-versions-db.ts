import type { Wheel } from '../../core/wheel/model'
import { sameContent, versionsToPrune, versionWanted } from '../../core/wheel/versions'
import type { LocalVersionInfo, SavedWheelsDb, WriteTx } from './saved-wheels-schema'

/**
 * Earlier versions of the saved wheels in IndexedDB (issue 33, decision 0025), kept by the same
 * transaction that writes a changed wheel (saved-wheels-db.ts), by the rules of
 * core/wheel/versions.ts. Two stores, as for the wheels: `versionInfo` (what the Versions list
 * shows, a few bytes each) and `versions` (the content). A version's key starts with its wheel's
 * id and then the time it was kept, so one key range holds a wheel's versions, oldest first.
 */
const SEP = '\u0001'
const ofWheel = (wheelId: string) => IDBKeyRange.bound(`${wheelId}${SEP}`, `${wheelId}\u0002`, false, true)

/** Hands a write's request to its transaction, which aborts the whole write if the request fails. */
export type Step = (request: Promise<unknown>) => void

/**
 * Inside a write's transaction, before the changed wheel is put (its read is asked for at once, so
 * it sees the content the put replaces): keeps that content as a version when the rules want one
 * (`forced`: a restore), and lets go of those past the rules. Only IndexedDB requests are awaited,
 * so the transaction stays open.
 */
export async function keepVersion(tx: WriteTx, step: Step, next: Wheel, forced: boolean, now: Date) {
  const id = next.id
  if (!id) return
  const before = (await tx.objectStore('wheels').get(id))?.wheel
  if (!before || (!forced && sameContent(before, next))) return
  const infoStore = tx.objectStore('versionInfo')
  const versions = tx.objectStore('versions')
  const list = await infoStore.getAll(ofWheel(id))
  const wanted = versionWanted({
    itemsBefore: before.items.length,
    itemsAfter: next.items.length,
    newestAt: list.at(-1)?.createdAt ?? null,
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
  step(infoStore.put(info))
  step(versions.put({ id: info.id, wheel: before }))
  for (const gone of versionsToPrune([...list, info], now)) {
    step(infoStore.delete(gone.id))
    step(versions.delete(gone.id))
  }
}

/** Inside a write's transaction: a deleted wheel's versions go with it. */
export function forgetVersions(tx: WriteTx, step: Step, wheelId: string) {
  step(tx.objectStore('versionInfo').delete(ofWheel(wheelId)))
  step(tx.objectStore('versions').delete(ofWheel(wheelId)))
}

/** A wheel's versions kept in this browser, newest first (without their content). */
export async function readVersionInfo(db: SavedWheelsDb, wheelId: string): Promise<LocalVersionInfo[]> {
  return (await db.getAll('versionInfo', ofWheel(wheelId))).reverse()
}

/** One version's content, or null when it is no longer kept. */
export async function readVersionWheel(db: SavedWheelsDb, id: string): Promise<Wheel | null> {
  return (await db.get('versions', id))?.wheel ?? null
}

/**
 * The browser's storage is full: lets go of the oldest versions (whatever their wheel), about a
 * quarter of them and at least one, never a saved wheel. Answers how many went.
 */
export async function dropOldestVersions(db: SavedWheelsDb): Promise<number> {
  const tx = db.transaction(['versionInfo', 'versions'], 'readwrite')
  const all = await tx.objectStore('versionInfo').getAll()
  const oldest = all.sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1)).slice(0, Math.ceil(all.length / 4))
  await Promise.all([
    ...oldest.flatMap((version) => [
      tx.objectStore('versionInfo').delete(version.id),
      tx.objectStore('versions').delete(version.id),
    ]),
    tx.done,
  ])
  return oldest.length
}
