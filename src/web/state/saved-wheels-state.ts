import type { StoreApi } from 'zustand'
import { msg } from '../../core/i18n/message-id'
import type { SyncState } from '../../core/sync/merge'
import type { Wheel } from '../../core/wheel/model'
import type { WheelSummary } from '../../core/wheel/summary'
import { createTombstones } from './saved-wheels-changes'

/**
 * The state shared by the two halves of the saved wheels' persistence (decision 0011): the write
 * path (saved-wheels-persistence.ts) and the start and other tabs (saved-wheels-start.ts).
 */

export type SavedStore = StoreApi<{
  savedWheels: Wheel[]
  savedWheelsLoaded: boolean
  savedSummaries: WheelSummary[] | null
  storageProblem: string | null
}>

// In English; the pages show them in their language (setProblem).
export const SAVED_FULL_MESSAGE = msg(
  'Your browser has no room left to save your wheels. They stay open on this page and are saved as soon as there is room: free up browser storage, or delete some saved wheels.',
)
export const SAVED_FAILED_MESSAGE = msg(
  'Your browser could not save your wheels just now. They stay open on this page, and saving is tried again.',
)
export const SAVED_UNREAD_MESSAGE = msg(
  "Your saved wheels could not be read from this browser's storage just now. Nothing was deleted: reload the page to try again.",
)
export const CHANNEL = 'whirl-saved-wheels'

/** 'starting' until the database is read; then IndexedDB, or local storage where it cannot be. */
export type Mode = 'starting' | 'indexeddb' | 'local'
/**
 * Where a change of the saved wheels comes from: 'here' (this tab: written a moment later, and
 * cloud sync told), 'cloud' (cloud sync's answer: written with the sync record that goes with it,
 * never sent back) or 'stored' (read from the database or another tab's write: nothing to write).
 */
export type ChangeSource = 'here' | 'cloud' | 'stored'
/** What a tab tells the others after a write: wheels put and removed, and whether the tombstones changed. */
export type Notice = { put: string[]; remove: string[]; tombstones?: boolean; cleared?: boolean }

export const saved = {
  store: null as SavedStore | null,
  db: null as IDBDatabase | null,
  mode: 'starting' as Mode,
  channel: null as BroadcastChannel | null,
  /** Each wheel's place in the saved order, and the next free one. */
  seqs: new Map<string, number>(),
  nextSeq: 1,
  /** Wheels changed or removed here and not yet written. */
  dirtyPut: new Set<string>(),
  dirtyRemove: new Set<string>(),
  /** Wheels restored from a version: their next write keeps the content it replaces, whatever the rules. */
  forcedVersions: new Set<string>(),
  tombstones: createTombstones(),
  syncRecord: null as SyncState | null,
  /**
   * Set by /saved as its code arrives, to what resolves once its list has painted: its actions wait
   * for the wheels, which are read in larger slices, after the list (browser-data-early-list.ts).
   */
  listPage: false as false | Promise<void>,
  /** Where the change being applied comes from (set only while it is applied). */
  source: 'here' as ChangeSource,
  /** Set while another tab's "cleared" is applied here: nothing to clear or announce again. */
  clearingForOtherTab: false,
  persistLocal: (() => true) as () => boolean,
  /** The storage problems standing (English), oldest first: setProblem. */
  problems: [] as string[],
}

let markReady: () => void = () => {}
const ready: Promise<void> = new Promise((resolve) => {
  markReady = resolve
})
export const markSavedWheelsReady = () => markReady()
let wake: () => void = () => {}
/** What starts reading the saved wheels where that was put off until they are needed. */
export const onSavedWheelsNeeded = (start: () => void) => {
  wake = start
}
/**
 * Resolves once the saved wheels have been read (and an older version's moved in). Asking for them
 * starts the read where it was put off (a browser with nothing stored yet: saved-wheels-start.ts).
 */
export function savedWheelsReady(): Promise<void> {
  wake()
  return ready
}

/** Applies a change of the saved wheels that did not start with this tab's user (see ChangeSource). */
export function applySaved(change: Partial<ReturnType<SavedStore['getState']>>, source: ChangeSource) {
  saved.source = source
  saved.store?.setState(change)
  saved.source = 'here'
}

/**
 * Shows `message` (English: the page shows it in its language), or with null takes back what this
 * owner showed: `ours`, the messages it may have shown. Several owners' problems can stand at once
 * (the saved wheels unread, the wheel's storage full…): the newest shows, and one taken back
 * uncovers the one before it.
 */
export function setProblem(message: string | null, ours: readonly string[]) {
  saved.problems = saved.problems.filter((m) => m !== message && !ours.includes(m))
  if (message !== null) saved.problems.push(message)
  showProblem()
}

/** Puts the newest standing problem in the store, where the pages show it. */
export function showProblem() {
  const shown = saved.problems.at(-1) ?? null
  if (saved.store && saved.store.getState().storageProblem !== shown)
    saved.store.setState({ storageProblem: shown })
}
