import type { SyncState } from '../../core/sync/merge'
import { pick, strictStrings } from '../../core/wheel/check-basics'
import { SYNC_DELETED_KEY, SYNC_STATE_KEY } from './sync-keys'

/**
 * What this browser remembers about cloud sync, beside the wheels themselves: the sync state
 * (whose wheels, the cursor, each wheel's agreed version) and the tombstones of saved wheels the
 * user deleted here that the server has not yet been told about. The wheel store records a
 * tombstone at the moment of deleting, so that sync never has to infer a deletion from absence.
 */
/** The stored sync state, or null when it is not one (as a zod schema of the same shape would say; sync-state.test.ts). */
export function strictSyncState(value: unknown): SyncState | null {
  const state = pick(value, ['userId', 'cursor', 'synced'])
  if (!state || typeof state.userId !== 'string') return null
  if (!(Number.isSafeInteger(state.cursor) && (state.cursor as number) >= 0)) return null
  const { synced } = state
  if (synced === null || typeof synced !== 'object' || Array.isArray(synced)) return null
  if (Object.getPrototypeOf(synced) !== Object.prototype) return null
  if (!Object.values(synced).every((v) => typeof v === 'string')) return null
  return state as SyncState
}

function read<T>(key: string, strict: (value: unknown) => T | null): T | null {
  try {
    return strict(JSON.parse(localStorage.getItem(key) ?? 'null'))
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

export const readSyncState = (): SyncState | null => read(SYNC_STATE_KEY, strictSyncState)

/** False when the browser refused the write: the caller keeps its previous cursor. */
export const writeSyncState = (state: SyncState): boolean => write(SYNC_STATE_KEY, state)

export const readDeletedWheels = (): string[] => read(SYNC_DELETED_KEY, strictStrings) ?? []

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
