import { msg } from '../i18n/message-id'
import type { Wheel } from './model'

/**
 * Earlier versions of a saved wheel (issue 33, decision 0025): the content a wheel had before a
 * change, kept in the browser and, for Premium, in the account. The same rules run in the browser
 * (this file) and in the database (drizzle/0016_saved_wheel_versions.sql keeps the figures in step).
 */

/** At least this many of a wheel's newest versions are kept, however old. */
export const VERSIONS_KEPT = 20
/** Every version younger than this is kept too. */
export const VERSIONS_KEPT_DAYS = 30
/**
 * While a wheel is being edited, its content is kept as a version at most once per this long
 * (auto-save writes every few seconds): a change that halves or doubles the item count, and a
 * restore, always make one.
 */
export const VERSION_EVERY_MS = 10 * 60_000

export const VERSIONS_QUOTA_NOTE = msg('Versions count towards your storage quota.')

const DAY_MS = 86_400_000

/** What the rules need of a kept version: its id and when it was kept (ISO 8601). */
export type VersionStamp = { id: string; createdAt: string }

/**
 * Whether the content a wheel had before a change is kept as a version. `newestAt` is when the
 * wheel's newest version was kept (null: none yet); `forced` is a restore.
 */
export function versionWanted(options: {
  itemsBefore: number
  itemsAfter: number
  newestAt: string | null
  now: Date
  forced?: boolean
}): boolean {
  const { itemsBefore, itemsAfter, newestAt, now, forced = false } = options
  if (forced || newestAt === null) return true
  if (itemsAfter * 2 <= itemsBefore || itemsAfter >= itemsBefore * 2) return true
  return now.getTime() - Date.parse(newestAt) >= VERSION_EVERY_MS
}

/**
 * The versions of one wheel the rules let go: those beyond the newest VERSIONS_KEPT that are also
 * older than VERSIONS_KEPT_DAYS. Newest first, ties by id.
 */
export function versionsToPrune<T extends VersionStamp>(versions: readonly T[], now: Date): T[] {
  const cutoff = now.getTime() - VERSIONS_KEPT_DAYS * DAY_MS
  return newestFirst(versions)
    .slice(VERSIONS_KEPT)
    .filter((v) => Date.parse(v.createdAt) < cutoff)
}

export function newestFirst<T extends VersionStamp>(versions: readonly T[]): T[] {
  return [...versions].sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
  )
}

/**
 * Which versions go, oldest first (whatever their wheel), until `used` bytes fit in `quota`:
 * when the quota is full the oldest versions make room, never a current wheel. Null when even
 * without any version the rest does not fit.
 */
export function versionsToFree<T extends VersionStamp & { bytes: number }>(
  versions: readonly T[],
  used: number,
  quota: number,
): T[] | null {
  let over = used - quota
  const freed: T[] = []
  for (const version of newestFirst(versions).reverse()) {
    if (over <= 0) break
    freed.push(version)
    over -= version.bytes
  }
  return over > 0 ? null : freed
}

/** True when two wheels hold the same content (name, items, settings, tally, look), times aside. */
export function sameContent(a: Wheel, b: Wheel): boolean {
  if (a.name !== b.name || a.items.length !== b.items.length) return false
  for (let i = 0; i < a.items.length; i++) {
    const x = a.items[i]
    const y = b.items[i]
    if (!x || !y || x.id !== y.id || x.text !== y.text || x.color !== y.color || x.weight !== y.weight)
      return false
  }
  return (
    JSON.stringify([a.settings, a.tally ?? null, a.look ?? null]) ===
    JSON.stringify([b.settings, b.tally ?? null, b.look ?? null])
  )
}
