// @vitest-environment jsdom
import { IDBDatabase, type IDBFactory, IDBObjectStore } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { SAVED_PENDING_PREFIX, STORE_KEY, savedPendingKeys } from '../../core/storage/keys'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { eachTestATab } from '../testing/tab'
import { importWheelStore } from '../testing/wheel-store-start'
import { openSavedWheelsDb, readSaved, writeSaved } from './saved-wheels-db'
import { SYNC_DELETED_KEY, SYNC_STATE_KEY } from './sync-keys'
import type { StoredWheel } from './wheel-local-storage'

const originalGet = IDBObjectStore.prototype.get

/** The stored value as one text, as a page reads it (chunks put back in place). */
const storedText = (stored: StoredWheel | null) =>
  stored === null ? null : 'text' in stored ? stored.text : JSON.stringify(stored.json)

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString()
const saved = (id: string, name: string, items = 3): Wheel => ({
  ...createDefaultWheel(),
  id,
  name,
  items: Array.from({ length: items }, (_, i) => ({
    id: `${id}-${i}`,
    text: `${name} ${i}`,
    color: '#ef4444',
  })),
  createdAt: at(0),
  updatedAt: at(1),
})

/** The local-storage state of the version before IndexedDB. */
function oldState(savedWheels: Wheel[], currentItems = 10_000) {
  return {
    version: 1,
    currentWheel: { ...saved('current', 'Big current wheel', currentItems), id: null },
    savedWheels,
    spinHistory: [
      {
        id: 'h1',
        result: { text: 'Ada', color: '#ef4444' },
        wheelName: 'Class',
        timestamp: at(2),
      },
    ],
    settings: { soundEnabled: true, confettiEnabled: false, autoSave: true },
  }
}

/** Loads the wheel store afresh, as a page load would, and waits until the saved wheels are read. */
async function load() {
  vi.resetModules()
  const store = await importWheelStore()
  const persistence = await import('./saved-wheels-persistence')
  const state = await import('./saved-wheels-state')
  await state.savedWheelsReady()
  const writes = await import('./wheel-store-writes')
  return { ...store, ...writes, ...persistence, ...state, ...(await import('./browser-data-sync')) }
}

const stored = () => JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null')
/** The keys of saved wheels pages were left with (one per tab). */
const pendingKeys = () => savedPendingKeys(Object.keys(localStorage))

