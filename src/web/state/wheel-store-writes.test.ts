// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { STORE_KEY } from '../../core/storage/keys'
import type { PersistedState } from '../../core/storage/persisted-state'
import { entry, validState } from '../../core/testing/state-fixtures'
import { eachTestATab } from '../testing/tab'
import { importWheelStore } from '../testing/wheel-store-start'

const stored = (): PersistedState | null => JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null')

/** Another tab's write of the wheel state, as this tab hears of it. */
function writeInOtherTab(state: PersistedState) {
  const text = JSON.stringify(state)
  localStorage.setItem(STORE_KEY, text)
  window.dispatchEvent(new StorageEvent('storage', { key: STORE_KEY, newValue: text }))
}

/** What the other tab stored: its own wheel and two spins, sound off. */
function otherTabsState(): PersistedState {
  const state = validState()
  return {
    ...state,
    currentWheel: { ...state.currentWheel, name: 'Written in tab two' },
    savedWheels: [],
    spinHistory: [entry(5), entry(4)],
    settings: { ...state.settings, soundEnabled: false },
  }
}

/** A first visit: nothing stored, so the reader of a stored state is not loaded. */
async function firstVisit() {
  vi.resetModules()
  const store = await importWheelStore()
  const reader = await import('./stored-reader')
  expect(reader.storedReader()).toBeNull()
  return { ...store, ...reader, ...(await import('./declined-data-removers')) }
}

describe('a first visit hearing another tab store the wheel', () => {
  eachTestATab()

  it('takes the write in once its reader has loaded, never writing over it meanwhile, and keeps what it changed since', async () => {
    const page = await firstVisit()
    const other = otherTabsState()
    writeInOtherTab(other)
    // Changed here after the other tab's write, while the reader is still on its way.
    page.useWheelStore.getState().updateGlobalSettings({ confettiEnabled: false })
    await Promise.resolve()
    expect(stored()).toEqual(other)

    await vi.waitFor(() => expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'))
    expect(page.storedReader()).not.toBeNull()
    const state = page.useWheelStore.getState()
    expect(state.spinHistory).toEqual(other.spinHistory)
    // The settings changed here are newer than the other tab's write: they stay, whole.
    expect(state.settings).toEqual({ soundEnabled: true, confettiEnabled: false, autoSave: true })
    await vi.waitFor(() => expect(stored()?.settings.confettiEnabled).toBe(false))
    expect(stored()?.currentWheel.name).toBe('Written in tab two')
    expect(stored()?.spinHistory).toEqual(other.spinHistory)
  })

  it('with nothing changed here, takes the write in and stores nothing of its own', async () => {
    const page = await firstVisit()
    const other = otherTabsState()
    writeInOtherTab(other)
    await vi.waitFor(() => expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'))
    expect(page.useWheelStore.getState().settings).toEqual(other.settings)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(localStorage.getItem(STORE_KEY)).toBe(JSON.stringify(other))
  })

  it('declining storage while the write is taken in leaves none of its history or saved wheels behind', async () => {
    const page = await firstVisit()
    const other = { ...otherTabsState(), savedWheels: validState().savedWheels }
    writeInOtherTab(other)
    page.runDeclinedDataRemovers()
    await vi.waitFor(() => expect(page.storedReader()).not.toBeNull())
    await vi.waitFor(() => expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(page.useWheelStore.getState().spinHistory).toEqual([])
    expect(stored()?.spinHistory).toEqual([])
    expect(stored()?.savedWheels).toEqual([])
    expect(stored()?.currentWheel.name).toBe('Written in tab two')
  })
})
