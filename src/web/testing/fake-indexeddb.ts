import {
  IDBCursor,
  IDBCursorWithValue,
  IDBDatabase,
  IDBFactory,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBOpenDBRequest,
  IDBRequest,
  IDBTransaction,
} from 'fake-indexeddb'
import { vi } from 'vitest'

/**
 * A fresh, empty IndexedDB for one test (`fake-indexeddb`; `vi.unstubAllGlobals()` takes it away).
 * The interfaces `idb` checks values against (`instanceof IDBRequest`, …), which jsdom does not
 * have, stay defined after the test: a page of an earlier test may still be finishing a read.
 */
export function stubIndexedDb(): IDBFactory {
  const factory = new IDBFactory()
  vi.stubGlobal('indexedDB', factory)
  const interfaces = {
    IDBKeyRange,
    IDBRequest,
    IDBOpenDBRequest,
    IDBDatabase,
    IDBTransaction,
    IDBObjectStore,
    IDBIndex,
    IDBCursor,
    IDBCursorWithValue,
  }
  Object.assign(globalThis, interfaces)
  return factory
}

/** An open request that never finishes (a known browser bug the page must survive). */
export const openNeverFinishing = () => ({ open: () => new IDBOpenDBRequest() })
