import { SAVED_PENDING_PREFIX } from '../../core/storage/keys'
import { saved } from './saved-wheels-state'

/**
 * The saved wheels a page leaves before the browser's database has them. Chromium drops an
 * IndexedDB write that a page leaving has not finished, even one begun in `pagehide` (measured,
 * decision 0041): a wheel imported or changed just before the tab closed was lost. So when the page
 * is hidden with such a write waiting or under way, those wheels go to local storage, which writes
 * at once, and the next start takes them in (newer copies win) and writes them to the database.
 * Each tab has a key of its own, so two tabs hidden at once do not write over each other's.
 * The next start reads them back with takeLeftWheels (saved-wheels-intake.ts).
 */

/** This tab's key. */
export const OWN_PENDING_KEY = `${SAVED_PENDING_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

/** Saved wheels this tab is writing to the database now (their write not yet committed). */
const writing = new Set<string>()
/**
 * Saved wheels changed in this tab (not by cloud sync, whose wheels the account has) and not yet
 * stored. A wheel from the cloud kept aside would come back as a change of this browser's.
 */
const here = new Set<string>()
/** Whether this tab put wheels in the key (so it is removed once they are stored). */
let kept = false

/** These wheels were changed in this tab (saved, edited, imported, restored). */
export function changedHere(ids: readonly string[]): void {
  for (const id of ids) here.add(id)
}

/** A write of these wheels began; `done` once it is committed (or failed and marked again). */
export function writeBegun(ids: readonly string[]): () => void {
  for (const id of ids) writing.add(id)
  return () => {
    for (const id of ids) {
      writing.delete(id)
      // Stored, unless changed again meanwhile or marked again after a failed write.
      if (!saved.dirtyPut.has(id)) here.delete(id)
    }
    if (kept && writing.size === 0 && saved.dirtyPut.size === 0) forget()
  }
}

/** The page is being hidden or left: this tab's changes not yet stored are kept in local storage. */
export function keepUnstored(): void {
  // Those being written first, then those waiting: the last is the latest change.
  const ids = [...new Set([...writing, ...saved.dirtyPut])].filter((id) => here.has(id))
  if (ids.length === 0 || saved.mode !== 'indexeddb') return
  const byId = new Map((saved.store?.getState().savedWheels ?? []).map((w) => [w.id, w]))
  const wheels = ids.flatMap((id) => byId.get(id) ?? [])
  // Where all of them do not fit beside the current wheel, the latest change alone may.
  for (const some of [wheels, wheels.slice(-1)]) {
    try {
      localStorage.setItem(OWN_PENDING_KEY, JSON.stringify(some))
      kept = true
      return
    } catch {
      // No room: try with less, else the database write, if the page lives on, is all there is.
    }
  }
}

function forget(): void {
  kept = false
  try {
    localStorage.removeItem(OWN_PENDING_KEY)
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
