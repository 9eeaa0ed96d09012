import { create } from 'zustand'
import { msg } from '../../core/i18n/message-id'
import { MAX_SAVED_WHEELS } from '../../core/plan/definition'
import { BACKUP_KEY, STORE_KEY } from '../../core/storage/keys'
import { addHistoryEntry, type GlobalSettings, type PersistedState } from '../../core/storage/persisted-state'
import { newWheel } from '../../core/wheel/auto-save'
import { createId, type Item, type Wheel, type WheelSettings } from '../../core/wheel/model'
import {
  addWin,
  deleteSavedWheel,
  duplicateSavedWheel,
  resetTally,
  saveWheel,
  updateItem,
  updateSettings,
} from '../../core/wheel/operations'
import { type LimitedLoad, loadWithinLimit } from '../../core/wheel/plan-limit'
import { asNewWheel } from '../../core/wheel/save-choice'
import type { WheelSummary } from '../../core/wheel/summary'
import { numberFormat } from '../i18n/formats'
import { t } from '../i18n/i18n'
import { afterParts } from '../i18n/parts'
import { recordDeletedWheels } from './browser-data'
import { registerDeclinedDataRemover } from './declined-data-removers'
import { inPageLanguage } from './default-wheel-words'
import { keepUnchanged } from './keep-unchanged'
import { removeSavedWheels, savedWheelsInLocalStorage } from './saved-wheels-persistence'
import {
  savedWheelsFollowLocalStorage,
  startSavedWheels,
  takeInLocalStorageWheels,
} from './saved-wheels-start'
import { parseStoredWheel, readStored } from './stored-state'
import { type WheelEdits, wheelEdits } from './wheel-edits'
import {
  INLINE_MAX_ITEMS,
  lastStoredMain,
  readStoredWheel,
  type StoredWheel,
  writeStoredWheelState,
} from './wheel-local-storage'

/** Every change to the wheel state goes through these (and the list and look edits of wheel-edits.ts). */
type Actions = WheelEdits & {
  updateWheel(changes: Partial<Pick<Wheel, 'name' | 'centerImage'>>): void
  updateItem(id: string, changes: Partial<Omit<Item, 'id'>>): void
  updateSettings(changes: Partial<WheelSettings>): void
  updateGlobalSettings(changes: Partial<GlobalSettings>): void
  recordWin(item: Item): void
  resetTally(): void
  clearHistory(): void
  resetWheel(): void
  dismissStorageProblem(): void
  /**
   * Saves the current wheel (creates or replaces by id); refused when the saved list is full.
   * `keepTypedName` (auto-save) leaves the name field as typed rather than trimmed under the cursor;
   * `asNew` (Save as new) saves it as a new wheel beside the one it was opened from.
   */
  saveCurrentWheel(options?: { keepTypedName?: boolean; asNew?: boolean }): Outcome
  /**
   * Opens a saved wheel in the editor, within `maxItems` (the plan's limit: a lapsed premium user's
   * wheel opens with its first 15 items, as a copy); null when there is no wheel with that id.
   */
  loadSavedWheel(id: string, maxItems?: number): LimitedLoad | null
  deleteSavedWheel(id: string): void
  /** A saved wheel's earlier version brought back: in the saved wheels, and in the editor if open there. */
  restoreSavedWheel(restored: Wheel & { id: string }): void
  duplicateSavedWheel(id: string): Outcome
  /**
   * An imported wheel becomes the current wheel and is added to the saved wheels, with `more`
   * (the other wheels of a file that held several) saved after it.
   */
  importWheel(wheel: Wheel, more?: readonly Wheel[]): Outcome
}

export type Outcome = { ok: true } | { ok: false; error: string }

const atLimit = (): Outcome => ({
  ok: false,
  error: t('You can keep up to {max} saved wheels. Delete some to make room.', {
    max: numberFormat().format(MAX_SAVED_WHEELS),
  }),
})

export type WheelStore = PersistedState & {
  /** A message for the user when the browser refused to store the wheel (quota, private mode). */
  storageProblem: string | null
  /** False until the saved wheels have been read from the browser's database. */
  savedWheelsLoaded: boolean
  /** The saved wheels' summaries, read first so /saved lists at once; null once the wheels are read. */
  savedSummaries: WheelSummary[] | null
} & Actions

