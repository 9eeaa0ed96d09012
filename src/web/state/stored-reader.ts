import { STORE_KEY } from '../../core/storage/keys'

type Reader = typeof import('./stored-read')

/** The code once loaded; false while its last load failed; null before any. */
let reader: Reader | false | null = null
let loading: Promise<Reader> | null = null

/**
 * The code that reads a stored wheel state back (stored-read.ts: its migrations, checks and
 * repairs). A first visit has nothing stored and never loads it, unless another tab stores
 * something meanwhile.
 */
export function loadStoredReader(): Promise<Reader> {
  loading ??= import('./stored-read').then(
    (loaded) => {
      reader = loaded
      return loaded
    },
    (error: unknown) => {
      // Not loaded (the network failed): the next need tries again.
      loading = null
      reader = false
      throw error
    },
  )
  return loading
}

/** That code, once loaded (false: its last load failed). */
export const storedReader = (): Reader | false | null => reader

/**
 * Resolves once the page can read what the browser stored: at once where it stored no wheel
 * state, else once the reader has loaded. The app starts after it (main.tsx), so the wheel store,
 * which reads the stored state as it is created, has its reader, unless another tab stored the
 * state in between (stored-state.ts: `unread`).
 */
export function whenStoredStateReadable(): Promise<unknown> {
  try {
    if (localStorage.getItem(STORE_KEY) === null) return Promise.resolve()
  } catch {
    // Storage unavailable: the wheel store starts from the defaults.
    return Promise.resolve()
  }
  // A reader that cannot load leaves the wheel store to say so (stored-state.ts).
  return loadStoredReader().catch(() => {})
}
