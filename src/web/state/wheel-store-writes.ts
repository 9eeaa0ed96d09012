import { BACKUP_KEY, STORE_KEY } from '../../core/storage/keys'
import type { PersistedState } from '../../core/storage/persisted-state'
import { afterParts } from '../i18n/parts'
import { registerDeclinedDataRemover } from './declined-data-removers'
import { inPageLanguage } from './default-wheel-words'
import { removeSavedWheels, savedWheelsInLocalStorage } from './saved-wheels-persistence'
import {
  savedWheelsFollowLocalStorage,
  startSavedWheels,
  takeInLocalStorageWheels,
} from './saved-wheels-start'
import { setProblem } from './saved-wheels-state'
import { loadStoredReader, storedReader } from './stored-reader'
import {
  lastStoredMain,
  readStoredWheel,
  type StoredWheel,
  writeStoredWheelState,
} from './wheel-local-storage'
import {
  changesTheKey,
  pick,
  STORAGE_FULL_MESSAGE,
  type Store,
  takenIn,
  UNREAD_MESSAGE,
  writtenWhenIdle,
} from './wheel-store-written'
import { whenIdle } from './when-idle'

// The wheel store's local-storage key, written after each change (coalesced; a big wheel's once the
// page is idle, decision 0066), and other tabs' writes of it followed: every tab adopts the newest
// write at once. A tab writes only a change of its own (decision 0052, addendum of 2026-11-27): one
// that changed nothing never writes its copy over another tab's newer write it has not heard of yet.

let store: Store | null = null
let scheduled = false
let applyingRemote = false
/** This tab changed the state since it last stored it. */
let dirty = false
/**
 * Another tab's write being taken in while the code that reads it loads (this page's start found
 * nothing stored: stored-reader.ts). This tab's own writes wait for it, so that they never replace
 * the other tab's with a copy that has not heard of it; `forceAfter`: a forced write waited.
 */
let adopting: Promise<void> | null = null
let forceAfter = false
/**
 * This tab's wheel store started before it could read what another tab had stored (stored-state.ts).
 * Until that code has loaded it writes nothing, not even when the page is left or the code fails
 * to load: the defaults it shows never go over a write it has not read.
 */
let unread = false
/** Started unread, a load of that code failed and the page said its changes are not saved. */
let saidUnsaved = false
/**
 * That code has loaded since, but the other tab's write could not be read yet (caught mid-way
 * through a big wheel's chunks): the message stays and nothing is written until it reads.
 */
let awaitingRead = false

const FULL = [STORAGE_FULL_MESSAGE]

/**
 * Stores the state when this tab changed it. `force` stores it even so (the saved wheels leave the
 * key, the user declined storage), after taking in another tab's write this tab has not heard of.
 */
function write(force = false, leaving = false): boolean {
  scheduled = false
  if (!store) return false
  if (unread && !storedReader()) {
    forceAfter ||= force
    adoptOnceRead()
    return true
  }
  // Each change tries to read the other tab's write again. The change itself was made before it
  // read, while the page said it is not saved: it is never stored, and the write, once read, is
  // what the key already holds.
  if (awaitingRead) {
    dirty = false
    if (!adoptStored() || !force) return true
  }
  if (!dirty) {
    if (!force) return true
    takeInUnheard()
  }
  // Another tab's write being taken in late (its reader loading): this write follows it. A page
  // being left cannot wait: it writes what it has.
  if (adopting && !leaving) {
    forceAfter ||= force
    return true
  }
  const started = performance.now()
  if (!writeStoredWheelState(pick(store.getState()))) {
    setProblem(STORAGE_FULL_MESSAGE, FULL)
    return false
  }
  dirty = false
  performance.measure?.('whirl:persist', { start: started })
  setProblem(null, FULL)
  return true
}

/** Writes the wheel state now (if this tab changed it) and says whether the browser holds it. */
export const persistWheelStore = (): boolean => write()

// Leaving the page also retries a write the browser refused. `leaving`: it cannot wait for another
// tab's write being taken in; a big wheel's write in idle time does wait for it.
function flushScheduled(leaving = true) {
  if (scheduled || dirty) write(false, leaving)
}

/** Takes in another tab's write of the key that this tab has not heard of (the key differs from what it last read or wrote). */
function takeInUnheard(): void {
  try {
    if (localStorage.getItem(STORE_KEY) === lastStoredMain()) return
  } catch {
    return
  }
  adoptStored()
}

/**
 * Takes in another tab's write of the key: every tab adopts the newest write at once. Says whether
 * the key could be read (false: its reader is still loading, or the other tab is caught mid-way
 * through writing a big wheel's chunks, and its storage event follows).
 */
function adoptStored(heard?: PersistedState): boolean {
  if (!store) return false
  const reader = storedReader()
  if (!reader) {
    adoptOnceRead()
    return false
  }
  let stored: StoredWheel | null = null
  try {
    stored = readStoredWheel()
  } catch {
    return false
  }
  if (stored === null) {
    readIn()
    return true
  }
  const whole = savedWheelsFollowLocalStorage()
  const mine = pick(store.getState())
  const { state, keptMine } = takenIn(mine, reader.parseStoredWheel(stored, true).state, heard, whole)
  applyingRemote = true
  // A tab's next write then already contains what the other tab saved: neither overwrites the
  // other's wheels with a stale copy. Saved wheels in IndexedDB follow through their own channel.
  const { savedWheels, ...rest } = state
  store.setState(whole ? state : rest)
  applyingRemote = false
  // This tab's state is now what is stored, unless the saved wheels it keeps in the key are its own.
  if (whole || !savedWheelsInLocalStorage()) dirty = keptMine
  if (!whole) takeInLocalStorageWheels(savedWheels)
  readIn()
  return true
}

