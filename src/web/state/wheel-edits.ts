import type { Preset } from '../../core/presets/preset'
import type { RandomSource } from '../../core/random/random'
import { type ListChange, shuffleItems, sortItems, undoEntry } from '../../core/wheel/list-edits'
import { DEFAULT_LOOK, type WheelLook } from '../../core/wheel/look'
import { createItem, type Item, type Wheel } from '../../core/wheel/model'
import { colorsForAppended } from '../../core/wheel/neighbour-colors'
import { addItem, loadPreset, removeFirstMatching, removeItem } from '../../core/wheel/operations'
import { applyPalette } from '../../core/wheel/themes'
import { setItemWeight } from '../../core/wheel/weights'
import { lastListChange, recordListChange, recordListUndo } from './list-undo'

/**
 * The wheel store's actions that edit the current wheel's items and look: the only way the editor
 * changes the wheel (with updateWheel, updateItem and updateSettings in wheel-store.ts). A list
 * change answers whether it changed the list, and Undo can take it back (list-undo.ts).
 */
export type WheelEdits = {
  /** Adds an item, in the colour that comes next on the wheel. */
  addItem(text: string): boolean
  /** Adds items made for this wheel (Add many, a paste): one Undo takes them all back. */
  pasteItems(items: readonly Item[]): boolean
  removeItem(id: string): boolean
  /** Elimination: the first item with the winner's text and colour leaves the wheel. */
  removeWinner(result: { text: string; color: string }): boolean
  shuffleItems(random: RandomSource): boolean
  sortItems(): boolean
  clearItems(): boolean
  /** Replaces the wheel with a preset's (a new, unsaved wheel); Undo brings the old one back. */
  loadPreset(preset: Preset): boolean
  /** Takes back the last list change; false when there is none. */
  undoListChange(): boolean
  setItemWeight(id: string, weight: number): void
  updateLook(changes: Partial<WheelLook>): void
  /** Every item recoloured in order, and new items take the next colour. */
  applyPalette(colors: readonly string[]): void
  /** Opens a copy of a wheel (a shared one) as a new, unsaved wheel. */
  openCopy(wheel: Wheel): void
}

type Current = { currentWheel: Wheel }

export function wheelEdits(set: (state: Current) => void, get: () => Current): WheelEdits {
  const wheel = (change: (w: Wheel) => Wheel) => set({ currentWheel: change(get().currentWheel) })
  /** A change that leaves the items as they were is not made nor recorded (nothing to undo). */
  const changeList = (change: ListChange, apply: (w: Wheel) => Wheel): boolean => {
    const before = get().currentWheel
    const after = apply(before)
    if (after === before || (after.items === before.items && change !== 'preset')) return false
    set({ currentWheel: after })
    recordListChange(change, before, after)
    return true
  }
  const look = (w: Wheel, changes: Partial<WheelLook>): WheelLook => ({
    ...DEFAULT_LOOK,
    ...w.look,
    ...changes,
  })
  return {
    addItem: (text) =>
      changeList('add', (w) =>
        addItem(w, createItem(text, colorsForAppended(w.items, 1, w.look?.palette)[0])),
      ),
    pasteItems: (items) => changeList('paste', (w) => ({ ...w, items: [...w.items, ...items] })),
    removeItem: (id) => changeList('delete', (w) => removeItem(w, id)),
    removeWinner: (result) => changeList('remove winner', (w) => removeFirstMatching(w, result)),
    shuffleItems: (random) => changeList('shuffle', (w) => ({ ...w, items: shuffleItems(w.items, random) })),
    sortItems: () => changeList('sort', (w) => ({ ...w, items: sortItems(w.items) })),
    clearItems: () => changeList('clear all', (w) => ({ ...w, items: [], tally: {} })),
    loadPreset: (preset) => changeList('preset', (w) => loadPreset(w, preset)),
    undoListChange: () => {
      const entry = lastListChange()
      if (!entry) return false
      const restored = undoEntry(get().currentWheel, entry)
      set({ currentWheel: restored })
      recordListUndo(entry, restored.items.length)
      return true
    },
    setItemWeight: (id, weight) => wheel((w) => setItemWeight(w, id, weight)),
    updateLook: (changes) => wheel((w) => ({ ...w, look: look(w, changes) })),
    applyPalette: (colors) =>
      wheel((w) => ({ ...w, items: applyPalette(w.items, colors), look: look(w, { palette: [...colors] }) })),
    openCopy: (copy) => set({ currentWheel: { ...copy, id: null } }),
  }
}
