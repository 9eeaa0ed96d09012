import { SAVED_WHEELS_DB } from '../../core/storage/keys'
import type { Wheel } from '../../core/wheel/model'
import { runDeclinedDataRemovers } from './declined-data-removers'
import { afterPaint, mergeNewer, withinTime } from './saved-wheels-changes'
import { changedHere, keepUnstored } from './saved-wheels-journal'
import { commitSaved, noteChange, savedWheelsDb, schedule, writeWaiting } from './saved-wheels-persistence'
import {
  applySaved,
  CHANNEL,
  markSavedWheelsReady,
  type Notice,
  onSavedWheelsNeeded,
  SAVED_UNREAD_MESSAGE,
  type SavedStore,
  saved,
  setProblem,
  showProblem,
} from './saved-wheels-state'
import * as legacy from './sync-state'

/**
 * The saved wheels at start (decision 0011): read from IndexedDB, moving an older version's
 * local-storage wheels in and letting the local-storage copy go only after reading the new one
 * back; and from then on, following what other tabs write.
 */

/**
 * Items read per task when the page opens. On /saved, whose actions wait for the wheels, 50,000 (5
 * full wheels, about 40 ms to deserialise). On any other page the read only serves cloud sync and
 * runs beside what the user does there (going to /saved among it): 10,000, a few ms a frame.
 */
const READ_BUDGET = 50_000
const BACKGROUND_READ_BUDGET = 10_000
/** Opening the database takes milliseconds; past this it is stuck (a known browser bug), not slow. */
const OPEN_TIMEOUT_MS = 5_000

let lateLocal: readonly Wheel[] | null = null

/**
 * Between two slices of the wheels' read: a frame, and on /saved its list painted first
 * (browser-data-early-list.ts, savedWheelsListed).
 */
const pause = () => afterPaint().then<unknown>(() => saved.listPage)

/**
 * Another tab wrote the wheel store's local-storage key, with these saved wheels. Where this tab
 * keeps its saved wheels in local storage for good ('local'), that list is the truth and the
 * caller takes it whole. Otherwise it can only add: a tab of an older version, or one without
 * IndexedDB, may have saved wheels this tab does not know, and they are taken in (a newer copy
 * replaces an older one); a wheel missing there is never a removal here. While this tab is still
 * starting, the list waits until its own wheels are read.
 */
export function takeInLocalStorageWheels(wheels: readonly Wheel[]): void {
  if (saved.mode === 'starting') {
    lateLocal = wheels
    if (wheels.length > 0) wakeUp()
  } else if (saved.mode === 'indexeddb') mergeIn(wheels)
}

/** Whether another tab's local-storage write replaces this tab's saved wheels ('local' mode). */
export const savedWheelsFollowLocalStorage = (): boolean => saved.mode === 'local'

function mergeIn(wheels: readonly Wheel[]) {
  const { store } = saved
  if (!store || wheels.length === 0) return
  const merged = mergeNewer(store.getState().savedWheels, wheels, saved.tombstones.list())
  // Not as a remote change: these wheels are new to the database too, so they are written.
  if (merged) store.setState({ savedWheels: merged })
}

/** Another tab removed the saved wheels: this one lets go of its copy and stops syncing. */
function clearedInOtherTab() {
  saved.clearingForOtherTab = true
  try {
    runDeclinedDataRemovers()
  } finally {
    saved.clearingForOtherTab = false
  }
}

/**
 * Loads the code the start needs. Where it fails to load (the network gone, here or earlier in the
 * visit on another page), the page says that the saved wheels could not be read, and the next need
 * of them (a page or a Save asking for them, another tab's change, the browser back online; or one
 * that came while the try loaded) tries again. Meanwhile they stay unread, as while the start runs:
 * nothing is written over them, no save is said to be stored, and what is saved waits in the
 * wheel's key.
 */
async function whenLoaded<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    let asked = false
    wakeUp = () => {
      asked = true
    }
    try {
      return await load()
    } catch {
      setProblem(SAVED_UNREAD_MESSAGE, [])
      if (!asked)
        await new Promise<void>((resolve) => {
          wakeUp = () => resolve()
          addEventListener('online', wakeUp, { once: true })
        })
      setProblem(null, [SAVED_UNREAD_MESSAGE])
    }
  }
}

