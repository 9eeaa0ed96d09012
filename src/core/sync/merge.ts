import { type CheckedItems, strictWheel } from '../wheel/checks'
import type { Wheel } from '../wheel/model'
import type { ServerWheel, SyncChange } from './protocol'

/** What a browser remembers about its last sync: whose wheels, the cursor, each wheel's agreed updatedAt. */
export type SyncState = { userId: string; cursor: number; synced: Record<string, string> }

export const emptySyncState = (userId: string): SyncState => ({ userId, cursor: 0, synced: {} })

/**
 * The wheel as `syncedWheelSchema` (protocol.ts) returns it, or null where the server would refuse
 * it: checked by hand (checks.ts, held to the schema by a property test) in about half the time
 * zod took (decision 0041, tenth session). `checked` remembers the items already accepted.
 */
export function strictSyncedWheel(value: unknown, checked?: CheckedItems): Wheel | null {
  const wheel = strictWheel(value, checked)
  return wheel && wheel.id !== null && wheel.createdAt && wheel.updatedAt ? wheel : null
}

/**
 * One saved wheel's change to push, or null when the server has it already or would refuse it: a
 * wheel whose updatedAt differs from the one last agreed with the server goes, with that as its
 * base. A sync pushes each wheel's change, then `deletions`; a 10,000-item wheel takes
 * milliseconds to check, so the caller can give the browser a turn between wheels.
 */
export function wheelChange(wheel: Wheel, state: SyncState, checked?: CheckedItems): SyncChange | null {
  if (!wheel.id || state.synced[wheel.id] === wheel.updatedAt) return null
  // A wheel the server would refuse (no timestamps from an old version) is left out, not sent.
  if (!strictSyncedWheel(wheel, checked)) return null
  return { id: wheel.id, base: state.synced[wheel.id] ?? null, wheel }
}

/**
 * The deletes to push: one for each wheel the user deleted here (`deleted`, the tombstones recorded
 * at the moment of deleting) that is not here again. A deletion is never inferred from a wheel's
 * absence: a wheel the browser failed to store must not be deleted from the account.
 */
export function deletions(
  local: readonly Wheel[],
  state: SyncState,
  deleted: readonly string[] = [],
): SyncChange[] {
  const present = new Set(local.map((wheel) => wheel.id).filter(Boolean))
  const changes: SyncChange[] = []
  for (const id of new Set(deleted)) {
    if (present.has(id)) continue
    // A wheel the server never had needs no delete; one still on its way there is deleted against
    // the version the server answered with, once that answer is recorded.
    const base = state.synced[id]
    if (base !== undefined) changes.push({ id, base, wheel: null })
  }
  return changes
}

/**
 * Wheels the sync state says are agreed with the server but that this browser does not hold and
 * the user did not delete: the local store lost them (it was full, or an older version inferred
 * too much). The answer is to pull everything again, never to delete them from the account.
 */
export function missingWheels(
  local: readonly Wheel[],
  state: SyncState,
  deleted: readonly string[] = [],
): string[] {
  const present = new Set(local.map((w) => w.id))
  const gone = new Set(deleted)
  return Object.keys(state.synced).filter((id) => !present.has(id) && !gone.has(id))
}

/** The sync state with which the next exchange pulls every wheel again, from the first change. */
export function repairedSyncState(state: SyncState, missing: readonly string[]): SyncState {
  const synced = { ...state.synced }
  for (const id of missing) delete synced[id]
  return { ...state, cursor: 0, synced }
}

/**
 * Takes in what the server answered. `sent` is how the saved wheels looked when the request left:
 * a wheel changed here since then keeps the local version (it goes out with the next sync), unless
 * the server holds exactly what it now is. New wheels from the server are added at the end.
 */
export function applyServerWheels(
  local: readonly Wheel[],
  sent: readonly Wheel[],
  server: readonly ServerWheel[],
  state: SyncState,
  cursor: number,
): { wheels: Wheel[]; state: SyncState; changed: boolean } {
  const synced = { ...state.synced }
  const before = new Map(sent.map((w) => [w.id, w.updatedAt]))
  const next = [...local]
  let changed = false
  for (const row of server) {
    const index = next.findIndex((w) => w.id === row.id)
    const current = index >= 0 ? next[index] : undefined
    const editedMeanwhile = (current?.updatedAt ?? null) !== (before.get(row.id) ?? null)
    if (editedMeanwhile) {
      // The server holds what was sent (the local edit grew from it) or what is here now: agreed.
      if (row.wheel && (row.updatedAt === before.get(row.id) || row.updatedAt === current?.updatedAt)) {
        synced[row.id] = row.updatedAt
      }
      continue
    }
    if (row.wheel === null) {
      delete synced[row.id]
      if (index >= 0) {
        next.splice(index, 1)
        changed = true
      }
      continue
    }
    synced[row.id] = row.updatedAt
    if (current?.updatedAt === row.updatedAt && index >= 0) continue
    if (index >= 0) next[index] = row.wheel
    else next.push(row.wheel)
    changed = true
  }
  return {
    wheels: changed ? next : [...local],
    state: { ...state, cursor: Math.max(state.cursor, cursor), synced },
    changed,
  }
}

/** Wheels that belonged to another account on this browser (already safe on the server): to remove. */
export function wheelsOfOtherAccount(
  local: readonly Wheel[],
  previous: SyncState | null,
  userId: string,
): Set<string> {
  if (!previous || previous.userId === userId) return new Set()
  return new Set(local.filter((w) => w.id && previous.synced[w.id] !== undefined).map((w) => w.id as string))
}

/**
 * A push's answer with the wheels it stored as sent left out (`omitSent`): each such row gets back
 * the wheel of the change it names. Null when a row names a change the request did not have, or
 * one without a wheel: such an answer cannot be taken in (a missing wheel would read as deleted).
 */
export function withSentWheels(
  rows: readonly ServerWheel[],
  changes: readonly SyncChange[],
): ServerWheel[] | null {
  const out: ServerWheel[] = []
  for (const { sent, ...row } of rows) {
    if (sent === undefined) {
      out.push(row)
      continue
    }
    const change = changes[sent]
    if (!change?.wheel || change.id !== row.id) return null
    out.push({ ...row, wheel: change.wheel })
  }
  return out
}
