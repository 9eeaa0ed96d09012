import type { Wheel } from '../../core/wheel/model'

/**
 * The bookkeeping of saved-wheels-persistence.ts that needs no database or store: which wheels a
 * change touched, merging wheels another tab kept elsewhere, the tombstones with this tab's
 * unwritten changes, and waiting for a painted frame.
 */

/** The wheels `next` puts (new or changed objects) and removes, against `previous`. */
export function changedWheels(next: readonly Wheel[], previous: readonly Wheel[]) {
  const before = new Map(previous.map((w) => [w.id, w]))
  const present = new Set<string>()
  const put: string[] = []
  for (const wheel of next) {
    if (!wheel.id) continue
    present.add(wheel.id)
    if (before.get(wheel.id) !== wheel) put.push(wheel.id)
  }
  const remove = [...before.keys()].filter((id): id is string => !!id && !present.has(id))
  return { put, remove }
}

/**
 * `list` with `incoming` taken in: wheels it lacks are added, a newer copy (updatedAt) replaces an
 * older one, and nothing is removed; tombstoned ids stay out. Null when nothing changed.
 */
export function mergeNewer(
  list: readonly Wheel[],
  incoming: readonly Wheel[],
  deleted: readonly string[],
): Wheel[] | null {
  const merged = [...list]
  const index = new Map(merged.map((w, i) => [w.id, i]))
  let changed = false
  for (const wheel of incoming) {
    if (!wheel.id || deleted.includes(wheel.id)) continue
    const at = index.get(wheel.id)
    if (at === undefined) {
      index.set(wheel.id, merged.length)
      merged.push(wheel)
      changed = true
    } else if ((wheel.updatedAt ?? '') > ((merged[at] as Wheel).updatedAt ?? '')) {
      merged[at] = wheel
      changed = true
    }
  }
  return changed ? merged : null
}

/**
 * Tombstones as this tab sees them: those stored, plus this tab's not yet written, minus those it
 * dropped. The unwritten changes are handed to a write (`take`), and given back if it failed.
 */
export function createTombstones() {
  let seen: string[] = []
  const add = new Set<string>()
  const forget = new Set<string>()
  const apply = (stored: readonly string[]) =>
    [...new Set([...stored, ...add])].filter((id) => !forget.has(id))
  return {
    list: (): string[] => [...seen],
    pending: () => add.size > 0 || forget.size > 0,
    record(ids: Iterable<string>) {
      for (const id of ids) {
        add.add(id)
        forget.delete(id)
      }
      seen = apply(seen)
    },
    forget(ids: Iterable<string>) {
      for (const id of ids) {
        forget.add(id)
        add.delete(id)
      }
      seen = seen.filter((id) => !forget.has(id))
    },
    /** The stored list as read or written: this tab's unwritten changes still apply on top. */
    stored(list: readonly string[]) {
      seen = apply(list)
    },
    take(): { deletedAdd: string[]; deletedForget: string[] } {
      const taken = { deletedAdd: [...add], deletedForget: [...forget] }
      add.clear()
      forget.clear()
      return taken
    },
    /** A write of `taken` failed: its changes wait again, unless changed back meanwhile. */
    giveBack(taken: { deletedAdd: string[]; deletedForget: string[] }) {
      for (const id of taken.deletedAdd) if (!forget.has(id)) add.add(id)
      for (const id of taken.deletedForget) if (!add.has(id)) forget.add(id)
    },
    clear() {
      seen = []
      add.clear()
      forget.clear()
    },
  }
}

/** Resolves after the next frame has painted, or after 50 ms where frames do not run (a hidden tab). */
export const afterPaint = () =>
  new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, 50)
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback)
        resolve()
      }, 0),
    )
  })

/**
 * `opening`, or null after `ms` (an open that never finishes: a known browser bug). A database
 * that opens later is closed again: the page has gone on without it.
 */
export async function withinTime(
  opening: Promise<IDBDatabase | null>,
  ms: number,
): Promise<{ db: IDBDatabase | null; timedOut: boolean }> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let timedOut = false
  const db = await Promise.race([
    opening,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        timedOut = true
        resolve(null)
      }, ms)
    }),
  ])
  clearTimeout(timer)
  if (timedOut) void opening.then((late) => late?.close())
  return { db, timedOut }
}
