import { create } from 'zustand'
import type { Message } from '../../core/i18n/message'
import {
  announceChangeText,
  announceUndoText,
  type ListChange,
  pushUndo,
  type UndoEntry,
} from '../../core/wheel/list-edits'
import type { Wheel } from '../../core/wheel/model'
import { t } from '../i18n/i18n'

/**
 * The undo history of list changes (add, delete, shuffle, sort, paste, remove winner, clear all, a
 * loaded preset). It lives in memory for this page only; the changes themselves are the wheel
 * store's actions (wheel-edits.ts), which record them here. `announcement` is read out by the
 * list's live region.
 */
type ListUndo = { entries: UndoEntry[]; announcement: string; seq: number }

export const useListUndo = create<ListUndo>()(() => ({ entries: [], announcement: '', seq: 0 }))

const say = (text: Message | null) => (text ? t(text.message, text.values) : '')

/** Remembers a list change just made: the wheel before it, and what the live region says. */
export function recordListChange(change: ListChange, before: Wheel, after: Wheel): void {
  useListUndo.setState((s) => ({
    entries: pushUndo(s.entries, { change, before }),
    announcement: say(announceChangeText(change, after.items.length)),
    seq: s.seq + 1,
  }))
}

/** The list change Undo would take back, if any. */
export const lastListChange = (): UndoEntry | undefined => useListUndo.getState().entries.at(-1)

/** Forgets the last list change, taken back, leaving `count` items on the wheel. */
export function recordListUndo(entry: UndoEntry, count: number): void {
  useListUndo.setState((s) => ({
    entries: s.entries.slice(0, -1),
    announcement: say(announceUndoText(entry.change, count)),
    seq: s.seq + 1,
  }))
}

/**
 * Forgets every list change: another wheel was opened (a saved wheel, an imported file, a shared
 * wheel), and Undo must not bring the previous wheel's list into it. A loaded preset is the
 * exception and is a list change of its own, so Undo brings the old wheel back.
 */
export function clearListUndo(): void {
  useListUndo.setState((s) =>
    s.entries.length === 0 ? s : { entries: [], announcement: '', seq: s.seq + 1 },
  )
}
