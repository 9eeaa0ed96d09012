import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb'
import type { SyncState } from '../../core/sync/merge'
import type { Wheel } from '../../core/wheel/model'
import type { WheelSummary } from '../../core/wheel/summary'

/**
 * The browser database of the saved wheels (decision 0011), as `idb` types it (decision 0045).
 * The name, the version and the stores are what browsers already hold: change them only with an
 * upgrade step that opens every older database.
 */
export const DB_NAME = 'whirl'
export const DB_VERSION = 2

/** A saved wheel, `seq` keeping the order the wheels were saved in. */
export type StoredWheel = { id: string; seq: number; wheel: Wheel }
/** What /saved lists, read before the (large) wheels. */
export type StoredSummary = { id: string; seq: number; summary: WheelSummary }

/** A wheel's earlier version as the Versions list shows it (a few bytes, without the content). */
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
export type StoredVersion = { id: string; wheel: Wheel }

export interface SavedWheelsSchema extends DBSchema {
  wheels: { key: string; value: StoredWheel }
  summaries: { key: string; value: StoredSummary }
  /** The cloud-sync state, the tombstones of wheels deleted here, and the migration mark. */
  meta: { key: 'sync' | 'deleted' | 'migrated'; value: SyncState | string[] | boolean }
  /** Version 2: the wheels' earlier versions (saved-wheel-versions-db.ts). */
  versions: { key: string; value: StoredVersion }
  versionInfo: { key: string; value: LocalVersionInfo }
}

export type SavedWheelsDb = IDBPDatabase<SavedWheelsSchema>
export type StoreName = StoreNames<SavedWheelsSchema>
/** A write over every store: a saved wheel, its summary, its version and the sync record together. */
export type WriteTx = IDBPTransaction<SavedWheelsSchema, StoreName[], 'readwrite'>

export const ALL_STORES: StoreName[] = ['wheels', 'summaries', 'meta', 'versions', 'versionInfo']