/** Set when the saved wheels are needed before the wait for them began. */
let needed = false
let wakeUp: () => void = () => {
  needed = true
}

/**
 * Whether this browser may hold saved wheels: false only for a first visit, which has no saved
 * wheels in local storage, no older version's sync records and no database (the browser's own
 * list says so; where it has none, the database is opened as before).
 */
async function mayHoldSavedWheels(fromLocalStorage: readonly Wheel[]): Promise<boolean> {
  if (fromLocalStorage.length > 0 || legacy.readSyncState() || legacy.readDeletedWheels().length > 0)
    return true
  try {
    return (await indexedDB.databases()).some((db) => db.name === SAVED_WHEELS_DB)
  } catch {
    return true
  }
}

/**
 * Starts persistence for the wheel store: reads the saved wheels, migrating an older version's,
 * and from then on writes each change. `fromLocalStorage` are the saved wheels the store read from
 * its local-storage key; `persist` writes that key now (`force`: even if this tab changed nothing
 * else) and says whether the browser holds it.
 */
export async function startSavedWheels(
  target: SavedStore,
  fromLocalStorage: readonly Wheel[],
  persist: (force?: boolean) => boolean,
): Promise<void> {
  saved.store = target
  saved.persistLocal = persist
  // A problem met before this store was handed over (the wheel's own storage) shows now.
  showProblem()
  onSavedWheelsNeeded(() => wakeUp())
  const started = performance.now()
  target.subscribe((state, previous) => {
    if (saved.source === 'stored' || state.savedWheels === previous.savedWheels) return
    const put = noteChange(state.savedWheels, previous.savedWheels)
    // Only this tab's own changes are kept aside when it is left: the account has the cloud's.
    if (saved.source === 'here') changedHere(put)
    if (saved.dirtyPut.size > 0 || saved.dirtyRemove.size > 0) wakeUp()
    // Wheels from the cloud are written once, in one transaction with the sync record that goes
    // with them (cloud sync stores it right after: storeSyncRecord), not a moment later on their own.
    if (saved.source === 'here' && saved.mode === 'indexeddb') schedule()
  })
  // Other tabs' changes are heard from the start; those that arrive before the wheels are read
  // wait for them.
  const early: Notice[] = []
  // Read with the code that reads the wheels (saved-wheels-intake.ts), loaded before the wheels
  // are read: until then notices wait in `early`.
  let follow: (notice: Notice) => void = () => {}
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL)
  saved.channel = channel
  if (channel)
    channel.onmessage = (event: MessageEvent<Notice>) => {
      if (event.data.cleared) clearedInOtherTab()
      else if (saved.mode === 'indexeddb') follow(event.data)
      else {
        early.push(event.data)
        wakeUp()
      }
    }
  // A first visit has nothing stored: the database (and its code) waits for the first saved wheel,
  // another tab's, cloud sync or a page that asks for the saved wheels (decision 0054).
  // A page that asks for them meanwhile (/saved, as its code loads) does not wait for that check.
  if (!needed) {
    const wanted = new Promise<true>((resolve) => {
      wakeUp = () => resolve(true)
    })
    if (!(await Promise.race([mayHoldSavedWheels(fromLocalStorage), wanted]))) {
      target.setState({ savedWheelsLoaded: true })
      await wanted
    }
  }
  wakeUp = () => {}
  const [
    { openSavedWheelsDb, readSaved, readSummaries },
    { migrateFromLocalStorage: migrate, takeLeftWheels, followOtherTab },
  ] = await whenLoaded(() => Promise.all([savedWheelsDb(), import('./saved-wheels-intake')]))
  follow = (notice) => void followOtherTab(notice)
  const opened = await withinTime(openSavedWheelsDb(), OPEN_TIMEOUT_MS)
  const { db } = opened
  saved.db = db
  const { dirtyPut, dirtyRemove, tombstones } = saved
  // Each throw below only leads to the catch's fallback: their messages are never shown (kept short,
  // as /wheel's first visit has no bytes to spare).
  try {
    if (!db) throw new Error('no IndexedDB')
    // The list first (small), so /saved shows every card while the wheels themselves are read. With
    // no wheels to move in, the move adds none to it: the list is read beside the move's check.
    // Listed already where /saved's page read the list as it was parsed (browser-data-early-list.ts).
    const listing = !target.getState().savedWheelsLoaded
    const listed = target.getState().savedSummaries
    // The wheels to move in: the key's, with those saved while the start waited, which wait there
    // too; none where the user declined storage meanwhile (they were removed: never written back).
    const moving = target.getState().savedWheels
    const summaries = listing && !listed && moving.length === 0 ? readSummaries(db) : null
    summaries?.catch(() => {})
    const moved = await migrate(db, moving)
    if (!moved) throw new Error('not read back')
    if (listing) {
      // Listed already: kept as it is now (gone if the user declined storage meanwhile).
      target.setState({
        savedSummaries: listed ? target.getState().savedSummaries : await (summaries ?? readSummaries(db)),
      })
      // The cards paint before the wheels themselves are deserialised.
      await pause()
    }
    const budget = saved.listPage ? READ_BUDGET : BACKGROUND_READ_BUDGET
    const snapshot = await readSaved(db, { budget, pause })
    for (const row of snapshot.wheels) saved.seqs.set(row.id, row.seq)
    saved.nextSeq = snapshot.wheels.reduce((top, r) => Math.max(top, r.seq), 0) + 1
    saved.syncRecord = snapshot.sync
    tombstones.stored(snapshot.deleted)
    // Changes made while the database was opening win over what it held.
    const memory = new Map(target.getState().savedWheels.map((w) => [w.id, w]))
    const list = snapshot.wheels
      .filter((r) => !dirtyRemove.has(r.id))
      .map((r) => (dirtyPut.has(r.id) ? (memory.get(r.id) ?? r.wheel) : r.wheel))
    const known = new Set(list.map((w) => w.id))
    for (const id of dirtyPut) {
      const wheel = memory.get(id)
      if (wheel && !known.has(id)) list.push(wheel)
    }
    saved.mode = 'indexeddb'
    applySaved({ savedWheels: list, savedWheelsLoaded: true, savedSummaries: null }, 'stored')
    // The local-storage copy goes only now that the new one has been read back.
    persist(moving.length > 0)
    legacy.clearSyncState()
    // What other tabs changed while this one was reading is read again now.
    for (const notice of early.splice(0)) follow(notice)
    if (lateLocal) mergeIn(lateLocal)
    lateLocal = null
    // Wheels a page was left with before they were stored (this tab's last visit, or another's).
    mergeIn(takeLeftWheels())
    // For the storage bench: how long opening (and migrating) took.
    performance.measure?.('whirl:saved-wheels-ready', { start: started })
    markSavedWheelsReady()
    if (dirtyPut.size > 0 || dirtyRemove.size > 0 || tombstones.pending()) schedule()
    // A change still waiting when the tab is hidden or closed is written at once, and kept in local
    // storage too until it is stored: the browser may drop the write of a page being left.
    const flush = () => {
      keepUnstored()
      if (writeWaiting() && saved.mode === 'indexeddb') void commitSaved()
    }
    addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush()
    })
  } catch {
    db?.close()
    saved.db = null
    saved.mode = 'local'
    saved.syncRecord = legacy.readSyncState()
    // Deletions made while the database was opening are kept where this mode keeps them.
    const { deletedAdd } = tombstones.take()
    if (deletedAdd.length > 0) legacy.recordDeletedWheels(deletedAdd)
    target.setState({ savedWheelsLoaded: true })
    // The database may well hold wheels: say so rather than show an empty list as if it were all.
    if (opened.timedOut) setProblem(SAVED_UNREAD_MESSAGE, [])
    // Another tab's local-storage write while this one was starting: take in what it adds.
    if (lateLocal) mergeIn(lateLocal)
    lateLocal = null
    markSavedWheelsReady()
  }
}
