import { BACKUP_KEY } from '../../core/storage/keys'
import { parsePersistedState, parsePersistedValue } from '../../core/storage/read-state'
import { newCheckedItems } from '../../core/wheel/checks'
import type { StoredWheel } from './wheel-local-storage'

/**
 * Reads what the browser stored back (stored-state.ts loads this only when it holds something):
 * the page's start, and another tab's writes.
 */

/**
 * The current wheel's items this page has checked, and the last list's ids. Another tab's change
 * reads a big wheel's unchanged chunks back as the same objects (wheel-local-storage.ts), and no
 * item is ever changed in place, so only the items that are new are checked again.
 */
const checkedItems = newCheckedItems()

/**
 * The stored state, its value parsed once (a 10,000-item wheel is about 0.4 MB of JSON). `again`:
 * a read after the page's first (another tab's change), which checks only the items it has not
 * checked before. The page's first read remembers nothing: remembering 10,000 items would add about
 * a millisecond to every start, for a page that may never hear another tab.
 */
export const parseStoredWheel = (stored: StoredWheel, again = false) =>
  'text' in stored
    ? parsePersistedState(stored.text)
    : parsePersistedValue(stored.json, stored.chars, again ? checkedItems : undefined)

/** The state the page starts with from what was stored: repaired if need be, the damaged text kept under BACKUP_KEY. */
export function startFromStored(stored: StoredWheel) {
  const { state, needsBackup } = parseStoredWheel(stored)
  if (needsBackup) {
    try {
      localStorage.setItem(BACKUP_KEY, 'text' in stored ? stored.text : JSON.stringify(stored.json))
    } catch {
      // No room for the backup either: the repaired state still loads.
    }
  }
  return { state, fresh: false, repaired: needsBackup }
}
