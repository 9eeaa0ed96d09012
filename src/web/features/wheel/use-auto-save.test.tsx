// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDefaultWheel, createItem, type Wheel } from '../../../core/wheel/model'
import { addItem, saveWheel } from '../../../core/wheel/operations'
import { useWheelStore } from '../../state/wheel-store'
import { AUTO_SAVE_TEXT } from './auto-save-line'
import type { AutoSaveStatus } from './auto-save-status'
import { clearList } from './clear-all-button'
import { useAutoSave } from './use-auto-save'

const raffle = () =>
  saveWheel([], {
    ...createDefaultWheel(),
    name: 'Friday raffle',
    items: Array.from({ length: 16 }, (_, i) => createItem(`Ticket ${i + 1}`)),
  })
const savedCopy = (): Wheel | undefined => useWheelStore.getState().savedWheels[0]
const edit = (change: (w: Wheel) => Wheel) =>
  act(() => useWheelStore.setState((s) => ({ currentWheel: change(s.currentWheel) })))
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const text = (status: AutoSaveStatus) =>
  status.kind === 'idle'
    ? null
    : status.kind === 'waiting'
      ? AUTO_SAVE_TEXT[status.reason]
      : status.kind === 'failed'
        ? status.message
        : AUTO_SAVE_TEXT[status.kind]

function open(wheel: Wheel, saved: Wheel[], autoSave = true) {
  useWheelStore.setState((s) => ({
    currentWheel: wheel,
    savedWheels: saved,
    settings: { ...s.settings, autoSave },
  }))
  return renderHook(() => useAutoSave(true))
}

describe('auto-save of a loaded saved wheel', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('says "Saved" as soon as a saved wheel is open, and nothing for a wheel never saved', () => {
    const { saved, wheel } = raffle()
    expect(text(open(wheel, saved).result.current)).toBe('Saved')
    cleanup()
    expect(open(createDefaultWheel(), saved).result.current).toEqual({ kind: 'idle' })
  })

  it('never saves Clear all over a saved wheel of 16 items, and says why; items added again are saved', async () => {
    const { saved, wheel } = raffle()
    const { result } = open(wheel, saved)
    act(() => void clearList())
    expect(text(result.current)).toBe(
      'Not saved: the wheel is empty. Press Save Wheel to keep an empty wheel.',
    )
    await wait(5000)
    expect(savedCopy()?.items).toHaveLength(16)
    expect(text(result.current)).toBe(AUTO_SAVE_TEXT.emptied)

    edit((w) => addItem(w, createItem('Late entry')))
    expect(text(result.current)).toBe('Saving…')
    await wait(1000)
    expect(savedCopy()?.items.map((i) => i.text)).toEqual(['Late entry'])
    expect(text(result.current)).toBe('Saved')
  })

  it('keeps saving after a rename: the saved wheel takes the new name, and later edits go into it', async () => {
    const { saved, wheel } = raffle()
    const { result } = open(wheel, saved)
    edit((w) => ({ ...w, name: 'Saturday raffle ' }))
    expect(text(result.current)).toBe('Saving…')
    await wait(1000)
    expect(text(result.current)).toBe('Saved')
    expect(useWheelStore.getState().savedWheels.map((w) => [w.name, w.items.length])).toEqual([
      ['Saturday raffle', 16],
    ])
    // The name field keeps what was typed (a trailing space the user is about to type past).
    expect(useWheelStore.getState().currentWheel.name).toBe('Saturday raffle ')
    edit((w) => addItem(w, createItem('Late entry')))
    await wait(1000)
    expect(useWheelStore.getState().savedWheels.map((w) => [w.id, w.name, w.items.length])).toEqual([
      [wheel.id, 'Saturday raffle', 17],
    ])
    expect(text(result.current)).toBe('Saved')
  })

  it('says so when auto-save is off, or when the page opened on a wheel that differs from its saved copy', async () => {
    const { saved, wheel } = raffle()
    const changed = addItem(wheel, createItem('Extra'))
    expect(text(open(changed, saved).result.current)).toBe(AUTO_SAVE_TEXT.differs)
    await wait(2000)
    expect(savedCopy()?.items).toHaveLength(16)
    cleanup()
    const { result } = open(wheel, saved, false)
    edit((w) => addItem(w, createItem('Extra')))
    expect(text(result.current)).toBe(AUTO_SAVE_TEXT['turned-off'])
    await wait(2000)
    expect(savedCopy()?.items).toHaveLength(16)
  })
})
