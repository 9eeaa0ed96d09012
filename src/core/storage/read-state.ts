import { MAX_SAVED_WHEELS } from '../plan/definition'
import { pick, strictList } from '../wheel/check-basics'
import { type CheckedItems, strictHistoryEntry, strictWheel } from '../wheel/checks'
import { createDefaultWheel, type SpinHistoryEntry, type Wheel } from '../wheel/model'
import { migrate } from './migrations'
import {
  DEFAULT_GLOBAL_SETTINGS,
  defaultState,
  type GlobalSettings,
  HISTORY_LIMIT,
  MAX_STORED_CHARS,
  type PersistedState,
  STORE_VERSION,
  unique,
} from './persisted-state'
import { idKeeper, readHistoryEntry, readWheel } from './repair'

/**
 * Reads the wheel state the browser stored (persisted-state.ts) back, whatever the key holds:
 * migrated from an older version, checked, and repaired where it must be. Only a page that finds
 * something stored loads this.
 */

const STATE_KEYS = ['version', 'currentWheel', 'savedWheels', 'spinHistory', 'settings']
const SETTINGS_KEYS = ['soundEnabled', 'confettiEnabled', 'autoSave']

/**
 * The stored state exactly as `persistedStateSchema` (state-schema.ts) returns it, or null where
 * the schema refuses it: the same rules, written out without zod so that the wheel page does not
 * load it. state-schema.test.ts holds the two together.
 */
export function strictState(value: unknown, checked?: CheckedItems): PersistedState | null {
  const state = pick(value, STATE_KEYS)
  if (!state || state.version !== STORE_VERSION) return null
  const currentWheel = strictWheel(state.currentWheel, checked)
  const savedWheels = strictList(state.savedWheels, MAX_SAVED_WHEELS, strictWheel)
  const spinHistory = strictList(state.spinHistory, HISTORY_LIMIT, strictHistoryEntry)
  const rawSettings = state.settings
  if (!currentWheel || !savedWheels || !spinHistory) return null
  if (!savedWheels.every((w) => w.id !== null) || !unique(savedWheels, (w) => w.id)) return null
  if (!unique(spinHistory, (e) => e.id)) return null
  const settings = pick(rawSettings, SETTINGS_KEYS)
  if (!settings || !SETTINGS_KEYS.every((k) => typeof settings[k] === 'boolean')) return null
  const same =
    state === value &&
    currentWheel === state.currentWheel &&
    savedWheels === state.savedWheels &&
    spinHistory === state.spinHistory &&
    settings === rawSettings
  if (same) return value as PersistedState
  return { ...state, currentWheel, savedWheels, spinHistory, settings } as PersistedState
}

export type ParseResult = {
  state: PersistedState
  /**
   * True when the stored value was not taken over unchanged (unreadable, an older or newer
   * version, or anything repaired or dropped): keep the raw text under BACKUP_KEY.
   */
  needsBackup: boolean
  /** What was wrong, for a console warning; empty when the value was valid as stored. */
  problems: string[]
}

const TOO_LARGE = 'the stored value is too large to read'

/** The defaults, with the stored value kept as a backup and the reason. */
const failed = (problem: string): ParseResult => ({
  state: defaultState(),
  needsBackup: true,
  problems: [problem],
})

function neverThrowing(read: () => ParseResult): ParseResult {
  try {
    return read()
  } catch (error) {
    // Nothing in the readers should throw; this is the promise that a broken store never breaks the page.
    return failed(`unreadable: ${String(error)}`)
  }
}

/**
 * Reads the stored value: null or '' give the defaults; a valid current-version value is used as
 * is; an older version is migrated; anything else is repaired, keeping whatever is valid (invalid
 * items, wheels or history entries are dropped, out-of-range settings clamped, bad colours made
 * #3b82f6, a missing or unreadable current wheel replaced by the default wheel).
 * Never throws.
 */
export function parsePersistedState(raw: string | null): ParseResult {
  if (raw === null || raw === '') return { state: defaultState(), needsBackup: false, problems: [] }
  return neverThrowing(() => {
    if (raw.length > MAX_STORED_CHARS) return failed(TOO_LARGE)
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      return failed('the stored value is not JSON')
    }
    return parseValue(json)
  })
}

/**
 * `parsePersistedState` for a value the caller has parsed already (`chars`: the length of the text
 * it was parsed from), so a big wheel is not parsed twice. The same rules, and it never throws.
 * `checked`: the current wheel's items accepted before (strictItems), whose objects the caller reuses.
 */
export function parsePersistedValue(json: unknown, chars: number, checked?: CheckedItems): ParseResult {
  return neverThrowing(() => (chars > MAX_STORED_CHARS ? failed(TOO_LARGE) : parseValue(json, checked)))
}

function parseValue(json: unknown, checked?: CheckedItems): ParseResult {
  const migrated = migrate(json)
  if (!migrated.ok) return failed(migrated.reason)
  const problems: string[] = []
  if (migrated.from !== STORE_VERSION)
    problems.push(`stored as version ${migrated.from}, read as ${STORE_VERSION}`)

  const strict = strictState(migrated.data, checked)
  if (strict) return { state: strict, needsBackup: problems.length > 0, problems }

  const state = repair(migrated.data, (problem) => problems.push(problem))
  // The repaired state must pass the strict rules; if it ever did not, the defaults are safer.
  if (!strictState(state)) return failed('the stored value could not be repaired')
  return { state, needsBackup: true, problems: problems.length > 0 ? problems : ['repaired'] }
}

function repair(data: Record<string, unknown>, report: (problem: string) => void): PersistedState {
  const own = (key: string) => (Object.hasOwn(data, key) ? data[key] : undefined)
  const list = (key: string, limit: number): unknown[] => {
    const value = own(key)
    if (value === undefined) return []
    if (!Array.isArray(value)) {
      report(`${key}: not a list, emptied`)
      return []
    }
    if (value.length > limit)
      report(`${key}: ${value.length - limit} entries over the limit of ${limit} dropped`)
    return value.slice(0, limit)
  }

  const currentWheel = readWheel(own('currentWheel'), 'currentWheel', report) ?? createDefaultWheel()
  const wheelIds = idKeeper(report)
  const savedWheels = list('savedWheels', MAX_SAVED_WHEELS)
    .map((w, i) => readWheel(w, `savedWheels[${i}]`, report, wheelIds))
    .filter((w): w is Wheel => w !== null)
  const entryIds = idKeeper(report)
  const spinHistory = list('spinHistory', HISTORY_LIMIT)
    .map((e, i) => readHistoryEntry(e, `spinHistory[${i}]`, report, entryIds))
    .filter((e): e is SpinHistoryEntry => e !== null)

  const rawSettings = own('settings')
  const r =
    rawSettings !== null && typeof rawSettings === 'object' ? (rawSettings as Record<string, unknown>) : {}
  const flag = (key: keyof GlobalSettings) => {
    const v = Object.hasOwn(r, key) ? r[key] : undefined
    if (typeof v === 'boolean') return v
    report(`settings.${key}: not true or false, default used`)
    return DEFAULT_GLOBAL_SETTINGS[key]
  }
  const settings = {
    soundEnabled: flag('soundEnabled'),
    confettiEnabled: flag('confettiEnabled'),
    autoSave: flag('autoSave'),
  }
  return { version: STORE_VERSION, currentWheel, savedWheels, spinHistory, settings }
}
