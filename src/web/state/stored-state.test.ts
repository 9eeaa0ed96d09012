// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BACKUP_KEY, STORE_KEY } from '../../core/storage/keys'
import { validState } from '../../core/testing/state-fixtures'

/** A page's modules, fresh: nothing of the reader loaded yet. */
async function freshPage() {
  vi.resetModules()
  const reader = await import('./stored-reader')
  const { readStored } = await import('./stored-state')
  return { ...reader, readStored }
}

describe('the wheel state a page starts with', () => {
  beforeEach(() => localStorage.clear())

  it('is the defaults, fresh (to be put in the page’s language), when nothing is stored, and the reader of a stored state never loads', async () => {
    const page = await freshPage()
    await page.whenStoredStateReadable()
    expect(page.readStored()).toMatchObject({ fresh: true, state: { savedWheels: [], spinHistory: [] } })
    expect(page.storedReader()).toBeNull()
    expect(localStorage.getItem(BACKUP_KEY)).toBeNull()
  })

  it('is the stored state, not fresh, when it is whole, once its reader has loaded', async () => {
    const state = validState()
    localStorage.setItem(STORE_KEY, JSON.stringify(state))
    const page = await freshPage()
    // Read before its reader loaded (stored after the page's check): the defaults, to be replaced
    // by what is stored once the reader has loaded (wheel-store-writes.ts).
    expect(page.readStored()).toMatchObject({ fresh: false, unread: true, state: { spinHistory: [] } })
    await page.whenStoredStateReadable()
    expect(page.storedReader()).toBeTruthy()
    expect(page.readStored()).toEqual({ state, fresh: false, repaired: false })
    expect(localStorage.getItem(BACKUP_KEY)).toBeNull()
  })

  it('refuses to start where its reader failed to load, rather than start from the defaults', async () => {
    localStorage.setItem(STORE_KEY, JSON.stringify(validState()))
    vi.doMock('./stored-read', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    try {
      const page = await freshPage()
      await page.whenStoredStateReadable()
      expect(page.storedReader()).toBe(false)
      expect(() => page.readStored()).toThrow('The stored wheel state cannot be read')
    } finally {
      vi.doUnmock('./stored-read')
    }
  })

  it('mends a damaged state, not fresh, and keeps its text as a backup', async () => {
    const state = validState()
    const good = state.currentWheel.items[0]
    const text = JSON.stringify({
      ...state,
      currentWheel: { ...state.currentWheel, items: [good, { id: 'x', text: 42, color: 'red' }] },
    })
    localStorage.setItem(STORE_KEY, text)
    const page = await freshPage()
    await page.whenStoredStateReadable()
    const { state: repaired, fresh, repaired: mended } = page.readStored()
    expect(fresh).toBe(false)
    expect(mended).toBe(true)
    // The number becomes text and the unreadable colour the default blue; the good item is kept as it was.
    expect(repaired.currentWheel.items).toEqual([good, { id: 'x', text: '42', color: '#3b82f6' }])
    expect(localStorage.getItem(BACKUP_KEY)).toBe(text)
  })

  it('is the defaults, fresh, where the browser refuses its storage', async () => {
    const page = await freshPage()
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    try {
      await page.whenStoredStateReadable()
      expect(page.readStored()).toMatchObject({ fresh: true, repaired: false })
      expect(page.storedReader()).toBeNull()
    } finally {
      getItem.mockRestore()
    }
  })
})
