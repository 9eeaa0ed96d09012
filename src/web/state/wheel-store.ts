import { create } from 'zustand'
import { MAX_SAVED_WHEELS } from '../../core/plan/definition'
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
import { recordDeletedWheels } from './browser-data'
import { inPageLanguage } from './default-wheel-words'
import { readStored } from './stored-state'
import { type WheelEdits, wheelEdits } from './wheel-edits'
import { persistWheelState } from './wheel-store-writes'

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

const { state: initial, fresh, repaired, unread } = readStored()

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

// Written after each change and following other tabs' writes (wheel-store-writes.ts).
persistWheelState(useWheelStore, { initial, fresh, repaired, unread })
