import * as z from 'zod/mini'
import type { SyncState } from '../../core/sync/merge'
import { SYNC_DELETED_KEY, SYNC_STATE_KEY } from './sync-keys'

/**
 * What this browser remembers about cloud sync, beside the wheels themselves: the sync state
 * (whose wheels, the cursor, each wheel's agreed version) and the tombstones of saved wheels the
 * user deleted here that the server has not yet been told about. The wheel store records a
 * tombstone at the moment of deleting, so that sync never has to infer a deletion from absence.
 */
export { SYNC_DELETED_KEY, SYNC_STATE_KEY }

const stateSchema = z.object({
  userId: z.string(),
  cursor: z.int().check(z.gte(0)),
  synced: z.record(z.string(), z.string()),
})
const deletedSchema = z.array(z.string())

function read<T>(key: string, schema: z.ZodMiniType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(localStorage.getItem(key) ?? 'null'))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function write(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value))
    return true
  } catch {
    return false
  }
}

export const readSyncState = (): SyncState | null => read(SYNC_STATE_KEY, stateSchema)

/** False when the browser refused the write: the caller keeps its previous cursor. */
export const writeSyncState = (state: SyncState): boolean => write(SYNC_STATE_KEY, state)

export const readDeletedWheels = (): string[] => read(SYNC_DELETED_KEY, deletedSchema) ?? []

/** Records that the user deleted these saved wheels here (a tombstone each, until pushed). */
export function recordDeletedWheels(ids: readonly string[]): void {
  if (ids.length === 0) return
  const known = readDeletedWheels()
  write(SYNC_DELETED_KEY, [...new Set([...known, ...ids])])
}

/** Forgets tombstones the server has been told about (or that it never needed). */
export function forgetDeletedWheels(ids: ReadonlySet<string>): void {
  if (ids.size === 0) return
  const left = readDeletedWheels().filter((id) => !ids.has(id))
  if (left.length === 0) {
    try {
      localStorage.removeItem(SYNC_DELETED_KEY)
    } catch {
      // Storage unavailable: nothing stored to forget.
    }
  } else write(SYNC_DELETED_KEY, left)
}

/** Forgets everything about sync in this browser (cookies declined, another account). */
export function clearSyncState(): void {
  try {
    localStorage.removeItem(SYNC_STATE_KEY)
    localStorage.removeItem(SYNC_DELETED_KEY)
  } catch {
    // Storage unavailable: nothing stored to forget.
  }
}
