import { registerDeclinedDataRemover } from './declined-data-removers'
import { EARLY_SAVED_LIST, inSaveOrder, type StoredSummary } from './saved-wheels-db'
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
