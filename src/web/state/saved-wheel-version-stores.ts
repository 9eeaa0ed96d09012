/**
 * The two IndexedDB stores of the saved wheels' earlier versions (version 2 of the database,
 * decision 0025), made by the database's upgrade at start. What reads and writes them
 * (saved-wheel-versions-db.ts) loads with the first write that keeps a version, not with the page.
 */
export const VERSIONS = 'versions'
export const VERSION_INFO = 'versionInfo'

export function createVersionStores(db: IDBDatabase) {
  if (!db.objectStoreNames.contains(VERSIONS)) db.createObjectStore(VERSIONS, { keyPath: 'id' })
  if (!db.objectStoreNames.contains(VERSION_INFO)) db.createObjectStore(VERSION_INFO, { keyPath: 'id' })
}
