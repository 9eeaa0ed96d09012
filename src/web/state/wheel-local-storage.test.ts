// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORE_KEY } from '../../core/storage/keys'
import {
  defaultState,
  type PersistedState,
  serializePersistedState,
} from '../../core/storage/persisted-state'
import { parsePersistedState, parsePersistedValue } from '../../core/storage/read-state'
import type { Item } from '../../core/wheel/model'
import type { StoredWheel } from './wheel-local-storage'
import { CHUNK_PREFIX } from './wheel-local-storage'

/** The stored value as one text, as a page reads it (chunks put back in place). */
const storedText = (stored: StoredWheel | null) =>
  stored === null ? null : 'text' in stored ? stored.text : JSON.stringify(stored.json)

const item = (i: number): Item => ({
  id: `i${i}`,
  text: `Pupil "${i}" \\ ${i % 7 ? '' : 'ü'}`,
  color: '#22c55e',
})
const withItems = (count: number): PersistedState => {
  const state = defaultState()
  return {
    ...state,
    currentWheel: { ...state.currentWheel, items: Array.from({ length: count }, (_, i) => item(i)) },
  }
}
const chunkKeys = () => Object.keys(localStorage).filter((k) => k.startsWith(CHUNK_PREFIX))

async function fresh() {
  vi.resetModules()
  return import('./wheel-local-storage')
}

