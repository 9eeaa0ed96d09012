import { create } from 'zustand'
import {
  addHistoryEntry,
  BACKUP_KEY,
  type GlobalSettings,
  MAX_SAVED_WHEELS,
  type PersistedState,
  parsePersistedState,
  STORE_KEY,
  serializePersistedState,
} from '../../../core/storage/persisted-state'
import {
  createDefaultWheel,
  createId,
  type Item,
  type Wheel,
  type WheelSettings,
} from '../../../core/wheel/model'
import {
  addItem,
  addWin,
  deleteSavedWheel,
  duplicateSavedWheel,
  removeFirstMatching,
  removeItem,
  resetTally,
  saveWheel,
  updateItem,
  updateSettings,
} from '../../../core/wheel/operations'
import { registerDeclinedDataRemover } from '../consent/data-removal'

type Actions = {
  updateWheel(changes: Partial<Pick<Wheel, 'name'>>): void
  addItem(item: Item): void
  updateItem(id: string, changes: Partial<Omit<Item, 'id'>>): void
  removeItem(id: string): void
  removeWinner(result: { text: string; color: string }): void
  updateSettings(changes: Partial<WheelSettings>): void
  updateGlobalSettings(changes: Partial<GlobalSettings>): void
  recordWin(item: Item): void
  resetTally(): void
  clearHistory(): void
  resetWheel(): void
  dismissStorageProblem(): void
  /** Saves the current wheel (creates or replaces by id); refused when the saved list is full. */
  saveCurrentWheel(): Outcome
  /** Opens a saved wheel in the editor; false when there is no wheel with that id. */
  loadSavedWheel(id: string): boolean
  deleteSavedWheel(id: string): void
  duplicateSavedWheel(id: string): Outcome
  /** An imported wheel becomes the current wheel and is added to the saved wheels. */
  importWheel(wheel: Wheel): Outcome
}

export type Outcome = { ok: true } | { ok: false; error: string }

export const SAVED_FULL_MESSAGE = `You can keep up to ${MAX_SAVED_WHEELS} saved wheels. Delete some to make room.`
const FULL: Outcome = { ok: false, error: SAVED_FULL_MESSAGE }

export type WheelStore = PersistedState & {
  /** A message for the user when the browser refused to store the wheel (quota, private mode). */
  storageProblem: string | null
} & Actions

function readStored(): PersistedState {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(STORE_KEY)
  } catch {
    return parsePersistedState(null).state
  }
  const { state, needsBackup } = parsePersistedState(raw)
  if (needsBackup && raw !== null) {
    try {
      localStorage.setItem(BACKUP_KEY, raw)
    } catch {
      // No room for the backup either: the repaired state still loads.
    }
  }
  return state
}

const pick = (s: WheelStore): PersistedState => ({
  version: s.version,
  currentWheel: s.currentWheel,
  savedWheels: s.savedWheels,
  spinHistory: s.spinHistory,
  settings: s.settings,
})

export const useWheelStore = create<WheelStore>()((set, get) => {
  const wheel = (change: (w: Wheel) => Wheel) => set((s) => ({ currentWheel: change(s.currentWheel) }))
  return {
    ...readStored(),
    storageProblem: null,
    updateWheel: (changes) => wheel((w) => ({ ...w, ...changes })),
    addItem: (item) => wheel((w) => addItem(w, item)),
    updateItem: (id, changes) => wheel((w) => updateItem(w, id, changes)),
    removeItem: (id) => wheel((w) => removeItem(w, id)),
    removeWinner: (result) => wheel((w) => removeFirstMatching(w, result)),
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
    resetWheel: () => set({ currentWheel: createDefaultWheel() }),
    dismissStorageProblem: () => set({ storageProblem: null }),
    saveCurrentWheel: () => {
      const { savedWheels, currentWheel } = get()
      const known = currentWheel.id !== null && savedWheels.some((w) => w.id === currentWheel.id)
      if (!known && savedWheels.length >= MAX_SAVED_WHEELS) return FULL
      const result = saveWheel(savedWheels, currentWheel)
      set({ savedWheels: result.saved, currentWheel: result.wheel })
      return { ok: true }
    },
    loadSavedWheel: (id) => {
      const found = get().savedWheels.find((w) => w.id === id)
      if (found) set({ currentWheel: found })
      return found !== undefined
    },
    deleteSavedWheel: (id) => set((s) => ({ savedWheels: deleteSavedWheel(s.savedWheels, id) })),
    duplicateSavedWheel: (id) => {
      if (get().savedWheels.length >= MAX_SAVED_WHEELS) return FULL
      set((s) => ({ savedWheels: duplicateSavedWheel(s.savedWheels, id) }))
      return { ok: true }
    },
    importWheel: (imported) => {
      if (get().savedWheels.length >= MAX_SAVED_WHEELS) return FULL
      set((s) => ({ currentWheel: imported, savedWheels: [...s.savedWheels, imported] }))
      return { ok: true }
    },
  }
})

// Persistence: write after each change (coalesced per frame), and follow changes made in other tabs.
let lastWritten = ''
let scheduled = false
let applyingRemote = false

function write(): void {
  scheduled = false
  const serialized = serializePersistedState(pick(useWheelStore.getState()))
  if (serialized === lastWritten) return
  try {
    localStorage.setItem(STORE_KEY, serialized)
    lastWritten = serialized
    if (useWheelStore.getState().storageProblem) useWheelStore.setState({ storageProblem: null })
  } catch {
    useWheelStore.setState({
      storageProblem:
        'Your browser has no room left to save this wheel, so changes will be lost when you close the page. Remove some items or saved wheels, or free up browser storage.',
    })
  }
}

useWheelStore.subscribe((state, previous) => {
  if (applyingRemote) return
  if (
    state.currentWheel === previous.currentWheel &&
    state.savedWheels === previous.savedWheels &&
    state.spinHistory === previous.spinHistory &&
    state.settings === previous.settings
  )
    return
  if (!scheduled) {
    scheduled = true
    void Promise.resolve().then(write)
  }
})

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORE_KEY || event.newValue === null || event.newValue === lastWritten) return
    const { state } = parsePersistedState(event.newValue)
    lastWritten = event.newValue
    applyingRemote = true
    // Every tab adopts the newest write at once, so a tab's next write already contains what the
    // other tab saved: neither overwrites the other's wheels with a stale copy.
    useWheelStore.setState(state)
    applyingRemote = false
  })

  registerDeclinedDataRemover(() => {
    useWheelStore.setState({ spinHistory: [], savedWheels: [] })
    write()
  })
}
