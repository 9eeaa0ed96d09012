import { STORE_KEY } from '../../core/storage/keys'
import { type PersistedState, serializePersistedState } from '../../core/storage/persisted-state'
import type { Item } from '../../core/wheel/model'
import { memoByObject } from './memo'

/**
 * The wheel store's local-storage key (decision 0011). A current wheel of up to INLINE_MAX_ITEMS
 * items is stored inline, as it always was. A larger one keeps its items in chunk keys of
 * CHUNK_ITEMS items, and the main key names them (`currentItems`): adding an item to a
 * 10,000-item wheel then rewrites one chunk of a few dozen KB instead of the whole 0.8 MB, which
 * the browser copies on every write. Chunks are written under fresh names before the main key that
 * names them, and the old ones are removed after it, so a write cut off half-way leaves the
 * previous state whole (and a few orphans, removed on the next load).
 */
export const INLINE_MAX_ITEMS = 1_000
export const CHUNK_ITEMS = 500
export const CHUNK_PREFIX = 'whirl-wheel-items-'

type ChunkedItems = { keys: string[]; count: number }
/** The chunks this tab last read or wrote: each key's items and the text they were read from or written as. */
type Written = { keys: string[]; slices: (readonly Item[])[]; texts: string[] }

const itemJson = memoByObject((item: Item) => JSON.stringify(item))
const ITEMS_SENTINEL = '\u0000whirl-items'
const ITEMS_MARK = JSON.stringify([ITEMS_SENTINEL])
let inlineCache: { items: readonly Item[]; json: string } | null = null
let written: Written | null = null
let lastMain = ''
let generation = 0

const itemsJson = (items: readonly Item[]) => `[${items.map(itemJson).join(',')}]`

/** The state as text with the current wheel's items given as `json` (the same text JSON.stringify gives). */
function withItems(state: PersistedState, json: string, extra?: ChunkedItems): string {
  const outer = serializePersistedState({
    ...state,
    currentWheel: { ...state.currentWheel, items: [ITEMS_SENTINEL] as unknown as Item[] },
    ...(extra ? { currentItems: extra } : {}),
  } as PersistedState)
  return outer.replace(ITEMS_MARK, () => json)
}

/** A chunk the main key names is gone (another tab replaced it between the two reads). */
export class MissingChunkError extends Error {
  constructor(key: string) {
    super(`Stored wheel chunk gone: ${key}`)
  }
}

/** What the key holds: its text when it was read without parsing, or the value parsed once. */
export type StoredWheel = { text: string } | { json: Record<string, unknown>; chars: number }

/**
 * The stored value, chunks put back in place; null when nothing is stored. On a page's first read
 * (`cleanUp`), chunks no stored state names (left by a write cut off) are removed once they are a
 * minute old, so that another tab's write in progress is never touched. A chunk that is gone
 * throws MissingChunkError, except on that first read, where the items of the chunks still there
 * are kept: the wheel is never read back as an empty one. The value is parsed at most once: a main
 * key naming no chunks comes back as text, for the state's own parse.
 */
