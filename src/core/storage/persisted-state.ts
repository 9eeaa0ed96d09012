import { normalizeHex } from '../wheel/colors'
import {
  clampToRange,
  createDefaultWheel,
  DEFAULT_ITEM_COLOR,
  DEFAULT_SETTINGS,
  DEFAULT_WHEEL_NAME,
  MAX_ITEM_TEXT,
  MAX_ITEMS,
  MAX_WHEEL_NAME,
  SPIN_DURATION,
  type SpinHistoryEntry,
  WHEEL_MODES,
  WHEEL_SIZE,
  type Wheel,
  type WheelMode,
  type WheelSettings,
} from '../wheel/model'

/** The one local-storage key of the wheel store. */
export const STORE_KEY = 'whirl-wheel-store'
/** Where an unreadable stored value is kept, so nothing a user had is thrown away. */
export const BACKUP_KEY = 'whirl-wheel-store-backup'
export const STORE_VERSION = 1
export const HISTORY_LIMIT = 100
export const MAX_SAVED_WHEELS = 500

export type GlobalSettings = { soundEnabled: boolean; confettiEnabled: boolean; autoSave: boolean }

export type PersistedState = {
  version: typeof STORE_VERSION
  currentWheel: Wheel
  savedWheels: Wheel[]
  spinHistory: SpinHistoryEntry[]
  settings: GlobalSettings
}

export const DEFAULT_GLOBAL_SETTINGS: GlobalSettings = {
  soundEnabled: true,
  confettiEnabled: true,
  autoSave: true,
}

export function defaultState(): PersistedState {
  return {
    version: STORE_VERSION,
    currentWheel: createDefaultWheel(),
    savedWheels: [],
    spinHistory: [],
    settings: { ...DEFAULT_GLOBAL_SETTINGS },
  }
}

const isIsoDate = (s: unknown): s is string => typeof s === 'string' && !Number.isNaN(Date.parse(s))

/** Lenient readers: each keeps what is valid and repairs or drops the rest. */
function readItem(raw: unknown, index: number): Wheel['items'][number] | null {
  if (!raw || typeof raw !== 'object') return null
  const r = raw as Record<string, unknown>
  const t = typeof r.text === 'string' ? r.text.trim() : typeof r.text === 'number' ? String(r.text) : ''
  const id =
    typeof r.id === 'string' && r.id ? r.id.slice(0, 64) : typeof r.id === 'number' ? String(r.id) : null
  return {
    id: id ?? `restored-${index}`,
    text: (t || `Item ${index + 1}`).slice(0, MAX_ITEM_TEXT),
    color: normalizeHex(r.color, DEFAULT_ITEM_COLOR),
  }
}

export function readSettings(raw: unknown): WheelSettings {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d)
  return {
    spinDuration: clampToRange(r.spinDuration, SPIN_DURATION),
    wheelSize: clampToRange(r.wheelSize, WHEEL_SIZE),
    soundEnabled: bool(r.soundEnabled, DEFAULT_SETTINGS.soundEnabled),
    confettiEnabled: bool(r.confettiEnabled, DEFAULT_SETTINGS.confettiEnabled),
    mode: (WHEEL_MODES as readonly unknown[]).includes(r.mode) ? (r.mode as WheelMode) : 'normal',
  }
}

export function readWheel(raw: unknown): Wheel | null {
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { items?: unknown }).items)) return null
  const r = raw as Record<string, unknown>
  const rawItems = (r.items as unknown[]).slice(0, MAX_ITEMS)
  const items = rawItems.map(readItem).filter((i): i is Wheel['items'][number] => i !== null)
  const seen = new Set<string>()
  for (const item of items) {
    if (seen.has(item.id)) item.id = `${item.id}-${seen.size}`
    seen.add(item.id)
  }
  const name =
    typeof r.name === 'string' && r.name.trim() ? r.name.trim().slice(0, MAX_WHEEL_NAME) : DEFAULT_WHEEL_NAME
  const tally: Record<string, number> = {}
  if (r.tally && typeof r.tally === 'object') {
    for (const item of items) {
      const v = (r.tally as Record<string, unknown>)[item.id]
      if (Object.hasOwn(r.tally, item.id) && typeof v === 'number' && Number.isInteger(v) && v > 0)
        tally[item.id] = v
    }
  }
  const wheel: Wheel = {
    id: typeof r.id === 'string' && r.id ? r.id.slice(0, 64) : typeof r.id === 'number' ? String(r.id) : null,
    name,
    items,
    settings: readSettings(r.settings),
    tally,
  }
  if (isIsoDate(r.createdAt)) wheel.createdAt = r.createdAt
  if (isIsoDate(r.updatedAt)) wheel.updatedAt = r.updatedAt
  return wheel
}

