import type { Wheel } from '../../core/wheel/model'
import { writeSavedNow } from './browser-data'
import { type LocalVersionInfo, readVersionInfo, readVersionWheel } from './saved-wheel-versions-db'
import { saved, savedWheelsReady } from './saved-wheels-state'
import { useWheelStore } from './wheel-store'

/**
 * A saved wheel's earlier versions kept in this browser (newest first), or null where this browser
 * keeps none (no IndexedDB: the saved wheels live in local storage).
 */
export async function localVersions(wheelId: string): Promise<LocalVersionInfo[] | null> {
  await savedWheelsReady()
  if (saved.mode !== 'indexeddb' || !saved.db) return null
  return readVersionInfo(saved.db, wheelId)
}

/** One version's content kept in this browser, or null when it is no longer kept. */
export async function localVersionWheel(id: string): Promise<Wheel | null> {
  await savedWheelsReady()
  return saved.db ? readVersionWheel(saved.db, id) : null
}

/**
 * Restores a saved wheel to a version's content (its name, items and settings). Nothing is
 * overwritten: the content it had becomes a version too, and the restore is a change like any
 * other (cloud sync takes it to the account). The wheel open in the editor follows when it is this
 * one. Answers whether the browser stored it (false: the wheel is gone, or the write was refused).
 */
export async function restoreWheelVersion(
  wheelId: string,
  content: Wheel,
  now = new Date(),
): Promise<boolean> {
  await savedWheelsReady()
  const store = useWheelStore.getState()
  const existing = store.savedWheels.find((w) => w.id === wheelId)
  if (!existing) return false
  const restored = {
    ...content,
    id: wheelId,
    createdAt: existing.createdAt ?? content.createdAt,
    updatedAt: now.toISOString(),
  }
  saved.forcedVersions.add(wheelId)
  store.restoreSavedWheel(restored)
  return writeSavedNow()
}
