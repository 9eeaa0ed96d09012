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
async function firstVisit(beforeStart?: () => Promise<void>) {
  vi.resetModules()
  await beforeStart?.()
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
    expect(page.storedReader()).toBeTruthy()
    const state = page.useWheelStore.getState()
    expect(state.spinHistory).toEqual(other.spinHistory)
    // The settings changed here are newer than the other tab's write: they stay, whole.
    expect(state.settings).toEqual({ soundEnabled: true, confettiEnabled: false, autoSave: true })
    await vi.waitFor(() => expect(stored()?.settings.confettiEnabled).toBe(false))
    expect(stored()?.currentWheel.name).toBe('Written in tab two')
    expect(stored()?.spinHistory).toEqual(other.spinHistory)
  })

  it('a big wheel made here while its reader loads is written after the other tab’s write, in idle time, never over it', async () => {
    // The reader arrives only when this test says: the big wheel's write comes due while it loads.
    const reader: { arrive?: () => void } = {}
    const page = await firstVisit(async () => {
      vi.doMock('./stored-read', async (original) => {
        await new Promise<void>((resolve) => {
          reader.arrive = resolve
        })
        return original()
      })
    })
    try {
      const other = otherTabsState()
      writeInOtherTab(other)
      await vi.waitFor(() => expect(reader.arrive).toBeDefined())
      const big = Array.from({ length: 1_500 }, (_, i) => ({
        id: `big-${i}`,
        text: `Big ${i}`,
        color: '#ef4444',
      }))
      page.useWheelStore.setState({
        currentWheel: { ...page.useWheelStore.getState().currentWheel, name: 'Big one', items: big },
      })
      // Past the idle write's longest wait (when-idle.ts): the key still holds the other tab's write.
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      expect(stored()).toEqual(other)

      reader.arrive?.()
      await vi.waitFor(() => expect(stored()?.currentWheel.name).toBe('Big one'))
      // The wheel made here is newer than the other tab's; its history and settings are kept.
      const { readStoredWheel } = await import('./wheel-local-storage')
      const whole = readStoredWheel()
      expect(
        whole && 'json' in whole && (whole.json.currentWheel as { items: unknown[] }).items,
      ).toHaveLength(1_500)
      expect(stored()?.spinHistory).toEqual(other.spinHistory)
      expect(stored()?.settings).toEqual(other.settings)
    } finally {
      vi.doUnmock('./stored-read')
    }
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
    await vi.waitFor(() => expect(page.storedReader()).toBeTruthy())
    await vi.waitFor(() => expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(page.useWheelStore.getState().spinHistory).toEqual([])
    expect(stored()?.spinHistory).toEqual([])
    expect(stored()?.savedWheels).toEqual([])
    expect(stored()?.currentWheel.name).toBe('Written in tab two')
  })
})

