import { createDefaultWheel, createId, type SpinHistoryEntry, type Wheel } from '../wheel/model'

/**
 * The wheel state the browser keeps, under one local-storage key, as versioned JSON:
 * {version, currentWheel, savedWheels, spinHistory (newest first, ≤ 100), settings}.
 * `parsePersistedState` (read-state.ts) reads it back whatever the key holds, and never throws; it
 * lives apart so that a first visit, which has nothing stored, does not load it.
 */

/** The stored shape's version (migrations.ts has the steps from each earlier one). */
export const STORE_VERSION = 1
export const HISTORY_LIMIT = 100
/** A stored text longer than this (far beyond any browser's quota) is not even parsed. */
export const MAX_STORED_CHARS = 20_000_000

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

/** True when no two entries of `list` share a key. */
export const unique = <T>(list: readonly T[], key: (value: T) => unknown) =>
  new Set(list.map(key)).size === list.length

export const serializePersistedState = (state: PersistedState): string => JSON.stringify(state)

/** A history entry for a spin result, stamped now. */
export function createHistoryEntry(
  result: { text: string; color: string },
  wheelName: string,
  now: Date = new Date(),
): SpinHistoryEntry {
  return {
    id: createId(() => now.getTime()),
    result: { text: result.text, color: result.color },
    wheelName,
    timestamp: now.toISOString(),
  }
}

/** Newest first, at most HISTORY_LIMIT entries. */
export const addHistoryEntry = (
  history: readonly SpinHistoryEntry[],
  entry: SpinHistoryEntry,
): SpinHistoryEntry[] => [entry, ...history].slice(0, HISTORY_LIMIT)