describe('saved wheels in IndexedDB', () => {
  eachTestATab()

  it('reads the wheels in batches of about the item budget, pausing between them, in saved order', async () => {
    const db = (await openSavedWheelsDb()) as IDBDatabase
    const sizes = { e: 3, a: 6, d: 2, b: 5, c: 3 }
    const wheels = Object.entries(sizes).map(([id, items]) => saved(id, `Wheel ${id}`, items))
    await writeSaved(db, {
      put: wheels.map((wheel, seq) => ({ id: wheel.id as string, seq, wheel })),
      sync: { userId: 'u1', cursor: 4, synced: {} },
    })
    const pauses: number[] = []
    let read = 0
    vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (this: IDBObjectStore, key) {
      if (this.name === 'wheels') read += 1
      return originalGet.call(this, key)
    })
    const snapshot = await readSaved(db, { budget: 8, pause: async () => void pauses.push(read) })
    expect(snapshot.wheels.map((r) => r.wheel.name)).toEqual(wheels.map((w) => w.name))
    expect(snapshot.sync).toEqual({ userId: 'u1', cursor: 4, synced: {} })
    // In key order a (6) b (5) c (3) d (2) e (3): [a] [b c] [d e], each batch at most 8 items.
    expect(pauses).toEqual([1, 3])
    db.close()
  })

  it('a page other than /saved reads the wheels a wheel or so per frame; /saved, five at a time', async () => {
    const wheels = ['a', 'b', 'c'].map((id) => saved(id, `Wheel ${id}`, 6_000))
    const db = (await openSavedWheelsDb()) as IDBDatabase
    await writeSaved(db, {
      put: wheels.map((wheel, seq) => ({ id: wheel.id as string, seq, wheel })),
      migrated: true,
    })
    db.close()
    const batches: number[] = []
    for (const listed of [false, true]) {
      let reads = 0
      const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction')
      vi.resetModules()
      const data = await import('./browser-data')
      // /saved's page code, its list painted at once (browser-data-early-list.test.ts has the wait).
      if (listed) {
        const page = await import('./browser-data-early-list')
        page.savedWheelsListed()
        page.savedListPainted()
      }
      const { useWheelStore } = await importWheelStore()
      await data.savedWheelsRead()
      // The transactions that read only wheels: one per batch.
      for (const [stores] of transaction.mock.calls) if (stores === 'wheels') reads += 1
      transaction.mockRestore()
      expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual([
        'Wheel a',
        'Wheel b',
        'Wheel c',
      ])
      batches.push(reads)
    }
    // 18,000 items: three batches of one 6,000-item wheel elsewhere, one batch on /saved.
    expect(batches).toEqual([3, 1])
  })

  it('a tab still starting while another moves the wheels in keeps every wheel (the other tab empties the old key)', async () => {
    const wheels = [saved('a', 'Class A'), saved('b', 'Class B')]
    localStorage.setItem(STORE_KEY, JSON.stringify(oldState(wheels, 3)))
    // The other tab has already moved them into the database.
    const db = (await openSavedWheelsDb()) as IDBDatabase
    await writeSaved(db, {
      put: wheels.map((wheel, seq) => ({ id: wheel.id as string, seq, wheel })),
      migrated: true,
    })
    vi.resetModules()
    const { useWheelStore } = await importWheelStore()
    const persistence = await import('./saved-wheels-persistence')
    const state = await import('./saved-wheels-state')
    // Its write after the move: the old key keeps no saved wheels. This tab hears it while starting.
    const emptied = JSON.stringify(oldState([], 3))
    localStorage.setItem(STORE_KEY, emptied)
    window.dispatchEvent(new StorageEvent('storage', { key: STORE_KEY, newValue: emptied }))
    await state.savedWheelsReady()
    await persistence.commitSaved()
    expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['Class A', 'Class B'])
    expect((await readSaved(db)).wheels.map((r) => r.wheel.name)).toEqual(['Class A', 'Class B'])
    db.close()
  })

  it('a page left before its write landed keeps the wheels in local storage; the next load stores them', async () => {
    const first = await load()
    first.useWheelStore.setState({ savedWheels: [saved('a', 'Class A')] })
    await first.commitSaved()
    // Changed and left at once: the write has not begun, and the browser may drop it.
    const edited = { ...saved('a', 'Class A, renamed'), updatedAt: at(5) }
    first.useWheelStore.setState({ savedWheels: [edited, saved('n', 'New one')] })
    window.dispatchEvent(new Event('pagehide'))
    const [key, ...more] = pendingKeys()
    expect(more).toEqual([])
    const kept = JSON.parse(localStorage.getItem(key as string) ?? '[]') as Wheel[]
    expect(kept.map((w) => w.name)).toEqual(['Class A, renamed', 'New one'])
    // This page lived on: once its write (begun as it was hidden) is stored, the key goes.
    await vi.waitFor(() => expect(pendingKeys()).toEqual([]))
    const db = (await openSavedWheelsDb()) as IDBDatabase
    expect((await readSaved(db)).wheels.map((r) => r.wheel.name)).toEqual(['Class A, renamed', 'New one'])
    db.close()
    // A wheel cloud sync brought in is not kept aside: the account has it, and kept it would come
    // back as a change of this browser's.
    const fromCloud = [...first.useWheelStore.getState().savedWheels, saved('c', 'From the cloud')]
    first.applySaved({ savedWheels: fromCloud }, 'cloud')
    window.dispatchEvent(new Event('pagehide'))
    expect(pendingKeys()).toEqual([])

    // The next page finds what a page left behind: a newer copy replaces the stored one, an older
    // one does not, a new one is added, and something unreadable is left out.
    localStorage.setItem(
      `${SAVED_PENDING_PREFIX}closed-tab`,
      JSON.stringify([
        { ...saved('a', 'Renamed again'), updatedAt: at(9) },
        { ...saved('n', 'Older copy'), updatedAt: at(0) },
        saved('m', 'Made just before leaving'),
        { ...saved('bad', 'Broken'), items: 'not a list' },
      ]),
    )
    const next = await load()
    expect(next.useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual([
      'Renamed again',
      'New one',
      'Made just before leaving',
    ])
    expect(pendingKeys()).toEqual([])
    await next.commitSaved()
    const after = (await openSavedWheelsDb()) as IDBDatabase
    expect((await readSaved(after)).wheels.map((r) => r.wheel.name)).toEqual([
      'Renamed again',
      'New one',
      'Made just before leaving',
    ])
    after.close()
  })

  it('a wheel saved by a tab of the older version (local storage only) is taken in, and none is removed', async () => {
    const { useWheelStore, commitSaved } = await load()
    useWheelStore.setState({ savedWheels: [saved('a', 'Class A')] })
    await commitSaved()
    const older = JSON.stringify(oldState([saved('z', 'Saved in the old tab')], 3))
    localStorage.setItem(STORE_KEY, older)
    window.dispatchEvent(new StorageEvent('storage', { key: STORE_KEY, newValue: older }))
    // This page started with nothing stored: it takes the write in once its reader has loaded.
    await vi.waitFor(() =>
      expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual([
        'Class A',
        'Saved in the old tab',
      ]),
    )
    await commitSaved()
    const db = (await openSavedWheelsDb()) as IDBDatabase
    expect((await readSaved(db)).wheels.map((r) => r.wheel.name)).toEqual(['Class A', 'Saved in the old tab'])
    db.close()
  })

  it('two tabs deleting different wheels keep both tombstones, and each tab hears of the other', async () => {
    const first = await load()
    first.useWheelStore.setState({ savedWheels: [saved('x', 'Wheel X'), saved('w', 'Wheel W')] })
    await first.commitSaved()
    const second = await load()
    expect(second.useWheelStore.getState().savedWheels).toHaveLength(2)
    first.useWheelStore.getState().deleteSavedWheel('x')
    second.useWheelStore.getState().deleteSavedWheel('w')
    await first.commitSaved()
    await second.commitSaved()
    const db = (await openSavedWheelsDb()) as IDBDatabase
    expect((await readSaved(db)).deleted.sort()).toEqual(['w', 'x'])
    await vi.waitFor(() => expect(first.getDeletedWheels().sort()).toEqual(['w', 'x']))
    db.close()
  })

  it('a connection the browser closed is opened again, and the change waiting is stored', async () => {
    const opened: IDBOpenDBRequest[] = []
    const factory = indexedDB as IDBFactory
    const open = factory.open.bind(factory)
    vi.spyOn(factory, 'open').mockImplementation((...args: Parameters<IDBFactory['open']>) => {
      const request = open(...args)
      opened.push(request)
      return request
    })
    const { useWheelStore, commitSaved } = await load()
    ;(opened[0] as IDBOpenDBRequest).result.close()
    useWheelStore.setState({ savedWheels: [saved('a', 'Kept after the close')] })
    expect(await commitSaved()).toBe(false)
    expect(await commitSaved()).toBe(true)
    const db = (await openSavedWheelsDb()) as IDBDatabase
    expect((await readSaved(db)).wheels.map((r) => r.wheel.name)).toEqual(['Kept after the close'])
    db.close()
  })

  it('a first visit opens no database until a wheel is saved, and that wheel is then stored in it', async () => {
    vi.resetModules()
    const { useWheelStore } = await importWheelStore()
    await vi.waitFor(() => expect(useWheelStore.getState().savedWheelsLoaded).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await indexedDB.databases()).toEqual([])
    useWheelStore.setState({ savedWheels: [saved('a', 'Class A')] })
    await (await import('./saved-wheels-state')).savedWheelsReady()
    await (await import('./saved-wheels-persistence')).commitSaved()
    const db = (await openSavedWheelsDb()) as IDBDatabase
    expect((await readSaved(db)).wheels.map((r) => r.wheel.name)).toEqual(['Class A'])
    db.close()
    const again = await load()
    expect(again.useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['Class A'])
  })

  it('a page that asks for the saved wheels does not wait for the browser to list its databases', async () => {
    const first = await load()
    first.useWheelStore.setState({ savedWheels: [saved('a', 'Class A')] })
    await first.commitSaved()
    // The list of databases never comes (a slow browser): /saved, asking as its code loads, still
    // gets the wheels.
    const databases = vi.spyOn(indexedDB, 'databases').mockReturnValue(new Promise(() => {}))
    try {
      vi.resetModules()
      const { useWheelStore } = await importWheelStore()
      expect(databases).toHaveBeenCalled()
      await (await import('./browser-data')).savedWheelsRead()
      expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['Class A'])
    } finally {
      databases.mockRestore()
    }
  })

  it('declining in one tab makes every open tab let go of its wheels and stop syncing, and nothing comes back', async () => {
    const other = await load()
    other.useWheelStore.setState({ savedWheels: [saved('a', 'Class A')], spinHistory: [] })
    await other.commitSaved()
    const stopSync = vi.fn()
    const otherRemoval = await import('./declined-data-removers')
    otherRemoval.registerDeclinedDataRemover(stopSync)
    const declining = await load()
    expect(declining.useWheelStore.getState().savedWheels).toHaveLength(1)
    // A wheel a page was left with before it was stored goes too.
    localStorage.setItem(`${SAVED_PENDING_PREFIX}closed-tab`, JSON.stringify([saved('b', 'Left behind')]))
    const removal = await import('./data-removal')
    await removal.removeDeclinedData()
    expect(pendingKeys()).toEqual([])
    await vi.waitFor(() => expect(stopSync).toHaveBeenCalled())
    expect(other.useWheelStore.getState().savedWheels).toEqual([])
    await other.commitSaved()
    const db = (await openSavedWheelsDb()) as IDBDatabase
    expect((await readSaved(db)).wheels).toEqual([])
    db.close()
  })

  it('a database that never opens: after 5 s the page works from local storage and says the wheels were not read', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(oldState([], 3)))
      vi.stubGlobal('indexedDB', { open: () => ({}) })
      vi.resetModules()
      const { useWheelStore } = await importWheelStore()
      const state = await import('./saved-wheels-state')
      expect(useWheelStore.getState().savedWheelsLoaded).toBe(false)
      await vi.advanceTimersByTimeAsync(5_000)
      await state.savedWheelsReady()
      expect(useWheelStore.getState().savedWheelsLoaded).toBe(true)
      expect(useWheelStore.getState().storageProblem).toMatch(/could not be read .* Nothing was deleted/)
    } finally {
      vi.useRealTimers()
    }
  })

  it('moves the old local-storage state over whole, and lets the old copy go only after reading it back', async () => {
    const wheels = [saved('a', 'Class A'), saved('b', 'Class B', 10_000), saved('c', 'Class C')]
    localStorage.setItem(STORE_KEY, JSON.stringify(oldState(wheels)))
    localStorage.setItem(SYNC_STATE_KEY, JSON.stringify({ userId: 'u1', cursor: 9, synced: { a: at(1) } }))
    localStorage.setItem(SYNC_DELETED_KEY, JSON.stringify(['gone']))
    const { useWheelStore, getSyncRecord, getDeletedWheels } = await load()

    expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['Class A', 'Class B', 'Class C'])
    expect(useWheelStore.getState().currentWheel.items).toHaveLength(10_000)
    expect(useWheelStore.getState().spinHistory.map((e) => e.id)).toEqual(['h1'])
    expect(getSyncRecord()).toEqual({ userId: 'u1', cursor: 9, synced: { a: at(1) } })
    expect(getDeletedWheels()).toEqual(['gone'])
    const db = (await openSavedWheelsDb()) as IDBDatabase
    const inDb = await readSaved(db)
    expect(inDb.wheels.map((r) => r.wheel)).toEqual(wheels)
    expect(inDb.migrated).toBe(true)
    // The old copy is gone: local storage keeps the current wheel, history and settings only.
    expect(stored().savedWheels).toEqual([])
    const { readStoredWheel } = await import('./wheel-local-storage')
    expect(JSON.parse(storedText(readStoredWheel()) ?? '{}').currentWheel.items).toHaveLength(10_000)
    expect(stored().spinHistory).toHaveLength(1)
    expect(localStorage.getItem(SYNC_STATE_KEY)).toBeNull()
    expect(localStorage.getItem(SYNC_DELETED_KEY)).toBeNull()
    db.close()
  }, 20_000)

  it('a migration cut off after its commit is finished by the next load, with nothing lost or doubled', async () => {
    const wheels = [saved('a', 'One'), saved('b', 'Two'), saved('c', 'Three')]
    localStorage.setItem(STORE_KEY, JSON.stringify(oldState(wheels)))
    // The tab closed after the first copy was committed but before local storage was cleaned up.
    const db = (await openSavedWheelsDb()) as IDBDatabase
    await writeSaved(db, {
      put: wheels.map((wheel, i) => ({ id: wheel.id as string, seq: i + 1, wheel })),
      migrated: true,
    })
    db.close()
    const { useWheelStore } = await load()
    expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['One', 'Two', 'Three'])
    expect(stored().savedWheels).toEqual([])
  })

  it('writes only the wheel that changed, and a delete together with its tombstone', async () => {
    const wheels = Array.from({ length: 20 }, (_, i) => saved(`w${i}`, `Wheel ${i}`))
    localStorage.setItem(STORE_KEY, JSON.stringify(oldState(wheels)))
    const { useWheelStore, commitSaved } = await load()
    const put = vi.spyOn(IDBObjectStore.prototype, 'put')
    useWheelStore.setState((s) => ({
      savedWheels: s.savedWheels.map((w) => (w.id === 'w7' ? { ...w, name: 'Renamed' } : w)),
    }))
    expect(await commitSaved()).toBe(true)
    // Into the wheels' store (the versions' store keeps w7's content before the rename, issue 33).
    const wheelPuts = put.mock.calls.filter(
      (_, i) => (put.mock.contexts[i] as IDBObjectStore).name === 'wheels',
    )
    expect(wheelPuts.map(([value]) => (value as { id: string }).id)).toEqual(['w7'])

    useWheelStore.getState().deleteSavedWheel('w3')
    expect(await commitSaved()).toBe(true)
    const db = (await openSavedWheelsDb()) as IDBDatabase
    const inDb = await readSaved(db)
    expect(inDb.wheels).toHaveLength(19)
    expect(inDb.wheels.find((r) => r.id === 'w7')?.wheel.name).toBe('Renamed')
    expect(inDb.deleted).toEqual(['w3'])
    db.close()
  })

  it('a write refused for lack of space says so, keeps everything in memory, and stores it once there is room', async () => {
    const { useWheelStore, commitSaved, SAVED_FULL_MESSAGE } = await load()
    const full = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    useWheelStore.setState({ savedWheels: [saved('n1', 'New one', 10_000)] })
    expect(await commitSaved()).toBe(false)
    expect(useWheelStore.getState().storageProblem).toBe(SAVED_FULL_MESSAGE)
    expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['New one'])

    full.mockRestore()
    expect(await commitSaved()).toBe(true)
    expect(useWheelStore.getState().storageProblem).toBeNull()
    const db = (await openSavedWheelsDb()) as IDBDatabase
    expect((await readSaved(db)).wheels.map((r) => r.wheel.name)).toEqual(['New one'])
    db.close()
  })

  it('a tab that changed nothing never writes its older copy over another tab’s newer wheel', async () => {
    // Both tabs open with a loaded 1,500-item wheel (stored in chunks).
    localStorage.setItem(
      STORE_KEY,
      JSON.stringify({ ...oldState([], 1_500), currentWheel: saved('l37', 'Library 37', 1_500) }),
    )
    const second = await load()
    const first = await load()
    expect(second.useWheelStore.getState().currentWheel.name).toBe('Library 37')
    // The first starts a new wheel; the second has not heard of it yet (its storage event comes later).
    first.useWheelStore.getState().resetWheel()
    first.useWheelStore.getState().updateWheel({ name: 'Saved in tab one' })
    expect(first.persistWheelStore()).toBe(true)
    // The second writes (its start stores the state, as local mode's commitSaved does): nothing of its own.
    expect(second.persistWheelStore()).toBe(true)
    await second.commitSaved()
    expect(stored().currentWheel.name).toBe('Saved in tab one')
    // A change of its own is still written, over the older write (the newest write wins).
    second.useWheelStore.getState().updateWheel({ name: 'Renamed in tab two' })
    expect(second.persistWheelStore()).toBe(true)
    expect(stored().currentWheel.name).toBe('Renamed in tab two')
  })

  it('a storage event heard late, older than what the key holds, does not undo a change not yet written', async () => {
    localStorage.setItem(STORE_KEY, JSON.stringify({ ...oldState([], 3), currentWheel: saved('c', 'Class') }))
    const { useWheelStore } = await load()
    const older = localStorage.getItem(STORE_KEY) as string
    useWheelStore.getState().updateWheel({ name: 'Renamed here' })
    // The event of a write the key no longer holds (this tab's own read of it, say) comes now.
    window.dispatchEvent(new StorageEvent('storage', { key: STORE_KEY, newValue: `${older} ` }))
    await Promise.resolve()
    expect(useWheelStore.getState().currentWheel.name).toBe('Renamed here')
    expect(stored().currentWheel.name).toBe('Renamed here')
  })

  it('without IndexedDB the saved wheels stay in local storage, as before', async () => {
    vi.stubGlobal('indexedDB', undefined)
    localStorage.setItem(STORE_KEY, JSON.stringify(oldState([saved('a', 'Kept here')])))
    const { useWheelStore, persistWheelStore } = await load()
    expect(useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['Kept here'])
    useWheelStore.setState((s) => ({ savedWheels: [...s.savedWheels, saved('b', 'Added')] }))
    expect(persistWheelStore()).toBe(true)
    expect(stored().savedWheels.map((w: Wheel) => w.name)).toEqual(['Kept here', 'Added'])
  })
})
