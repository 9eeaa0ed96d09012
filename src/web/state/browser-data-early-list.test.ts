// @vitest-environment jsdom
import { IDBDatabase } from 'fake-indexeddb'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SAVED_WHEELS_DB, STORE_KEY } from '../../core/storage/keys'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import type { WheelSummary } from '../../core/wheel/summary'
import { SAVED_LIST_SCRIPT } from '../prerender'
import { eachTestATab } from '../testing/tab'
import { LIST_WAIT_MS } from './browser-data-early-list'
import { EARLY_SAVED_LIST, openSavedWheelsDb, writeSaved } from './saved-wheels-db'

const saved = (id: string, name: string): Wheel => ({
  ...createDefaultWheel(),
  id,
  name,
  items: [{ id: `${id}-0`, text: `${name} 0`, color: '#ef4444' }],
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:01:00.000Z',
})

/** Runs /saved's inline script as the browser does while it parses the page. */
const parsePage = () => new Function(/^<script>([\s\S]*)<\/script>$/.exec(SAVED_LIST_SCRIPT)?.[1] ?? '')()
const earlyRows = () => (window as unknown as Record<string, unknown>)[EARLY_SAVED_LIST]
const names = (list: readonly { name: string }[] | null | undefined) => list?.map((w) => w.name)

/** Stores these wheels as a tab stored them, in this saved order (their ids sort otherwise). */
async function storeWheels(wheels: Wheel[]) {
  const db = (await openSavedWheelsDb()) as IDBDatabase
  await writeSaved(db, {
    put: wheels.map((wheel, seq) => ({ id: wheel.id as string, seq, wheel })),
    migrated: true,
  })
  db.close()
}

/**
 * /saved's page code as it arrives: the wheel store is made as the page module's imports are
 * evaluated, and the module's first lines run right after it, in the same task. Here the module
 * loader may wait between the two, so the store's start is held at its first question to the
 * browser's database until those lines have run.
 */
async function savedPageCode(
  afterReset?: () => Promise<void>,
  watch?: (summaries: readonly WheelSummary[] | null) => void,
  listPaints = true,
) {
  vi.resetModules()
  await afterReset?.()
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const databases = indexedDB.databases.bind(indexedDB)
  vi.spyOn(indexedDB, 'databases').mockImplementation(() => held.then(databases))
  const data = await import('./browser-data')
  await (await import('./stored-reader')).whenStoredStateReadable()
  const { savedListPainted, savedWheelsListed, takeEarlySavedList } = await import(
    './browser-data-early-list'
  )
  savedWheelsListed()
  takeEarlySavedList()
  const { useWheelStore } = await import('./wheel-store')
  if (watch) useWheelStore.subscribe((state) => watch(state.savedSummaries))
  release()
  // The page's list painting as soon as it can (its render is not part of these tests).
  if (listPaints) savedListPainted()
  return { data, useWheelStore, listedAtOnce: useWheelStore.getState().savedSummaries, savedListPainted }
}

