// The browser's history, or one kept in memory (tests, prerendering), behind one small interface.
// Entries carry `{ usr, key, idx }` in history.state: `idx` tells the Back button whether this
// tab has a previous page of ours, `key` tells scroll restoration which entry it is returning to.

export type Location = {
  pathname: string
  search: string
  hash: string
  /** The `state` given to navigate() or <Link>, or null. */
  state: unknown
  /** Unique per history entry ('default' only for a memory history's first entry). */
  key: string
}

export type To = string | { pathname?: string; search?: string; hash?: string }

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE'

export interface RouterHistory {
  readonly location: Location
  readonly action: HistoryAction
  push(location: Location): void
  replace(location: Location): void
  go(delta: number): void
  /** Calls back after back/forward moved to another entry; returns the unsubscribe. */
  listen(onPop: () => void): () => void
}

type EntryState = { usr: unknown; key: string; idx: number }

export function newKey(): string {
  return Math.random().toString(36).slice(2, 10)
}

/** `to` against the current location: absolute paths as given, a bare `?x`/`#y` keeps the path. */
export function resolveTo(
  to: To,
  from: Pick<Location, 'pathname' | 'search'>,
  state: unknown = null,
): Location {
  const parts = typeof to === 'string' ? parsePath(to) : to
  const pathname = parts.pathname || from.pathname
  return {
    pathname: pathname.startsWith('/') ? pathname : joinRelative(from.pathname, pathname),
    search: parts.search ?? (parts.pathname ? '' : from.search),
    hash: parts.hash ?? '',
    state,
    key: newKey(),
  }
}

export function parsePath(path: string): { pathname?: string; search?: string; hash?: string } {
  const out: { pathname?: string; search?: string; hash?: string } = {}
  let rest = path
  const hashAt = rest.indexOf('#')
  if (hashAt >= 0) {
    out.hash = rest.slice(hashAt)
    rest = rest.slice(0, hashAt)
  }
  const searchAt = rest.indexOf('?')
  if (searchAt >= 0) {
    out.search = rest.slice(searchAt)
    rest = rest.slice(0, searchAt)
  }
  if (rest) out.pathname = rest
  return out
}

function joinRelative(base: string, relative: string): string {
  const segments = base.split('/').slice(0, -1)
  for (const part of relative.split('/')) {
    if (part === '..') segments.pop()
    else if (part !== '.') segments.push(part)
  }
  return segments.join('/') || '/'
}

export function createPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const search = location.search && location.search !== '?' ? location.search : ''
  const hash = location.hash && location.hash !== '#' ? location.hash : ''
  return `${location.pathname}${search}${hash}`
}

/** An app path at its address under a prefix: ('/es', '/wheel') → '/es/wheel', ('/es', '/') → '/es'. */
export function withBasename(basename: string, path: string): string {
  if (!basename) return path
  return path === '/' || path.startsWith('/?') || path.startsWith('/#')
    ? `${basename}${path.slice(1)}`
    : `${basename}${path}`
}

/** The app path of an address under a prefix ('/es/wheel' → '/wheel'); other addresses as they are. */
function withoutBasename(basename: string, pathname: string): string {
  if (!basename) return pathname
  if (pathname.toLowerCase() === basename) return '/'
  return pathname.toLowerCase().startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname
}

/** The browser's history; with a basename ('/es'), the app sees and makes paths without it. */
export function createBrowserHistory(basename = ''): RouterHistory {
  const read = (): { location: Location; idx: number } => {
    const state = window.history.state as Partial<EntryState> | null
    const { search, hash } = window.location
    const pathname = withoutBasename(basename, window.location.pathname)
    return {
      location: { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' },
      idx: state?.idx ?? 0,
    }
  }
  let { location, idx } = read()
  let action: HistoryAction = 'POP'
  // The entry the app opened on gets a key and an index of its own (kept across a reload), so later
  // entries count from it and a scroll position saved for it is never read for another entry.
  if ((window.history.state as Partial<EntryState> | null)?.idx == null) {
    location = { ...location, key: newKey() }
    window.history.replaceState({ ...window.history.state, usr: location.state, key: location.key, idx }, '')
  }
  const write = (next: Location, nextIdx: number, method: 'pushState' | 'replaceState') => {
    const entry: EntryState = { usr: next.state, key: next.key, idx: nextIdx }
    try {
      window.history[method](entry, '', withBasename(basename, createPath(next)))
    } catch {
      // Safari limits pushState to 100 calls in 30 s; a full load still reaches the page.
      window.location.assign(withBasename(basename, createPath(next)))
      return
    }
    location = next
    idx = nextIdx
  }
  return {
    get location() {
      return location
    },
    get action() {
      return action
    },
    push(next) {
      action = 'PUSH'
      write(next, idx + 1, 'pushState')
    },
    replace(next) {
      action = 'REPLACE'
      write(next, idx, 'replaceState')
    },
    go: (delta) => window.history.go(delta),
    listen(onPop) {
      const handler = () => {
        const previous = idx
        ;({ location, idx } = read())
        // A plain `#hash` link (the skip link) made this entry without our state: give it a key of
        // its own and the next index, so it is not mistaken for the entry the app opened on.
        if ((window.history.state as Partial<EntryState> | null)?.idx == null) {
          location = { ...location, key: newKey() }
          idx = previous + 1
          window.history.replaceState({ usr: null, key: location.key, idx }, '')
        }
        action = 'POP'
        onPop()
      }
      window.addEventListener('popstate', handler)
      return () => window.removeEventListener('popstate', handler)
    },
  }
}

export function createMemoryHistory(initialEntries: To[] = ['/'], initialIndex?: number): RouterHistory {
  const root = { pathname: '/', search: '' }
  const entries = initialEntries.map((to, i) => ({
    ...resolveTo(to, root),
    key: i === 0 ? 'default' : newKey(),
  }))
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1)
  let action: HistoryAction = 'POP'
  const listeners = new Set<() => void>()
  return {
    get location() {
      return entries[index] as Location
    },
    get action() {
      return action
    },
    push(next) {
      action = 'PUSH'
      index += 1
      entries.splice(index, entries.length - index, next)
    },
    replace(next) {
      action = 'REPLACE'
      entries[index] = next
    },
    go(delta) {
      const target = Math.min(Math.max(index + delta, 0), entries.length - 1)
      if (target === index) return
      index = target
      action = 'POP'
      for (const listener of listeners) listener()
    },
    listen(onPop) {
      listeners.add(onPop)
      return () => listeners.delete(onPop)
    },
  }
}
