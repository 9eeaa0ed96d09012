import { create } from 'zustand'
import { MAX_CUSTOM_THEMES, mergeThemes, type ThemeSync } from '../../core/sync/themes'
import { strictList, strictStrings } from '../../core/wheel/check-basics'
import { createId } from '../../core/wheel/model'
import { type CustomTheme, strictCustomTheme } from '../../core/wheel/themes'

/**
 * Custom themes (Premium), kept in this browser's local storage and, for premium users, synced to
 * the account like saved wheels (decision 0017): after each change and when the theme panel opens
 * for a premium user, this browser's themes and the ids it removed go to the server, which answers
 * the merged list. A sync that fails changes nothing here; the next one sends everything again.
 */
const KEY = 'whirl-custom-themes'
/** Ids of themes removed here that the account has not yet heard of. */
const DELETED_KEY = 'whirl-custom-themes-deleted'
/** The account this browser's themes were last synced with. */
const ACCOUNT_KEY = 'whirl-custom-themes-account'

/** The list stored under `key` when all of it reads, else none. */
function read<T>(key: string, strict: (value: unknown) => T[] | null): T[] {
  try {
    return strict(JSON.parse(localStorage.getItem(key) ?? '[]')) ?? []
  } catch {
    return []
  }
}

function write(key: string, value: unknown[]): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value))
    return true
  } catch {
    return false
  }
}

type Store = {
  themes: CustomTheme[]
  deleted: string[]
  /** Saves a theme; false when the browser refused to store it or the list is full. */
  add(name: string, colors: string[]): boolean
  remove(id: string): void
}

const inBrowser = typeof window !== 'undefined'

export const useCustomThemes = create<Store>()((set, get) => ({
  themes: inBrowser
    ? read(KEY, (v) => strictList(v, Number.POSITIVE_INFINITY, strictCustomTheme)).slice(0, MAX_CUSTOM_THEMES)
    : [],
  deleted: inBrowser ? read(DELETED_KEY, strictStrings) : [],
  add: (name, colors) => {
    if (get().themes.length >= MAX_CUSTOM_THEMES) return false
    const themes = [...get().themes, { id: createId(), name: name.trim(), colors }]
    if (!write(KEY, themes)) return false
    set({ themes })
    void syncIfEnabled()
    return true
  },
  remove: (id) => {
    const themes = get().themes.filter((t) => t.id !== id)
    const deleted = [...get().deleted.filter((d) => d !== id), id]
    write(KEY, themes)
    write(DELETED_KEY, deleted)
    set({ themes, deleted })
    void syncIfEnabled()
  },
}))

let enabled = false
let account: string | null = null
let running: Promise<void> | null = null
let again = false

/**
 * Turns syncing on for a signed-in premium user (their id) or off (null), and syncs at once when
 * turned on. Themes this browser last synced with another account are that account's: they are
 * let go here (they stay in that account) rather than copied into this one.
 */
export function setCustomThemeSync(userId: string | null): Promise<void> {
  enabled = userId !== null
  account = userId
  if (!userId) return Promise.resolve()
  let previous: string | null = null
  try {
    previous = localStorage.getItem(ACCOUNT_KEY)
  } catch {
    // Storage unavailable: nothing was synced from here.
  }
  if (previous !== null && previous !== userId) {
    write(KEY, [])
    write(DELETED_KEY, [])
    useCustomThemes.setState({ themes: [], deleted: [] })
  }
  return syncCustomThemes()
}

const syncIfEnabled = () => (enabled ? syncCustomThemes() : Promise.resolve())

/** Sends this browser's themes and removals, and keeps the account's merged list. One at a time. */
export function syncCustomThemes(): Promise<void> {
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    do {
      again = false
      const { themes, deleted } = useCustomThemes.getState()
      let merged: ThemeSync
      try {
        // The request's module (and its answer's schema) loads with the first sync, not the page.
        const { themesApi } = await import('../api/themes')
        merged = await themesApi.sync({ themes, deleted })
      } catch {
        return
      }
      // Changes made here while the request was out stay, on top of the account's list.
      const now = useCustomThemes.getState()
      const kept = mergeThemes(merged, { themes: now.themes, deleted: now.deleted })
      const pending = now.deleted.filter((id) => !merged.deleted.includes(id))
      const themesNow = kept.themes.slice(0, MAX_CUSTOM_THEMES)
      write(KEY, themesNow)
      write(DELETED_KEY, pending)
      if (account) {
        try {
          localStorage.setItem(ACCOUNT_KEY, account)
        } catch {
          // Storage unavailable: the themes are kept in memory only.
        }
      }
      useCustomThemes.setState({ themes: themesNow, deleted: pending })
    } while (again)
  })().finally(() => {
    running = null
  })
  return running
}