/** Started unread: the page says that its changes are not saved, until the other tab's write is read. */
function sayUnsaved(): void {
  setProblem(UNREAD_MESSAGE, [UNREAD_MESSAGE])
  saidUnsaved = true
}

/** The key has been read (or found empty): a tab that was waiting to read it stores its changes again. */
function readIn(): void {
  if (!awaitingRead) return
  awaitingRead = false
  // What changed while it waited (a big wheel's write put off to idle time) is not stored either.
  dirty = false
  setProblem(null, [UNREAD_MESSAGE])
}

/**
 * Loads the code that reads a stored state, then takes in what the key holds by then, and writes
 * what this tab changed meanwhile (which wins over the other tab's write, part by part: it is
 * newer). Where that code cannot load (the network failed), this tab's changes are written as they
 * are: they are not held back for good. A tab that started unread writes nothing until it has
 * loaded, and says so.
 */
function adoptOnceRead(): void {
  if (adopting || !store) return
  // What this tab holds as it asks for the code: what changes here while it loads is newer than
  // the other tab's write. Not once a tab that started unread has said its changes are not saved:
  // what changed since, even while a later try loads, was made on the defaults and not on the
  // other tab's wheel, and must not replace that wheel when the code finally loads.
  const heard = saidUnsaved ? undefined : pick(store.getState())
  const loaded = loadStoredReader().then(
    () => {},
    () => {},
  )
  adopting = loaded.then(() => {
    adopting = null
    const read = storedReader()
    // Started unread: until the code has loaded, the page says that its changes are not stored,
    // and each change (or the browser back online) tries again; a write refused once it has
    // loaded says so in its turn.
    if (!read && unread) return sayUnsaved()
    // What changed while the page said it is not saved is not stored now either: the other tab's
    // write, taken in whole below, is what the key holds.
    if (saidUnsaved) dirty = false
    // Started unread, this tab never writes over a write it could not read yet (caught mid-way
    // through a big wheel's chunks), even one made while the first try loaded: it says that its
    // changes are not saved until that write reads (its storage event, or the next change here).
    if (read && !adoptStored(heard) && unread) {
      sayUnsaved()
      awaitingRead = true
      dirty = false
      return
    }
    if (unread) setProblem(null, [UNREAD_MESSAGE])
    const force = forceAfter
    forceAfter = false
    if (dirty || force) write(force)
  })
}

/**
 * Starts writing `target` (the wheel store, created from `initial` as read; `fresh` when nothing
 * was stored, `repaired` when what was stored had to be mended) and following other tabs.
 */
export function persistWheelState(
  target: Store,
  {
    initial,
    fresh,
    repaired,
    unread: startedUnread,
  }: { initial: PersistedState; fresh: boolean; repaired: boolean; unread?: boolean },
): void {
  store = target
  // Another tab stored the wheel while this page's code loaded (stored-state.ts): taken in as a
  // write this tab heard of before it changed anything.
  unread = !!startedUnread
  if (unread) adoptOnceRead()
  target.subscribe((state, previous) => {
    if (applyingRemote || !changesTheKey(state, previous)) return
    dirty = true
    if (scheduled) return
    scheduled = true
    if (writtenWhenIdle(state)) whenIdle(() => flushScheduled(false))
    else void Promise.resolve().then(() => write())
  })

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => flushScheduled())
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flushScheduled()
    })
    // Started unread and the code did not load: the browser back online tries again.
    window.addEventListener('online', () => {
      if (unread && !storedReader()) adoptOnceRead()
    })
    window.addEventListener('storage', (event) => {
      // The key as it is now, not the event's value: an event heard late may be older than this tab's write.
      if (event.key === STORE_KEY && event.newValue !== null) takeInUnheard()
    })

    registerDeclinedDataRemover(() => {
      // Another tab's write still being taken in (its reader loading) does not bring the history
      // back: clearing it is a change made after this tab heard of that write, which stays. One
      // this tab is waiting to read is read first, so that the clearing comes after it.
      if (awaitingRead) adoptStored()
      else if (!dirty) takeInUnheard()
      target.setState({ spinHistory: [], savedWheels: [] })
      void removeSavedWheels()
      write(true)
      try {
        localStorage.removeItem(BACKUP_KEY)
      } catch {
        // Storage unavailable: no backup was kept.
      }
    })

    void startSavedWheels(target, initial.savedWheels, write)
    // A state mended when read is stored mended at once, before another tab can write a newer one.
    if (repaired) write(true)
  }

  // A first visit's wheel speaks the page's language once its words are in (stored once changed).
  if (fresh)
    afterParts(() => {
      const { currentWheel } = target.getState()
      // Another tab's write being taken in brings its own wheel. Translated meanwhile, this tab's
      // wheel would count as changed since that write and be kept over it (adoptOnceRead).
      if (currentWheel !== initial.currentWheel || adopting) return
      // Not written (as another tab's change is not): only a change by the user stores the wheel.
      applyingRemote = true
      target.setState({ currentWheel: inPageLanguage(currentWheel) })
      applyingRemote = false
    })
}