export function readStoredWheel(cleanUp = false): StoredWheel | null {
  const main = localStorage.getItem(STORE_KEY)
  lastMain = main ?? ''
  const held = written
  written = null
  if (main === null) return null
  // A state without chunks is never parsed here (the quoted key cannot occur inside a JSON string).
  if (!main.includes('"currentItems"')) {
    if (cleanUp) removeOrphans([])
    return { text: main }
  }
  let parsed: Record<string, unknown>
  try {
    parsed = JSON.parse(main)
  } catch {
    return { text: main }
  }
  const ref = parsed?.currentItems as ChunkedItems | undefined
  if (!ref || !Array.isArray(ref.keys)) {
    if (cleanUp) removeOrphans([])
    return { text: main }
  }
  // Another tab's change rewrites one chunk of a big wheel: a chunk whose text this tab already
  // holds keeps the items it was read or written as (unparsed, and the same objects).
  const known = new Map<string, { text: string; slice: readonly Item[] }>()
  held?.keys.forEach((key, i) => {
    known.set(key, { text: held.texts[i] as string, slice: held.slices[i] as readonly Item[] })
  })
  const slices: (readonly Item[])[] = []
  const texts: string[] = []
  let chars = main.length
  let complete = true
  for (const key of ref.keys) {
    const chunk = typeof key === 'string' ? localStorage.getItem(key) : null
    if (chunk === null) {
      if (!cleanUp) throw new MissingChunkError(String(key))
      complete = false
      continue
    }
    chars += chunk.length
    const same = known.get(key)
    slices.push(same?.text === chunk ? same.slice : (JSON.parse(chunk) as Item[]))
    texts.push(chunk)
  }
  const wheel = parsed.currentWheel as { items?: unknown } | undefined
  if (wheel) wheel.items = slices.flat()
  delete parsed.currentItems
  // Chunks are reused by the next write only when every one was there.
  written = complete ? { keys: ref.keys, slices, texts } : null
  if (cleanUp) removeOrphans(ref.keys)
  return { json: parsed, chars }
}

const ORPHAN_AGE_MS = 60_000

function removeOrphans(keep: readonly string[]) {
  const kept = new Set(keep)
  const doomed: string[] = []
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i)
    if (!key?.startsWith(CHUNK_PREFIX) || kept.has(key)) continue
    const stamp = Number.parseInt(key.slice(CHUNK_PREFIX.length).split('.')[0] ?? '', 36)
    if (!(Date.now() - stamp < ORPHAN_AGE_MS)) doomed.push(key)
  }
  for (const key of doomed) localStorage.removeItem(key)
}

const sameItems = (a: readonly Item[] | undefined, b: readonly Item[]) =>
  !!a && a.length === b.length && a.every((item, i) => item === b[i])

/**
 * Writes the state; false when the browser refused (nothing of this write is then kept, and the
 * previous state stays whole). Throws nothing.
 */
export function writeStoredWheelState(state: PersistedState): boolean {
  const { items } = state.currentWheel
  const fresh: string[] = []
  try {
    if (items.length <= INLINE_MAX_ITEMS) {
      if (inlineCache?.items !== items) inlineCache = { items, json: itemsJson(items) }
      const main = withItems(state, inlineCache.json)
      if (main !== lastMain) localStorage.setItem(STORE_KEY, main)
      lastMain = main
      if (written) for (const key of written.keys) localStorage.removeItem(key)
      written = null
      return true
    }
    // Another tab wrote since this one last read or wrote: the chunks this tab knows may be gone.
    if (written && localStorage.getItem(STORE_KEY) !== lastMain) written = null
    const slices: (readonly Item[])[] = []
    for (let at = 0; at < items.length; at += CHUNK_ITEMS) slices.push(items.slice(at, at + CHUNK_ITEMS))
    const gen = `${Date.now().toString(36)}.${(generation++).toString(36)}`
    const texts: string[] = []
    const keys = slices.map((slice, i) => {
      const previous = written?.slices[i]
      if (written && sameItems(previous, slice)) {
        texts.push(written.texts[i] as string)
        return written.keys[i] as string
      }
      const key = `${CHUNK_PREFIX}${gen}-${i}`
      const text = itemsJson(slice)
      localStorage.setItem(key, text)
      fresh.push(key)
      texts.push(text)
      return key
    })
    const main = withItems(state, '[]', { keys, count: items.length })
    if (main !== lastMain) localStorage.setItem(STORE_KEY, main)
    lastMain = main
    const old = written?.keys.filter((key) => !keys.includes(key)) ?? []
    for (const key of old) localStorage.removeItem(key)
    written = { keys, slices, texts }
    return true
  } catch {
    for (const key of fresh) {
      try {
        localStorage.removeItem(key)
      } catch {
        // Storage unavailable: nothing to undo.
      }
    }
    return false
  }
}

/** The main key's text last written or read here (another tab's write differs from it). */
export const lastStoredMain = (): string => lastMain
