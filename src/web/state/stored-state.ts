import { defaultState, type PersistedState } from '../../core/storage/persisted-state'
import { storedReader } from './stored-reader'
import { readStoredWheel, type StoredWheel } from './wheel-local-storage'

/**
 * The wheel state the page starts with: what the browser stored (repaired if need be, the damaged
 * text kept under BACKUP_KEY, `repaired`), or the defaults, `fresh`, when it stored nothing or
 * cannot be read. Where something is stored, its reader has loaded before the app started
 * (whenStoredStateReadable, main.tsx). Where another tab stored it after that check, while this
 * code loaded, the defaults are `unread`: the page takes that write in once its reader has loaded,
 * as a write it heard of, and writes nothing before (wheel-store-writes.ts). Where the reader
 * failed to load, this throws rather than start from the defaults, which the page would then store
 * over the user's wheels.
 */
export function readStored(): { state: PersistedState; fresh: boolean; repaired: boolean; unread?: true } {
  let stored: StoredWheel | null = null
  try {
    stored = readStoredWheel(true)
  } catch {
    // Storage unavailable or unreadable: the defaults, as for a first visit.
  }
  if (stored === null) return { state: defaultState(), fresh: true, repaired: false }
  const reader = storedReader()
  if (reader === null) return { state: defaultState(), fresh: false, repaired: false, unread: true }
  if (!reader) throw new Error('The stored wheel state cannot be read: its code did not load.')
  return reader.startFromStored(stored)
}