describe('another tab storing the wheel while this page starts', () => {
  eachTestATab()

  /** A page whose start found nothing stored, then the other tab's write, then its wheel store. */
  async function storedAfterTheCheck() {
    vi.resetModules()
    const reader = await import('./stored-reader')
    await reader.whenStoredStateReadable()
    expect(reader.storedReader()).toBeNull()
    // The other tab stores its wheel while this page's wheel store is on its way.
    const other = otherTabsState()
    localStorage.setItem(STORE_KEY, JSON.stringify(other))
    return { other, reader, page: await import('./wheel-store') }
  }

  it('between the page’s check and its wheel store: that write is taken in, and what changed here since is written after it', async () => {
    const { other, reader, page } = await storedAfterTheCheck()
    // Changed here before the write is read: nothing is written over it meanwhile, even when the
    // page is hidden or left.
    page.useWheelStore.getState().updateGlobalSettings({ confettiEnabled: false })
    await Promise.resolve()
    window.dispatchEvent(new Event('pagehide'))
    expect(stored()).toEqual(other)
    await vi.waitFor(() => expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'))
    expect(reader.storedReader()).toBeTruthy()
    expect(page.useWheelStore.getState().spinHistory).toEqual(other.spinHistory)
    await vi.waitFor(() => expect(stored()?.settings.confettiEnabled).toBe(false))
    expect(stored()?.currentWheel.name).toBe('Written in tab two')
    expect(stored()?.spinHistory).toEqual(other.spinHistory)
  })

  it('between the page’s check and its wheel store, with a reader that cannot load: nothing is written over that write, the page says so, and coming back online takes it in whole', async () => {
    vi.doMock('./stored-read', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    try {
      const { other, page } = await storedAfterTheCheck()
      page.useWheelStore.getState().updateWheel({ name: 'Changed here' })
      page.useWheelStore.getState().updateGlobalSettings({ confettiEnabled: false })
      await new Promise((resolve) => setTimeout(resolve, 20))
      window.dispatchEvent(new Event('pagehide'))
      // Each of those tried the reader again, and failed.
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(stored()).toEqual(other)
      expect(page.useWheelStore.getState().currentWheel.name).toBe('Changed here')
      // The page says that its changes are not stored.
      expect(page.useWheelStore.getState().storageProblem).toMatch(
        /^Your wheel could not be read from this browser's storage just now, so changes here are not saved\./,
      )

      // Back online, the reader loads: the other tab's write is taken in whole (what changed here
      // was made on the defaults and said not to be saved), nothing is written, and the message goes.
      vi.doUnmock('./stored-read')
      window.dispatchEvent(new Event('online'))
      await vi.waitFor(() =>
        expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'),
      )
      expect(page.useWheelStore.getState().spinHistory).toEqual(other.spinHistory)
      expect(page.useWheelStore.getState().settings).toEqual(other.settings)
      expect(page.useWheelStore.getState().storageProblem).toBeNull()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(stored()).toEqual(other)

      // From then on this tab's changes are stored, on top of the other tab's wheel.
      page.useWheelStore.getState().updateWheel({ name: 'Changed after' })
      await vi.waitFor(() => expect(stored()?.currentWheel.name).toBe('Changed after'))
      expect(stored()?.currentWheel.items).toEqual(other.currentWheel.items)
      expect(stored()?.spinHistory).toEqual(other.spinHistory)
    } finally {
      vi.doUnmock('./stored-read')
    }
  })

  for (const retry of ['the browser back online', 'an edit'] as const) {
    it(`with a reader that cannot load, then loads on a try started by ${retry}: an edit while that try loads is not written over that write either`, async () => {
      vi.doMock('./stored-read', () => {
        throw new Error('Failed to fetch dynamically imported module')
      })
      try {
        const { other, page } = await storedAfterTheCheck()
        await vi.waitFor(() =>
          expect(page.useWheelStore.getState().storageProblem).toMatch(/changes here are not saved/),
        )
        vi.doUnmock('./stored-read')
        if (retry === 'an edit') page.useWheelStore.getState().updateWheel({ name: 'K' })
        else window.dispatchEvent(new Event('online'))
        await Promise.resolve()
        await Promise.resolve()
        // The message still shows while the try loads, and the user types on.
        expect(page.useWheelStore.getState().storageProblem).toMatch(/changes here are not saved/)
        page.useWheelStore.getState().updateWheel({ name: 'Ke' })
        await vi.waitFor(() => expect(page.useWheelStore.getState().storageProblem).toBeNull())
        expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two')
        await new Promise((resolve) => setTimeout(resolve, 20))
        expect(stored()).toEqual(other)
      } finally {
        vi.doUnmock('./stored-read')
      }
    })
  }

  /** The other tab's main key naming a chunk of its big wheel that is not there yet. */
  function midWriteOf(other: PersistedState, chunk: string): string {
    return JSON.stringify({
      ...other,
      currentWheel: { ...other.currentWheel, items: [] },
      currentItems: { keys: [chunk], count: other.currentWheel.items.length },
    })
  }

  /**
   * A page whose reader failed (the message shown, a change made on the defaults), then loaded
   * back online while the other tab was mid-way through writing a big wheel.
   */
  async function waitingOnAMidWrite() {
    vi.doMock('./stored-read', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    const { other, page, reader } = await storedAfterTheCheck()
    const problem = () => page.useWheelStore.getState().storageProblem
    await vi.waitFor(() => expect(problem()).toMatch(/changes here are not saved/))
    page.useWheelStore.getState().updateWheel({ name: 'Made on the defaults' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const chunk = 'whirl-wheel-items-mid-0'
    const midWrite = midWriteOf(other, chunk)
    localStorage.setItem(STORE_KEY, midWrite)
    vi.doUnmock('./stored-read')
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(reader.storedReader()).toBeTruthy())
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The code loaded but that write does not read yet: the message stays, nothing is written.
    expect(problem()).toMatch(/changes here are not saved/)
    expect(localStorage.getItem(STORE_KEY)).toBe(midWrite)
    return { other, page, problem, chunk, midWrite }
  }

  /**
   * A page that started with nothing stored and hears of the other tab's write as its reader loads,
   * that write's main key naming a chunk of its big wheel that is not there yet.
   */
  async function startedOnAMidWrite() {
    vi.resetModules()
    const reader = await import('./stored-reader')
    await reader.whenStoredStateReadable()
    const other = otherTabsState()
    const midWrite = midWriteOf(other, 'whirl-wheel-items-first-0')
    localStorage.setItem(STORE_KEY, midWrite)
    return { reader, other, midWrite, page: await import('./wheel-store') }
  }

  it('with a reader that loads while the other tab is mid-way through writing a big wheel: the message stays and nothing is written until that write reads', async () => {
    try {
      const { other, page, problem, chunk, midWrite } = await waitingOnAMidWrite()
      // A change here (which tries the read again) is not written over it, nor is the page's leaving.
      page.useWheelStore.getState().updateWheel({ name: 'Made while it was being written' })
      await new Promise((resolve) => setTimeout(resolve, 20))
      window.dispatchEvent(new Event('pagehide'))
      expect(localStorage.getItem(STORE_KEY)).toBe(midWrite)
      expect(problem()).toMatch(/changes here are not saved/)
      // The chunk arrives; the next change reads the write in, and the message goes.
      localStorage.setItem(chunk, JSON.stringify(other.currentWheel.items))
      page.useWheelStore.getState().updateWheel({ name: 'Made after it was written' })
      await vi.waitFor(() =>
        expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'),
      )
      expect(page.useWheelStore.getState().currentWheel.items).toEqual(other.currentWheel.items)
      expect(problem()).toBeNull()
      expect(localStorage.getItem(STORE_KEY)).toBe(midWrite)
      // From then on, this tab's changes are stored.
      page.useWheelStore.getState().updateWheel({ name: 'Stored now' })
      await vi.waitFor(() => expect(stored()?.currentWheel.name).toBe('Stored now'))
      expect(stored()?.currentWheel.items).toEqual(other.currentWheel.items)
    } finally {
      vi.doUnmock('./stored-read')
    }
  })

  it('with a reader that loads while the other tab is mid-way through its write: that write’s storage event brings it in and the message goes', async () => {
    try {
      const { other, page, problem } = await waitingOnAMidWrite()
      localStorage.setItem(STORE_KEY, JSON.stringify(other))
      window.dispatchEvent(new StorageEvent('storage', { key: STORE_KEY, newValue: JSON.stringify(other) }))
      await vi.waitFor(() =>
        expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'),
      )
      expect(problem()).toBeNull()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(stored()).toEqual(other)
    } finally {
      vi.doUnmock('./stored-read')
    }
  })

  it('declining storage while waiting for the other tab’s write to read: its history does not come back', async () => {
    try {
      const { other, page, chunk } = await waitingOnAMidWrite()
      localStorage.setItem(chunk, JSON.stringify(other.currentWheel.items))
      const { removeDeclinedData } = await import('./data-removal')
      await removeDeclinedData()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two')
      expect(page.useWheelStore.getState().spinHistory).toEqual([])
      page.useWheelStore.getState().updateWheel({ name: 'After declining' })
      await vi.waitFor(() => expect(stored()?.currentWheel.name).toBe('After declining'))
      expect(stored()?.spinHistory).toEqual([])
      expect(page.useWheelStore.getState().spinHistory).toEqual([])
    } finally {
      vi.doUnmock('./stored-read')
    }
  })

  it('a big wheel’s change put off to idle time while waiting, then that write’s storage event: nothing is written over it', async () => {
    try {
      const { other, page } = await waitingOnAMidWrite()
      // The other tab's key holds saved wheels (an older version's, or a tab still starting).
      const ended = JSON.stringify({ ...other, savedWheels: validState().savedWheels })
      const big = Array.from({ length: 1_500 }, (_, i) => ({
        id: `big-${i}`,
        text: `Big ${i}`,
        color: '#ef4444',
      }))
      page.useWheelStore.setState({
        currentWheel: { ...page.useWheelStore.getState().currentWheel, items: big },
      })
      localStorage.setItem(STORE_KEY, ended)
      window.dispatchEvent(new StorageEvent('storage', { key: STORE_KEY, newValue: ended }))
      await vi.waitFor(() =>
        expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'),
      )
      await new Promise((resolve) => setTimeout(resolve, 1_200))
      expect(localStorage.getItem(STORE_KEY)).toBe(ended)
    } finally {
      vi.doUnmock('./stored-read')
    }
  })

  it('when the key it waits to read is emptied, the next change is stored and the message goes', async () => {
    try {
      const { page, problem } = await waitingOnAMidWrite()
      localStorage.removeItem(STORE_KEY)
      page.useWheelStore.getState().updateWheel({ name: 'Nothing left to read' })
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(problem()).toBeNull()
      page.useWheelStore.getState().updateWheel({ name: 'Stored again' })
      await vi.waitFor(() => expect(stored()?.currentWheel.name).toBe('Stored again'))
    } finally {
      vi.doUnmock('./stored-read')
    }
  })

  it('a first try that loads but finds the other tab mid-way through its write: an edit made while it loaded is not written over it, and the page says so', async () => {
    const { reader, other, midWrite, page } = await startedOnAMidWrite()
    page.useWheelStore.getState().updateWheel({ name: 'Edited while it loaded' })
    await vi.waitFor(() => expect(reader.storedReader()).toBeTruthy())
    await vi.waitFor(() =>
      expect(page.useWheelStore.getState().storageProblem).toMatch(/changes here are not saved/),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(localStorage.getItem(STORE_KEY)).toBe(midWrite)
    localStorage.setItem(STORE_KEY, JSON.stringify(other))
    window.dispatchEvent(new StorageEvent('storage', { key: STORE_KEY, newValue: JSON.stringify(other) }))
    await vi.waitFor(() => expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'))
    expect(page.useWheelStore.getState().storageProblem).toBeNull()
  })

  it('declining storage while the reader cannot load, then back online: the other tab’s history does not come back', async () => {
    vi.doMock('./stored-read', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    try {
      const { page } = await storedAfterTheCheck()
      const { removeDeclinedData } = await import('./data-removal')
      await vi.waitFor(() => expect(page.useWheelStore.getState().storageProblem).toMatch(/not saved/))
      await removeDeclinedData()
      vi.doUnmock('./stored-read')
      window.dispatchEvent(new Event('online'))
      await vi.waitFor(() =>
        expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'),
      )
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(page.useWheelStore.getState().spinHistory).toEqual([])
      expect(stored()?.spinHistory).toEqual([])
      expect(stored()?.currentWheel.name).toBe('Written in tab two')
    } finally {
      vi.doUnmock('./stored-read')
    }
  })

  it('declining storage while waiting on a write whose chunk is still missing: its history does not come back once it reads', async () => {
    try {
      const { other, page, chunk } = await waitingOnAMidWrite()
      const { removeDeclinedData } = await import('./data-removal')
      await removeDeclinedData()
      localStorage.setItem(chunk, JSON.stringify(other.currentWheel.items))
      page.useWheelStore.getState().updateWheel({ name: 'Reads it in' })
      await vi.waitFor(() => expect(page.useWheelStore.getState().storageProblem).toBeNull())
      expect(page.useWheelStore.getState().currentWheel.items).toEqual(other.currentWheel.items)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(page.useWheelStore.getState().spinHistory).toEqual([])
      expect(stored()?.spinHistory).toEqual([])
    } finally {
      vi.doUnmock('./stored-read')
    }
  })

  it('declining storage while the first try loads, which then finds the write mid-way: its history does not come back when that write ends', async () => {
    const { other, page } = await startedOnAMidWrite()
    const { removeDeclinedData } = await import('./data-removal')
    await removeDeclinedData()
    await vi.waitFor(() => expect(page.useWheelStore.getState().storageProblem).toMatch(/not saved/))
    // The other tab's write ends as the decline left the browser's storage: without the history.
    const ended = JSON.stringify({ ...other, spinHistory: [] })
    localStorage.setItem(STORE_KEY, ended)
    window.dispatchEvent(new StorageEvent('storage', { key: STORE_KEY, newValue: ended }))
    await vi.waitFor(() => expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(page.useWheelStore.getState().spinHistory).toEqual([])
    expect(stored()?.spinHistory).toEqual([])
  })

  it('with a reader that cannot load, back online: nothing at all is written, the key’s saved wheels included', async () => {
    vi.doMock('./stored-read', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    try {
      const { page } = await storedAfterTheCheck()
      // The other tab's key holds saved wheels (an older version's, or a tab still starting).
      const text = JSON.stringify({ ...otherTabsState(), savedWheels: validState().savedWheels })
      localStorage.setItem(STORE_KEY, text)
      await vi.waitFor(() => expect(page.useWheelStore.getState().storageProblem).toMatch(/not saved/))
      page.useWheelStore.getState().updateWheel({ name: 'Made on the defaults' })
      await new Promise((resolve) => setTimeout(resolve, 20))
      vi.doUnmock('./stored-read')
      window.dispatchEvent(new Event('online'))
      await vi.waitFor(() => expect(page.useWheelStore.getState().storageProblem).toBeNull())
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(localStorage.getItem(STORE_KEY)).toBe(text)
    } finally {
      vi.doUnmock('./stored-read')
    }
  })

  it('while the first visit’s wheel waits for its words: the other tab’s wheel is taken in, not the translated default', async () => {
    vi.resetModules()
    // The page's words arrive only when this test says (on a production page they come in parts).
    const words: { arrive?: () => void } = {}
    vi.doMock('../i18n/parts', async (original) => ({
      ...(await original<typeof import('../i18n/parts')>()),
      afterParts: (then: () => void) => {
        words.arrive = then
      },
    }))
    try {
      const page = await firstVisit(() => import('../i18n/i18n').then((i18n) => i18n.loadLocale('de')))
      // The page speaks German: its first wheel's words differ from the core's English ones.
      expect((await import('../i18n/i18n')).t('My Wheel')).not.toBe('My Wheel')
      const other = otherTabsState()
      writeInOtherTab(other)
      // The words arrive while the other tab's write is taken in (its reader loading).
      expect(words.arrive).toBeDefined()
      words.arrive?.()
      await vi.waitFor(() =>
        expect(page.useWheelStore.getState().currentWheel.name).toBe('Written in tab two'),
      )
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(stored()).toEqual(other)
    } finally {
      vi.doUnmock('../i18n/parts')
    }
  })
})
