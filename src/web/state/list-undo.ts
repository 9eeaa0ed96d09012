import { create } from 'zustand'
import {
  announceChange,
  announceUndo,
  type ListChange,
  pushUndo,
  type UndoEntry,
  undoEntry,
} from '../../core/wheel/list-edits'
import type { Wheel } from '../../core/wheel/model'
import { useWheelStore } from './wheel-store'

/**
 * Undo for list changes (add, delete, shuffle, sort, paste, remove winner, clear all, a loaded
 * preset). The history lives in memory for this page only; the wheel itself stays in the wheel
 * store. `announcement` is read out by the list's live region.
 */
type ListUndo = { entries: UndoEntry[]; announcement: string; seq: number }

export const useListUndo = create<ListUndo>()(() => ({ entries: [], announcement: '', seq: 0 }))

/**
 * Applies a list change to the current wheel and remembers the wheel before it. A change that
 * leaves the items as they were is not recorded (nothing to undo).
 */
export function changeList(change: ListChange, apply: (wheel: Wheel) => Wheel): boolean {
  const before = useWheelStore.getState().currentWheel
  const after = apply(before)
  if (after === before || (after.items === before.items && change !== 'preset')) return false
  useWheelStore.setState({ currentWheel: after })
  useListUndo.setState((s) => ({
    entries: pushUndo(s.entries, { change, before }),
    announcement: announceChange(change, after.items.length),
    seq: s.seq + 1,
  }))
  return true
}

/** Takes back the last list change; false when there is none. */
export function undoListChange(): boolean {
  const { entries } = useListUndo.getState()
  const entry = entries[entries.length - 1]
  if (!entry) return false
  const restored = undoEntry(useWheelStore.getState().currentWheel, entry)
  useWheelStore.setState({ currentWheel: restored })
  useListUndo.setState((s) => ({
    entries: entries.slice(0, -1),
    announcement: announceUndo(entry.change, restored.items.length),
    seq: s.seq + 1,
  }))
  return true
}

/**
 * Forgets every list change: another wheel was opened (a saved wheel, an imported file, a shared
 * wheel), and Undo must not bring the previous wheel's list into it. A loaded preset is the
 * exception and goes through `changeList('preset', …)`, so Undo brings the old wheel back.
 */
export function clearListUndo(): void {
  useListUndo.setState((s) =>
    s.entries.length === 0 ? s : { entries: [], announcement: '', seq: s.seq + 1 },
  )
}
