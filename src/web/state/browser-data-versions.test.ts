// @vitest-environment jsdom
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { importWheelStore } from '../testing/wheel-store-start'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString()
const wheel = (items: number, minute: number, name = 'Friday raffle'): Wheel => ({
  ...createDefaultWheel(),
  id: 'raffle',
  name,
  items: Array.from({ length: items }, (_, i) => ({ id: `i${i}`, text: `Entry ${i}`, color: '#ef4444' })),
  createdAt: at(0),
  updatedAt: at(minute),
})

/** Loads the stores afresh, as a page load would, once the saved wheels are read. */
async function load() {
  vi.resetModules()
  const store = await importWheelStore()
  const persistence = await import('./saved-wheels-persistence')
  const versions = await import('./browser-data-versions')
  const state = await import('./saved-wheels-state')
  await state.savedWheelsReady()
  return { ...store, ...persistence, ...versions }
}

describe('saved wheel versions in this browser', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.stubGlobal('indexedDB', new IDBFactory())
    vi.stubGlobal('IDBKeyRange', IDBKeyRange)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('a saved wheel emptied keeps its 16 items as a version; a restore brings them back and keeps the empty one', async () => {
    const page = await load()
    page.useWheelStore.setState({ savedWheels: [wheel(16, 1)] })
    await page.commitSaved()
    expect(await page.localVersions('raffle')).toEqual([])
    page.useWheelStore.setState({ savedWheels: [wheel(0, 2)] })
    await page.commitSaved()
    const [kept, ...none] = (await page.localVersions('raffle')) ?? []
    expect(none).toEqual([])
    expect(kept).toMatchObject({ itemCount: 16, name: 'Friday raffle', savedAt: at(1) })

    const content = await page.localVersionWheel(kept?.id as string)
    expect(await page.restoreWheelVersion('raffle', content as Wheel)).toBe(true)
    expect(page.useWheelStore.getState().savedWheels[0]?.items).toHaveLength(16)
    expect((await page.localVersions('raffle'))?.map((v) => v.itemCount)).toEqual([0, 16])

    // After a reload the wheel and its versions are still there.
    const again = await load()
    expect(again.useWheelStore.getState().savedWheels[0]?.items).toHaveLength(16)
    expect((await again.localVersions('raffle'))?.map((v) => v.itemCount)).toEqual([0, 16])
  })

  it('small edits in a row make one version; the same content saved again makes none; a deleted wheel’s versions go', async () => {
    const page = await load()
    page.useWheelStore.setState({ savedWheels: [wheel(6, 1)] })
    await page.commitSaved()
    page.useWheelStore.setState({ savedWheels: [wheel(6, 2)] })
    await page.commitSaved()
    expect(await page.localVersions('raffle')).toEqual([])
    for (let minute = 3; minute < 7; minute++) {
      page.useWheelStore.setState({ savedWheels: [wheel(6, minute, `Name ${minute}`)] })
      await page.commitSaved()
    }
    expect((await page.localVersions('raffle'))?.map((v) => v.name)).toEqual(['Friday raffle'])
    page.useWheelStore.getState().deleteSavedWheel('raffle')
    await page.commitSaved()
    expect(await page.localVersions('raffle')).toEqual([])
  })
})