// The saved wheels live in IndexedDB; the local-storage key keeps them only where it cannot.
const pick = (s: WheelStore): PersistedState => ({
  version: s.version,
  currentWheel: s.currentWheel,
  savedWheels: savedWheelsInLocalStorage() ? s.savedWheels : [],
  spinHistory: s.spinHistory,
  settings: s.settings,
})

const { state: initial, fresh, repaired } = readStored()

export const useWheelStore = create<WheelStore>()((set, get) => {
  const wheel = (change: (w: Wheel) => Wheel) => set((s) => ({ currentWheel: change(s.currentWheel) }))
  return {
    ...initial,
    storageProblem: null,
    savedWheelsLoaded: false,
    savedSummaries: null,
    ...wheelEdits(set, get),
    updateWheel: (changes) => wheel((w) => ({ ...w, ...changes })),
    updateItem: (id, changes) => wheel((w) => updateItem(w, id, changes)),
    updateSettings: (changes) => wheel((w) => updateSettings(w, changes)),
    updateGlobalSettings: (changes) => set((s) => ({ settings: { ...s.settings, ...changes } })),
    recordWin: (item) => {
      const { currentWheel } = get()
      set((s) => ({
        currentWheel:
          currentWheel.settings.mode === 'accumulation' ? addWin(s.currentWheel, item.id) : s.currentWheel,
        spinHistory: addHistoryEntry(s.spinHistory, {
          id: createId(),
          result: { text: item.text, color: item.color },
          wheelName: s.currentWheel.name,
          timestamp: new Date().toISOString(),
        }),
      }))
    },
    resetTally: () => wheel(resetTally),
    clearHistory: () => set({ spinHistory: [] }),
    // A new wheel takes the user's defaults for sound and confetti (the global settings).
    resetWheel: () => set((s) => ({ currentWheel: inPageLanguage(newWheel(s.settings)) })),
    dismissStorageProblem: () => set({ storageProblem: null }),
    saveCurrentWheel: (options) => {
      if (options?.asNew) set((s) => ({ currentWheel: asNewWheel(s.currentWheel) }))
      const { savedWheels, currentWheel } = get()
      const known = currentWheel.id !== null && savedWheels.some((w) => w.id === currentWheel.id)
      if (!known && savedWheels.length >= MAX_SAVED_WHEELS) return atLimit()
      const result = saveWheel(savedWheels, currentWheel)
      const typed = options?.keepTypedName && result.wheel.name !== currentWheel.name
      set({
        savedWheels: result.saved,
        currentWheel: typed ? { ...result.wheel, name: currentWheel.name } : result.wheel,
      })
      return { ok: true }
    },
    loadSavedWheel: (id, maxItems = Number.POSITIVE_INFINITY) => {
      const found = get().savedWheels.find((w) => w.id === id)
      if (!found) return null
      const load = loadWithinLimit(found, maxItems)
      set({ currentWheel: load.wheel })
      return load
    },
    deleteSavedWheel: (id) => {
      // The tombstone goes first: cloud sync deletes a wheel from the account only on this record.
      recordDeletedWheels([id])
      set((s) => ({ savedWheels: deleteSavedWheel(s.savedWheels, id) }))
    },
    restoreSavedWheel: (restored) =>
      set((s) => ({
        savedWheels: s.savedWheels.map((w) => (w.id === restored.id ? restored : w)),
        ...(s.currentWheel.id === restored.id ? { currentWheel: restored } : {}),
      })),
    duplicateSavedWheel: (id) => {
      if (get().savedWheels.length >= MAX_SAVED_WHEELS) return atLimit()
      set((s) => ({ savedWheels: duplicateSavedWheel(s.savedWheels, id) }))
      return { ok: true }
    },
    importWheel: (imported, more = []) => {
      if (get().savedWheels.length + more.length >= MAX_SAVED_WHEELS) return atLimit()
      set((s) => ({ currentWheel: imported, savedWheels: [...s.savedWheels, imported, ...more] }))
      return { ok: true }
    },
  }
})

// Persistence: write after each change (coalesced per frame), and follow changes made in other tabs.
let scheduled = false
let applyingRemote = false
// This tab changed the state since it last stored it. Only such a change is written: a tab that
// changed nothing never writes its copy over another tab's newer write it has not yet heard of.
let dirty = repaired

