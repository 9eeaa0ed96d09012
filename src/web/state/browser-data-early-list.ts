import { registerDeclinedDataRemover } from './declined-data-removers'
import { afterPaint } from './saved-wheels-changes'
import { EARLY_SAVED_LIST, inSaveOrder, type StoredSummary } from './saved-wheels-db'
import { saved } from './saved-wheels-state'
// The code that moves and reads the wheels loads with /saved's, or the page does not load at all
// (an error page that offers a retry): never cards whose every action waits for code that failed.
import './saved-wheels-intake'
import { useWheelStore } from './wheel-store'

// The list shown before the wheels are read goes with them when the user declines storage here or
// in another tab: the cards of wheels just removed do not stay until the read ends.
registerDeclinedDataRemover(() => useWheelStore.setState({ savedSummaries: null }))

/**
 * A fresh load of /saved: the summaries its page read while it was parsed (prerender.tsx,
 * SAVED_LIST_SCRIPT) fill the list now, so the cards are in the page's first render rather than
 * waiting for the database to be opened a second time (startSavedWheels then reads only the
 * wheels). Taken once, and only while nothing has listed the wheels yet and local storage holds
 * none of an older version's: those are moved in first, and the list read would lack them.
 */
export function takeEarlySavedList(): void {
  const holder = window as unknown as Record<string, StoredSummary[] | undefined>
  const rows = holder[EARLY_SAVED_LIST]
  // Left defined (not deleted): a read that ends later keeps nothing (prerender.tsx).
  holder[EARLY_SAVED_LIST] = undefined
  const { savedWheelsLoaded, savedSummaries, savedWheels } = useWheelStore.getState()
  if (!Array.isArray(rows) || savedWheelsLoaded || savedSummaries || savedWheels.length > 0) return
  useWheelStore.setState({ savedSummaries: inSaveOrder(rows) })
}

/** The longest the wheels' read waits for /saved's list: a page that shows none (signed out) lets it go on. */
export const LIST_WAIT_MS = 1000

let listPainted: () => void = () => {}

/**
 * Called by /saved as its code arrives: its actions wait for the wheels, which are then read in
 * larger slices (saved-wheels-start.ts), and only once the page's list has painted
 * (savedListPainted), or after LIST_WAIT_MS. Each slice takes the main thread for tens of ms; those
 * that fell between the page's code and its render kept the cards waiting 100–250 ms.
 */
export function savedWheelsListed(): void {
  saved.listPage = new Promise<void>((resolve) => {
    listPainted = resolve
    setTimeout(resolve, LIST_WAIT_MS)
  })
}

/** /saved's list (its cards, or the words that there are none) is in the page: the read goes on once it has painted. */
export const savedListPainted = (): void => void afterPaint().then(() => listPainted())