function readHistoryEntry(raw: unknown): SpinHistoryEntry | null {
  if (!raw || typeof raw !== 'object') return null
  const r = raw as Record<string, unknown>
  const result = r.result && typeof r.result === 'object' ? (r.result as Record<string, unknown>) : null
  const id = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : null
  if (
    !id ||
    !result ||
    typeof result.text !== 'string' ||
    typeof r.wheelName !== 'string' ||
    !isIsoDate(r.timestamp)
  )
    return null
  return {
    id,
    result: { text: result.text.slice(0, MAX_ITEM_TEXT), color: normalizeHex(result.color) },
    wheelName: r.wheelName.slice(0, MAX_WHEEL_NAME),
    timestamp: r.timestamp,
  }
}

function readGlobalSettings(raw: unknown): GlobalSettings {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const pick = (k: keyof GlobalSettings) =>
    typeof r[k] === 'boolean' ? (r[k] as boolean) : DEFAULT_GLOBAL_SETTINGS[k]
  return {
    soundEnabled: pick('soundEnabled'),
    confettiEnabled: pick('confettiEnabled'),
    autoSave: pick('autoSave'),
  }
}

/**
 * Migrations, one per version step. Version 0 is the spec's unversioned shape
 * {currentWheel, savedWheels, spinHistory, settings}, also as persisted by zustand ({state, version}).
 */
const MIGRATIONS: Record<number, (data: Record<string, unknown>) => Record<string, unknown>> = {
  0: (data) => {
    const inner =
      data.state && typeof data.state === 'object' ? (data.state as Record<string, unknown>) : data
    return { ...inner, version: 1 }
  },
}

export type ParseResult = {
  state: PersistedState
  /** The stored value could not be read whole: keep the raw text under BACKUP_KEY. */
  needsBackup: boolean
}

/** Reads the stored value. Never throws: what cannot be read falls back to defaults. */
export function parsePersistedState(raw: string | null): ParseResult {
  if (raw === null || raw === '') return { state: defaultState(), needsBackup: false }
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return { state: defaultState(), needsBackup: true }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    return { state: defaultState(), needsBackup: true }
  let record = data as Record<string, unknown>
  let version = typeof record.version === 'number' && Number.isInteger(record.version) ? record.version : 0
  if (version > STORE_VERSION) return { state: defaultState(), needsBackup: true }
  while (version < STORE_VERSION) {
    const step = MIGRATIONS[version]
    if (!step) return { state: defaultState(), needsBackup: true }
    record = step(record)
    version += 1
  }
  const current = readWheel(record.currentWheel)
  const rawSaved = Array.isArray(record.savedWheels) ? record.savedWheels : []
  const savedWheels = rawSaved
    .slice(0, MAX_SAVED_WHEELS)
    .map(readWheel)
    .filter((w): w is Wheel => w !== null && w.id !== null)
  const rawHistory = Array.isArray(record.spinHistory) ? record.spinHistory : []
  const spinHistory = rawHistory
    .slice(0, HISTORY_LIMIT)
    .map(readHistoryEntry)
    .filter((e): e is SpinHistoryEntry => e !== null)
  const damaged =
    !current ||
    savedWheels.length !== Math.min(rawSaved.length, MAX_SAVED_WHEELS) ||
    spinHistory.length !== Math.min(rawHistory.length, HISTORY_LIMIT)
  return {
    state: {
      version: STORE_VERSION,
      currentWheel: current ?? createDefaultWheel(),
      savedWheels,
      spinHistory,
      settings: readGlobalSettings(record.settings),
    },
    needsBackup: damaged,
  }
}

export const serializePersistedState = (state: PersistedState): string => JSON.stringify(state)

/** Newest first, at most HISTORY_LIMIT entries. */
export const addHistoryEntry = (history: SpinHistoryEntry[], entry: SpinHistoryEntry): SpinHistoryEntry[] =>
  [entry, ...history].slice(0, HISTORY_LIMIT)