const STORAGE_FULL_MESSAGE = msg(
  'Your browser has no room left to save this wheel, so changes will be lost when you close the page. Remove some items or saved wheels, or free up browser storage.',
)

/**
 * Stores the state when this tab changed it. `force` stores it even so (the saved wheels leave the
 * key, the user declined storage), after taking in another tab's write this tab has not heard of.
 */
function write(force = false): boolean {
  scheduled = false
  if (!dirty) {
    if (!force) return true
    if (localStorage.getItem(STORE_KEY) !== lastStoredMain()) adoptStored()
  }
  const started = performance.now()
  if (!writeStoredWheelState(pick(useWheelStore.getState()))) {
    useWheelStore.setState({ storageProblem: t(STORAGE_FULL_MESSAGE) })
    return false
  }
  dirty = false
  performance.measure?.('whirl:persist', { start: started })
  if (useWheelStore.getState().storageProblem === t(STORAGE_FULL_MESSAGE))
    useWheelStore.setState({ storageProblem: null })
  return true
}

/**
 * Writes the wheel state now (if this tab changed it) and says whether the browser holds it. Cloud
 * sync calls this before it records a cursor, so its record never runs ahead of the browser's.
 */
export const persistWheelStore = (): boolean => write()

useWheelStore.subscribe((state, previous) => {
  if (applyingRemote) return
  if (
    state.currentWheel === previous.currentWheel &&
    (state.savedWheels === previous.savedWheels || !savedWheelsInLocalStorage()) &&
    state.spinHistory === previous.spinHistory &&
    state.settings === previous.settings
  )
    return
  dirty = true
  if (scheduled) return
  scheduled = true
  // A big wheel (stored in chunks) is written after the frame that shows the change, so the
  // write of up to 0.8 MB never delays it; leaving or hiding the page writes it at once.
  if (
    state.currentWheel.items.length > INLINE_MAX_ITEMS &&
    typeof requestAnimationFrame === 'function' &&
    document.visibilityState === 'visible'
  )
    requestAnimationFrame(() => setTimeout(flushScheduled, 0))
  else void Promise.resolve().then(() => write())
})

function flushScheduled() {
  if (scheduled) write()
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushScheduled)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushScheduled()
  })
  window.addEventListener('storage', (event) => {
    if (event.key !== STORE_KEY || event.newValue === null || event.newValue === lastStoredMain()) return
    adoptStored()
  })

  registerDeclinedDataRemover(() => {
    useWheelStore.setState({ spinHistory: [], savedWheels: [] })
    void removeSavedWheels()
    write(true)
    try {
      localStorage.removeItem(BACKUP_KEY)
    } catch {
      // Storage unavailable: no backup was kept.
    }
  })

  void startSavedWheels(useWheelStore, initial.savedWheels, write)
}

/** Takes in another tab's write of the key: every tab adopts the newest write at once. */
function adoptStored(): void {
  let stored: StoredWheel | null = null
  try {
    stored = readStoredWheel()
  } catch {
    return
  }
  if (stored === null) return
  // Parts the other tab did not change stay the same objects: what shows only them is not redrawn.
  const state = keepUnchanged(pick(useWheelStore.getState()), parseStoredWheel(stored).state)
  applyingRemote = true
  // A tab's next write then already contains what the other tab saved: neither overwrites the
  // other's wheels with a stale copy. Saved wheels in IndexedDB follow through their own channel.
  const { savedWheels, ...rest } = state
  const whole = savedWheelsFollowLocalStorage()
  useWheelStore.setState(whole ? state : rest)
  applyingRemote = false
  dirty = false
  if (!whole) takeInLocalStorageWheels(savedWheels)
}

// A first visit's wheel speaks the page's language once its words are in (stored once changed).
if (fresh)
  afterParts(() => {
    const { currentWheel } = useWheelStore.getState()
    if (currentWheel !== initial.currentWheel) return
    // Not written (as another tab's change is not): only a change by the user stores the wheel.
    applyingRemote = true
    useWheelStore.setState({ currentWheel: inPageLanguage(currentWheel) })
    applyingRemote = false
  })