describe('the wheel store in local storage', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => vi.restoreAllMocks())

  it('stores a small wheel inline, exactly as the plain serialiser writes it', async () => {
    const { writeStoredWheelState, readStoredWheel } = await fresh()
    const state = withItems(40)
    expect(writeStoredWheelState(state)).toBe(true)
    expect(localStorage.getItem(STORE_KEY)).toBe(serializePersistedState(state))
    expect(storedText(readStoredWheel())).toBe(serializePersistedState(state))
    expect(chunkKeys()).toEqual([])
  })

  it('a 10,000-item wheel goes into chunks, and one more item rewrites one chunk and the main key', async () => {
    const { writeStoredWheelState, readStoredWheel } = await fresh()
    const state = withItems(9_999)
    expect(writeStoredWheelState(state)).toBe(true)
    expect(chunkKeys()).toHaveLength(20)
    const setItem = vi.spyOn(Storage.prototype, 'setItem')
    const added = {
      ...state,
      currentWheel: { ...state.currentWheel, items: [...state.currentWheel.items, item(9_999)] },
    }
    expect(writeStoredWheelState(added)).toBe(true)
    expect(setItem.mock.calls.map(([key]) => (key === STORE_KEY ? 'main' : 'chunk'))).toEqual([
      'chunk',
      'main',
    ])
    expect(chunkKeys()).toHaveLength(20)
    // A new page reads the whole wheel back.
    const again = await fresh()
    const text = storedText(again.readStoredWheel(true))
    expect(text).toBe(serializePersistedState(added))
    expect(parsePersistedState(text).state.currentWheel.items).toHaveLength(10_000)
    expect(readStoredWheel).toBeDefined()
  })

  it('reads each stored value with one parse: an inline state as its text, a chunked one as its value', async () => {
    const { writeStoredWheelState, readStoredWheel } = await fresh()
    const small = withItems(40)
    writeStoredWheelState(small)
    expect(readStoredWheel()).toEqual({ text: serializePersistedState(small) })
    const big = withItems(5_000)
    writeStoredWheelState(big)
    const parse = vi.spyOn(JSON, 'parse')
    const stored = readStoredWheel()
    // The main key and its chunks, each parsed once; nothing parsed a second time by the state's reader.
    const parsedOnRead = parse.mock.calls.length
    expect(stored && 'json' in stored).toBe(true)
    if (!stored || !('json' in stored)) return
    const value = parsePersistedValue(stored.json, stored.chars)
    expect(parse.mock.calls.length).toBe(parsedOnRead)
    expect(value).toEqual(parsePersistedState(serializePersistedState(big)))
    expect(stored.chars).toBeGreaterThan(serializePersistedState(big).length * 0.9)
  })

  it('a write cut off half-way (no room) leaves the previous wheel whole, and nothing of it behind', async () => {
    const { writeStoredWheelState } = await fresh()
    const before = withItems(3_000)
    expect(writeStoredWheelState(before)).toBe(true)
    const keysBefore = chunkKeys().sort()
    const setItem = Storage.prototype.setItem
    let writes = 0
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (++writes === 3) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      setItem.call(this, key, value)
    })
    const reordered = {
      ...before,
      currentWheel: { ...before.currentWheel, items: [...before.currentWheel.items].reverse() },
    }
    expect(writeStoredWheelState(reordered)).toBe(false)
    vi.restoreAllMocks()
    expect(chunkKeys().sort()).toEqual(keysBefore)
    const again = await fresh()
    expect(storedText(again.readStoredWheel(true))).toBe(serializePersistedState(before))
  })

  it('two tabs writing one big wheel never leave it naming a chunk that is gone', async () => {
    const tabA = await fresh()
    const start = withItems(2_500)
    expect(tabA.writeStoredWheelState(start)).toBe(true)
    // Tab B opens (reads the chunks A wrote) and changes the first item: its write replaces chunk 0.
    const tabB = await fresh()
    storedText(tabB.readStoredWheel(true))
    const items = start.currentWheel.items
    const changedFirst = [{ ...(items[0] as Item), text: 'Changed in B' }, ...items.slice(1)]
    expect(
      tabB.writeStoredWheelState({ ...start, currentWheel: { ...start.currentWheel, items: changedFirst } }),
    ).toBe(true)
    // Tab A, before it hears of B's write, changes the last item: it must not reuse B's deleted chunk.
    const changedLast = [...items.slice(0, -1), { ...(items.at(-1) as Item), text: 'Changed in A' }]
    expect(
      tabA.writeStoredWheelState({ ...start, currentWheel: { ...start.currentWheel, items: changedLast } }),
    ).toBe(true)
    const reader = await fresh()
    const read = parsePersistedState(storedText(reader.readStoredWheel())).state
    expect(read.currentWheel.items).toHaveLength(2_500)
    expect(read.currentWheel.items.at(-1)?.text).toBe('Changed in A')
  })

  it("another tab's change to one chunk is the only chunk parsed again; a chunk rewritten under the same name is read afresh", async () => {
    const tabA = await fresh()
    const start = withItems(2_500)
    expect(tabA.writeStoredWheelState(start)).toBe(true)
    const tabB = await fresh()
    const itemsOf = (stored: StoredWheel | null) =>
      (stored && 'json' in stored ? (stored.json.currentWheel as { items: Item[] }).items : []) as Item[]
    const before = itemsOf(tabB.readStoredWheel(true))
    expect(before).toHaveLength(2_500)
    // Tab A changes the last item: one chunk and the main key are rewritten.
    const items = start.currentWheel.items
    const changed = [...items.slice(0, -1), { ...(items.at(-1) as Item), text: 'Changed in A' }]
    expect(
      tabA.writeStoredWheelState({ ...start, currentWheel: { ...start.currentWheel, items: changed } }),
    ).toBe(true)
    const parse = vi.spyOn(JSON, 'parse')
    const after = itemsOf(tabB.readStoredWheel())
    // The main key and the one rewritten chunk: never the four chunks B already holds.
    expect(parse).toHaveBeenCalledTimes(2)
    parse.mockRestore()
    expect(after).toEqual(changed)
    expect(after[0]).toBe(before[0])
    expect(after[1_999]).toBe(before[1_999])
    expect(after.at(-1)).not.toBe(before.at(-1))
    // A chunk whose text changed under a name B knows (two tabs that chose the same name) is parsed.
    const first = JSON.parse(localStorage.getItem(STORE_KEY) as string).currentItems.keys[0] as string
    const edited = JSON.parse(localStorage.getItem(first) as string) as Item[]
    edited[0] = { ...(edited[0] as Item), text: 'Same name, new text' }
    localStorage.setItem(first, JSON.stringify(edited))
    expect(itemsOf(tabB.readStoredWheel())[0]?.text).toBe('Same name, new text')
  })

  it('a chunk gone between two reads is an error, never an empty wheel; a first read keeps what is there', async () => {
    const tab = await fresh()
    expect(tab.writeStoredWheelState(withItems(2_500))).toBe(true)
    localStorage.removeItem(chunkKeys().sort()[2] as string)
    const other = await fresh()
    expect(() => storedText(other.readStoredWheel())).toThrow(other.MissingChunkError)
    const firstRead = parsePersistedState(storedText(other.readStoredWheel(true))).state
    expect(firstRead.currentWheel.items).toHaveLength(2_000)
  })

  it('shrinking a big wheel below the inline size removes its chunks', async () => {
    const { writeStoredWheelState } = await fresh()
    expect(writeStoredWheelState(withItems(2_500))).toBe(true)
    expect(chunkKeys()).toHaveLength(5)
    expect(writeStoredWheelState(withItems(10))).toBe(true)
    expect(chunkKeys()).toEqual([])
    expect(localStorage.getItem(STORE_KEY)).toBe(serializePersistedState(withItems(10)))
  })
})
