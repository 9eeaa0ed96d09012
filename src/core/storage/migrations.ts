import { STORE_VERSION } from './persisted-state'

/**
 * The steps between versions of the stored wheel state. To change the stored shape: bump
 * STORE_VERSION (persisted-state.ts), add the step from the previous version to MIGRATIONS (it
 * receives the data as the previous version wrote it, possibly damaged, and must not throw), and
 * update the schema.
 */

type Data = Record<string, unknown>

const isRecord = (value: unknown): value is Data =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Turns numeric ids (the spec's timestamps) into strings; leaves anything else alone. */
const stringId = (id: unknown): unknown =>
  typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : id

function stringIds(wheel: unknown): unknown {
  if (!isRecord(wheel)) return wheel
  const items = Array.isArray(wheel.items)
    ? wheel.items.map((item) => (isRecord(item) ? { ...item, id: stringId(item.id) } : item))
    : wheel.items
  return { ...wheel, id: stringId(wheel.id), items }
}

/** MIGRATIONS[v] turns version v into version v + 1. */
const MIGRATIONS: ReadonlyArray<(data: Data) => Data> = [
  // 0 → 1. Version 0 is the spec's unversioned shape {currentWheel, savedWheels, spinHistory,
  // settings}, where ids may be numbers (timestamps). Version 1 adds the version number and has
  // string ids throughout.
  (data) => ({
    ...data,
    version: 1,
    currentWheel: stringIds(data.currentWheel),
    savedWheels: Array.isArray(data.savedWheels) ? data.savedWheels.map(stringIds) : data.savedWheels,
    spinHistory: Array.isArray(data.spinHistory)
      ? data.spinHistory.map((e) => (isRecord(e) ? { ...e, id: stringId(e.id) } : e))
      : data.spinHistory,
  }),
]

/**
 * The stored object's version: its `version` field, 0 when it has none (the legacy shape). A
 * zustand-persist wrapper {state, version} is unwrapped first.
 */
function unwrap(data: Data): { data: Data; version: number } {
  const inner = !Object.hasOwn(data, 'currentWheel') && isRecord(data.state) ? data.state : data
  const raw = Object.hasOwn(inner, 'version') ? inner.version : inner === data ? undefined : data.version
  const version =
    raw === undefined
      ? 0
      : typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0
        ? raw
        : Number.NaN
  return { data: inner, version }
}

/**
 * `from` is the version found. When it is newer than STORE_VERSION (an app rolled back after a
 * newer one wrote the store) or not a version at all (NaN: hand-edited), the data is returned
 * unchanged, for a best-effort read.
 */
export type Migrated = { ok: true; data: Data; from: number } | { ok: false; reason: string }

/** Brings a parsed stored value to STORE_VERSION. Never throws. */
export function migrate(value: unknown): Migrated {
  if (!isRecord(value)) return { ok: false, reason: 'the stored value is not an object' }
  const { data, version } = unwrap(value)
  if (Number.isNaN(version) || version > STORE_VERSION) return { ok: true, data, from: version }
  let current = data
  for (let v = version; v < STORE_VERSION; v++) current = (MIGRATIONS[v] as (d: Data) => Data)(current)
  return { ok: true, data: current, from: version }
}