describe("/saved's list read as its page is parsed", () => {
  eachTestATab()
  // Each test is a new page: nothing left on window by the one before.
  beforeEach(() => {
    delete (window as unknown as Record<string, unknown>)[EARLY_SAVED_LIST]
  })

  it('lists the saved wheels in the first render, in saved order, without reading the list again', async () => {
    const wheels = [saved('e', 'Class E'), saved('a', 'Class A'), saved('d', 'Class D')]
    await storeWheels(wheels)
    parsePage()
    await vi.waitFor(() => expect(earlyRows()).toHaveLength(3))
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction')
    const { data, useWheelStore, listedAtOnce } = await savedPageCode()
    expect(names(listedAtOnce)).toEqual(['Class E', 'Class A', 'Class D'])
    expect(listedAtOnce?.[0]).toMatchObject({ id: 'e', itemCount: 1, colors: ['#ef4444'] })
    // Taken once: a later page of this tab that loads the code again finds nothing left.
    expect(earlyRows()).toBeUndefined()
    await data.savedWheelsRead()
    expect(names(useWheelStore.getState().savedWheels)).toEqual(['Class E', 'Class A', 'Class D'])
    expect(useWheelStore.getState().savedSummaries).toBeNull()
    // The wheels were read; the list on its own was not read a second time.
    expect(transaction.mock.calls.filter(([stores]) => stores === 'summaries')).toEqual([])
  })

  it("reads the wheels only once the page's list has painted, so no slice of the read holds up the cards", async () => {
    await storeWheels([saved('a', 'Class A'), saved('b', 'Class B')])
    parsePage()
    await vi.waitFor(() => expect(earlyRows()).toHaveLength(2))
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction')
    const wheelReads = () => transaction.mock.calls.filter(([stores]) => stores === 'wheels').length
    const { data, useWheelStore, savedListPainted } = await savedPageCode(undefined, undefined, false)
    let read = false
    void data.savedWheelsRead().then(() => {
      read = true
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(names(useWheelStore.getState().savedSummaries)).toEqual(['Class A', 'Class B'])
    expect(wheelReads()).toBe(0)
    expect(read).toBe(false)
    savedListPainted()
    await data.savedWheelsRead()
    expect(wheelReads()).toBe(1)
    expect(names(useWheelStore.getState().savedWheels)).toEqual(['Class A', 'Class B'])
  })

  it('reads the wheels after LIST_WAIT_MS where the page shows no list (a visitor signed out)', async () => {
    await storeWheels([saved('a', 'Class A')])
    parsePage()
    await vi.waitFor(() => expect(earlyRows()).toHaveLength(1))
    const started = performance.now()
    const { data, useWheelStore } = await savedPageCode(undefined, undefined, false)
    await data.savedWheelsRead()
    expect(performance.now() - started).toBeGreaterThanOrEqual(LIST_WAIT_MS - 20)
    expect(names(useWheelStore.getState().savedWheels)).toEqual(['Class A'])
  })

  it('a list read after the page took its chance is not kept for the life of the page', async () => {
    await storeWheels([saved('a', 'Class A')])
    // The database slow to answer: the page's code runs first and finds nothing yet.
    const { listedAtOnce } = await savedPageCode()
    expect(listedAtOnce).toBeNull()
    parsePage()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(earlyRows()).toBeUndefined()
  })

  it('a browser without the database gets none made, and the page starts as a first visit', async () => {
    parsePage()
    // The open request is answered (its upgrade aborted) within a few turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(earlyRows()).toBeUndefined()
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(SAVED_WHEELS_DB)
    const { data, useWheelStore, listedAtOnce } = await savedPageCode()
    expect(listedAtOnce).toBeNull()
    await data.savedWheelsRead()
    expect(useWheelStore.getState().savedWheels).toEqual([])
  })

  it("is left aside while local storage holds an older version's saved wheels: they are moved in first", async () => {
    await storeWheels([saved('a', 'Class A')])
    localStorage.setItem(
      STORE_KEY,
      JSON.stringify({
        version: 1,
        currentWheel: { ...saved('current', 'Current'), id: null },
        savedWheels: [saved('old', 'Old class')],
        spinHistory: [],
        settings: { soundEnabled: true, confettiEnabled: false, autoSave: true },
      }),
    )
    parsePage()
    await vi.waitFor(() => expect(earlyRows()).toHaveLength(1))
    const { data, useWheelStore, listedAtOnce } = await savedPageCode()
    // A list of the database alone would lack "Old class" until the move.
    expect(listedAtOnce).toBeNull()
    await data.savedWheelsRead()
    expect(names(useWheelStore.getState().savedWheels)?.sort()).toEqual(['Class A', 'Old class'])
  })

  it('declining storage while the wheels are being read takes their listed cards away at once', async () => {
    await storeWheels([saved('a', 'Class A'), saved('b', 'Class B')])
    parsePage()
    await vi.waitFor(() => expect(earlyRows()).toHaveLength(2))
    const { useWheelStore, listedAtOnce } = await savedPageCode()
    expect(names(listedAtOnce)).toEqual(['Class A', 'Class B'])
    // "Decline" here, or another tab's (heard as the wheels are read): every remover runs.
    ;(await import('./declined-data-removers')).runDeclinedDataRemovers()
    expect(useWheelStore.getState().savedSummaries).toBeNull()
    expect(useWheelStore.getState().savedWheels).toEqual([])
  })

  it('declined as the wheels start to be read, the cards do not come back when the read goes on', async () => {
    await storeWheels([saved('a', 'Class A'), saved('b', 'Class B')])
    parsePage()
    await vi.waitFor(() => expect(earlyRows()).toHaveLength(2))
    // The Decline lands while the start checks whether an older version's wheels need moving in
    // (its read of the index), after it has seen the list already there.
    let removers: typeof import('./declined-data-removers') | null = null
    const transaction = IDBDatabase.prototype.transaction
    let declined = false
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
      this: IDBDatabase,
      ...args: Parameters<IDBDatabase['transaction']>
    ) {
      if (!declined && removers && Array.isArray(args[0]) && args[0].join() === 'summaries,meta') {
        removers?.runDeclinedDataRemovers()
        declined = true
      }
      return transaction.apply(this, args)
    })
    const listedAfter: (string[] | undefined)[] = []
    const { data, useWheelStore, listedAtOnce } = await savedPageCode(
      async () => {
        removers = await import('./declined-data-removers')
      },
      (summaries) => {
        if (declined && summaries) listedAfter.push(names(summaries))
      },
    )
    expect(names(listedAtOnce)).toEqual(['Class A', 'Class B'])
    await data.savedWheelsRead()
    expect(declined).toBe(true)
    expect(listedAfter).toEqual([])
    expect(useWheelStore.getState().savedWheels).toEqual([])
  })

  it('does not load without the code that moves and reads the wheels, so no card waits on code that failed', async () => {
    vi.resetModules()
    vi.doMock('./saved-wheels-intake', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    try {
      await expect(import('./browser-data-early-list')).rejects.toThrow()
    } finally {
      vi.doUnmock('./saved-wheels-intake')
    }
  })
})
