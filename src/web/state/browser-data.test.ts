// @vitest-environment jsdom
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SAVED_PENDING_PREFIX, STORE_KEY } from '../../core/storage/keys'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { importWheelStore } from '../testing/wheel-store-start'
import { openSavedWheelsDb, readSaved, readTombstones } from './saved-wheels-db'
import { SYNC_DELETED_KEY, SYNC_STATE_KEY } from './sync-keys'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString()
const wheel = (id: string, name: string): Wheel => ({
  ...createDefaultWheel(),
  id,
  name,
  items: [{ id: `${id}-1`, text: 'Ada', color: '#ef4444' }],
  createdAt: at(0),
  updatedAt: at(1),
})

/** Loads the page's modules afresh, as a page load would, once the saved wheels are read. */
async function load() {
  vi.resetModules()
  const store = await importWheelStore()
  const data = await import('./browser-data')
  const sync = await import('./browser-data-sync')
  await data.savedWheelsRead()
  return { ...store, ...data, ...sync }
}

/** What the browser's database holds now, read through a connection of its own. */
async function inDatabase() {
  const db = (await openSavedWheelsDb()) as IDBDatabase
  const snapshot = await readSaved(db)
  db.close()
  return { names: snapshot.wheels.map((r) => r.wheel.name), sync: snapshot.sync }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the browser data owner', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.stubGlobal('indexedDB', new IDBFactory())
    vi.stubGlobal('IDBKeyRange', IDBKeyRange)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('writes wheels from the cloud once, with their sync record, and does not hand them back to sync', async () => {
    const page = await load()
    const heard: number[] = []
    const stop = page.onSavedWheelsChange(() => heard.push(page.useWheelStore.getState().savedWheels.length))

    page.takeInCloudWheels([wheel('a', 'From the account')])
    expect(page.useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['From the account'])
    // Not written on their own a moment later: they wait for the record that goes with them.
    await pause(150)
    expect(await inDatabase()).toEqual({ names: [], sync: null })

    const record = { userId: 'u1', cursor: 3, synced: { a: at(1) } }
    expect(await page.storeSyncRecord(record)).toBe(true)
    expect(await inDatabase()).toEqual({ names: ['From the account'], sync: record })
    expect(page.getSyncRecord()).toEqual(record)
    expect(heard).toEqual([])

    // A change made here is heard, and written a moment later without sync.
    page.useWheelStore.getState().deleteSavedWheel('a')
    expect(heard).toEqual([0])
    expect(page.getDeletedWheels()).toEqual(['a'])
    await vi.waitFor(async () => expect((await inDatabase()).names).toEqual([]))
    stop()
  })

  it('after a reload the wheels from the cloud and the record are there; tombstones told to the server go', async () => {
    const page = await load()
    page.takeInCloudWheels([wheel('a', 'Kept'), wheel('b', 'Deleted here')])
    await page.storeSyncRecord({ userId: 'u1', cursor: 5, synced: { a: at(1), b: at(1) } })
    page.useWheelStore.getState().deleteSavedWheel('b')
    expect(await page.writeSavedNow()).toBe(true)

    const again = await load()
    expect(again.useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['Kept'])
    expect(again.getSyncRecord()?.cursor).toBe(5)
    expect(again.getDeletedWheels()).toEqual(['b'])
    again.forgetDeletedWheels(new Set(['b']))
    expect(again.getDeletedWheels()).toEqual([])
    await again.writeSavedNow()
    expect((await load()).getDeletedWheels()).toEqual([])
  })

  it('a visit that kept the wheels in local storage (its database stuck opening): the next start keeps its edits and deletions', async () => {
    const page = await load()
    page.takeInCloudWheels([
      wheel('a', 'Edited there'),
      wheel('b', 'Deleted there'),
      wheel('c', 'Untouched'),
      wheel('e', 'From the account'),
    ])
    await page.storeSyncRecord({
      userId: 'u1',
      cursor: 5,
      synced: { a: at(1), b: at(1), c: at(1), e: at(1) },
    })
    expect((await inDatabase()).names).toEqual([
      'Edited there',
      'Deleted there',
      'Untouched',
      'From the account',
    ])

    // That visit held the wheels in the wheel store's key, edited one, deleted another (recorded in
    // the older key of deletions, not yet told to the account), and added a third; then it closed.
    const key = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}')
    const edited = { ...wheel('a', 'Edited there, newer'), updatedAt: at(9) }
    const older = { ...wheel('c', 'An older copy'), updatedAt: at(0) }
    // It also pulled a newer copy of a wheel from the account, as its sync record says: the
    // account has that one, and the database's older cursor brings it again.
    const pulled = { ...wheel('e', 'Pulled there'), updatedAt: at(7) }
    localStorage.setItem(
      STORE_KEY,
      JSON.stringify({ ...key, savedWheels: [edited, older, wheel('d', 'Added there'), pulled] }),
    )
    localStorage.setItem(SYNC_DELETED_KEY, JSON.stringify(['b']))
    localStorage.setItem(SYNC_STATE_KEY, JSON.stringify({ userId: 'u1', cursor: 9, synced: { e: at(7) } }))

    const again = await load()
    expect(again.useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual([
      'Edited there, newer',
      'Untouched',
      'From the account',
      'Added there',
    ])
    // Written as changes made here are, a moment later.
    await vi.waitFor(async () =>
      expect((await inDatabase()).names).toEqual([
        'Edited there, newer',
        'Untouched',
        'From the account',
        'Added there',
      ]),
    )
    // The copy the newer one replaced is kept as a version, as an edit here keeps it.
    const { localVersions } = await import('./browser-data-versions')
    expect(await localVersions('a')).toHaveLength(1)
    // The deletion waits in the database's tombstones for cloud sync, and the older keys are gone.
    expect(again.getDeletedWheels()).toEqual(['b'])
    const db = (await openSavedWheelsDb()) as IDBDatabase
    expect(await readTombstones(db)).toEqual(['b'])
    db.close()
    expect(localStorage.getItem(SYNC_DELETED_KEY)).toBeNull()
    expect(localStorage.getItem(SYNC_STATE_KEY)).toBeNull()
    expect(again.getSyncRecord()?.cursor).toBe(5)
    expect(JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}').savedWheels).toEqual([])
  })

  it('a wheel saved while the page starts leaves the wheel store’s key once stored: deleted later, it does not come back', async () => {
    await load()
    vi.resetModules()
    const page = { ...(await importWheelStore()), ...(await import('./browser-data')) }
    // Saved before the start has read the wheels: the key holds it meanwhile.
    page.useWheelStore.getState().updateWheel({ name: 'Saved at once' })
    page.useWheelStore.getState().saveCurrentWheel()
    await page.savedWheelsRead()
    const id = page.useWheelStore.getState().currentWheel.id as string
    await vi.waitFor(async () => expect((await inDatabase()).names).toEqual(['Saved at once']))
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}').savedWheels).toEqual([]),
    )

    // Deleted, and the account told (its tombstone goes): a later start does not bring it back.
    page.useWheelStore.getState().deleteSavedWheel(id)
    expect(await page.writeSavedNow()).toBe(true)
    const told = await load()
    told.forgetDeletedWheels(new Set([id]))
    await told.writeSavedNow()
    expect((await load()).useWheelStore.getState().savedWheels).toEqual([])
    expect((await inDatabase()).names).toEqual([])
  })

  it('the older keys’ deletions never remove a wheel saved again since, here or in a page left unstored', async () => {
    const page = await load()
    const { saved } = await import('./saved-wheels-state')
    const migration = await import('./saved-wheels-intake')
    localStorage.setItem(SYNC_DELETED_KEY, JSON.stringify(['b', 'p', 'x']))
    // Wheel p saved again in a page left before it was stored (its key of wheels left unstored).
    localStorage.setItem(`${SAVED_PENDING_PREFIX}other-tab`, JSON.stringify([wheel('p', 'Left unstored')]))
    const db = saved.db as IDBDatabase
    // The key holds a wheel without a time (an older version's): taken in, as nothing says it was pulled.
    const untimed = { ...wheel('u', 'Without a time'), updatedAt: undefined }
    expect(await migration.migrateFromLocalStorage(db, [untimed])).toBe(true)
    // Wheel b saved again here after that read (or another tab's write of the key, taken in).
    page.useWheelStore.setState({ savedWheels: [wheel('b', 'Saved again')] })
    expect(migration.takeLeftWheels().map((w) => w.name)).toEqual(['Without a time', 'Left unstored'])
    expect(page.useWheelStore.getState().savedWheels.map((w) => w.name)).toEqual(['Saved again'])
    expect(await page.writeSavedNow()).toBe(true)
    expect((await inDatabase()).names).toEqual(['Saved again'])
    // Only x's deletion is carried out: its tombstone waits for cloud sync.
    expect(await readTombstones(db)).toEqual(['x'])
  })

  it('a start whose code failed to load says so, reads the wheels once the browser is back online, and never writes back wheels declined meanwhile', async () => {
    const page = await load()
    page.takeInCloudWheels([wheel('a', 'In the database')])
    await page.storeSyncRecord({ userId: 'u1', cursor: 1, synced: { a: at(1) } })
    // The key holds a saved wheel too (a save that waited there, or an older version's).
    const key = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}')
    localStorage.setItem(STORE_KEY, JSON.stringify({ ...key, savedWheels: [wheel('k', 'In the key')] }))

    vi.resetModules()
    vi.doMock('./saved-wheels-intake', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    try {
      const again = { ...(await importWheelStore()), ...(await import('./browser-data')) }
      await vi.waitFor(() =>
        expect(again.useWheelStore.getState().storageProblem).toMatch(/^Your saved wheels could not be read/),
      )
      expect(again.useWheelStore.getState().savedWheelsLoaded).toBe(false)
      const { removeDeclinedData } = await import('./data-removal')
      await removeDeclinedData()
      vi.doUnmock('./saved-wheels-intake')
      // The browser back online loads the code: the start goes on, and the message goes.
      window.dispatchEvent(new Event('online'))
      await vi.waitFor(() => expect(again.useWheelStore.getState().savedWheelsLoaded).toBe(true))
      await again.savedWheelsRead()
      expect(again.useWheelStore.getState().storageProblem).toBeNull()
      expect(again.useWheelStore.getState().savedWheels).toEqual([])
      expect((await inDatabase()).names).toEqual([])
    } finally {
      vi.doUnmock('./saved-wheels-intake')
    }
  })
})
