// Whirl's router (decision 0021): a route table with lazily loaded pages, matched against the
// address; a navigation loads the new page's code before it changes the address and the screen, so
// the old page stays until the new one can be shown. It replaces react-router's data router, of
// which the app used only this (about 30 KiB of gzipped first-load JavaScript).
import { type ComponentType, createElement, type ReactNode } from 'react'
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  type HistoryAction,
  type Location,
  type RouterHistory,
  resolveTo,
  type To,
  withBasename,
} from './history'

/** What a lazy route's module may give: a page component or element, and an error element. */
export type RouteModule = { Component?: ComponentType | null; element?: ReactNode; errorElement?: ReactNode }

export type RouteObject = {
  /** Absolute (`/about`) or relative to the parent; `:name` takes a segment, a final `*` the rest. */
  path?: string
  index?: boolean
  element?: ReactNode
  Component?: ComponentType | null
  /** Shown in place of this route (and its children) when they fail to load or throw. */
  errorElement?: ReactNode
  /** Shown until the first page's code has loaded (a client render starting from nothing). */
  hydrateFallbackElement?: ReactNode
  lazy?: () => Promise<RouteModule>
  children?: RouteObject[]
}

export type RouteMatch = { route: RouteObject; params: Record<string, string> }

export type RouterState = {
  location: Location
  action: HistoryAction
  matches: RouteMatch[]
  /** False until the first page's code has loaded. */
  initialized: boolean
  /** A page that failed to load: the error, and the index of the match it belongs to. */
  error: { value: unknown; index: number } | null
}

export type NavigateOptions = { replace?: boolean; state?: unknown }

type Branch = { routes: RouteObject[]; segments: string[]; score: number }

function joinPaths(parent: string, path: string | undefined): string {
  if (!path) return parent
  if (path.startsWith('/')) return path
  return `${parent.replace(/\/+$/, '')}/${path}`
}

function flatten(routes: RouteObject[], parents: RouteObject[] = [], parentPath = '/'): Branch[] {
  return routes.flatMap((route) => {
    const chain = [...parents, route]
    const full = joinPaths(parentPath, route.path)
    const own: Branch[] = []
    if (route.index || (route.path !== undefined && !route.children?.length)) {
      const segments = full.split('/').filter(Boolean)
      // Static segments outrank parameters, which outrank a catch-all (as react-router ranks them).
      const score = segments.reduce((sum, s) => sum + (s === '*' ? -2 : s.startsWith(':') ? 3 : 10), 0)
      own.push({ routes: chain, segments, score: score + (route.index ? 2 : 0) })
    }
    return [...own, ...(route.children ? flatten(route.children, chain, full) : [])]
  })
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

function matchBranch(branch: Branch, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {}
  for (let i = 0; i < branch.segments.length; i += 1) {
    const segment = branch.segments[i] as string
    if (segment === '*') {
      params['*'] = parts.slice(i).map(decode).join('/')
      return params
    }
    const part = parts[i]
    if (part === undefined) return null
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(part)
    else if (segment.toLowerCase() !== decode(part).toLowerCase()) return null
  }
  return parts.length === branch.segments.length ? params : null
}

export function matchRoutes(branches: Branch[], pathname: string): RouteMatch[] {
  const parts = pathname.split('/').filter(Boolean)
  let best: { branch: Branch; params: Record<string, string> } | null = null
  for (const branch of branches) {
    if (best && branch.score <= best.branch.score) continue
    const params = matchBranch(branch, parts)
    if (params) best = { branch, params }
  }
  if (!best) return []
  const params = best.params
  return best.branch.routes.map((route) => ({ route, params }))
}

// A lazy route's module, once loaded, for every router made of the same table.
const loaded = new WeakMap<RouteObject, RouteModule>()
const loading = new WeakMap<RouteObject, Promise<RouteModule>>()

function load(route: RouteObject): Promise<RouteModule> | null {
  if (!route.lazy || loaded.has(route)) return null
  let promise = loading.get(route)
  if (!promise) {
    promise = route.lazy().then(
      (module) => {
        loaded.set(route, module)
        loading.delete(route)
        return module
      },
      (error: unknown) => {
        // Not remembered: the next navigation tries again (the network may be back).
        loading.delete(route)
        throw error
      },
    )
    loading.set(route, promise)
  }
  return promise
}

/** The element a matched route renders: its lazy module's page, else its own. */
export function routeElement(route: RouteObject): ReactNode {
  const module = loaded.get(route)
  const Component = module?.Component ?? route.Component
  if (module?.element !== undefined) return module.element
  if (Component) return createElement(Component)
  return route.element ?? null
}

export function routeErrorElement(route: RouteObject): ReactNode | undefined {
  return loaded.get(route)?.errorElement ?? route.errorElement
}

export class Router {
  state: RouterState
  private readonly branches: Branch[]
  private readonly listeners = new Set<(state: RouterState) => void>()
  private readonly beforeCommit = new Set<(from: Location) => void>()
  private navigation = 0
  private readonly stopListening: () => void
  private readonly ready: Promise<void>

  constructor(
    readonly routes: RouteObject[],
    readonly history: RouterHistory,
    /** The language prefix every address of the app carries ('/es'), '' for English. */
    readonly basename = '',
  ) {
    this.branches = flatten(routes)
    const location = history.location
    const matches = matchRoutes(this.branches, location.pathname)
    const pending = matches.some((m) => m.route.lazy && !loaded.has(m.route))
    this.state = { location, action: 'POP', matches, initialized: !pending, error: null }
    this.ready = pending ? this.go(location, 'POP') : Promise.resolve()
    this.stopListening = history.listen(() => void this.go(history.location, 'POP'))
  }

  /** Resolves once the first page's code has loaded (or failed to). */
  whenReady(): Promise<void> {
    return this.ready
  }

  subscribe(listener: (state: RouterState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Called with the location being left, just before another one is shown (scroll positions). */
  onBeforeCommit(listener: (from: Location) => void): () => void {
    this.beforeCommit.add(listener)
    return () => this.beforeCommit.delete(listener)
  }

  navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
    if (typeof to === 'number') {
      this.history.go(to)
      return Promise.resolve()
    }
    const location = resolveTo(to, this.state.location, options.state ?? null)
    // A link to the address already shown replaces its entry rather than adding a copy.
    const same = createPath(location) === createPath(this.state.location)
    return this.go(location, options.replace || same ? 'REPLACE' : 'PUSH')
  }

  /**
   * Starts loading the code of the page at `to` without showing it (a link the visitor points at
   * or focuses), so that the click shows the page sooner. A load that fails is not kept:
   * the navigation tries again and reports its own failure.
   */
  preload(to: To): void {
    for (const { route } of matchRoutes(this.branches, resolveTo(to, this.state.location).pathname))
      load(route)?.catch(() => {})
  }

  /** The address a link to `to` points at, with the language prefix. */
  href(to: To): string {
    return withBasename(this.basename, createPath(resolveTo(to, this.state.location)))
  }

  dispose(): void {
    this.stopListening()
    this.listeners.clear()
  }

  private async go(location: Location, action: HistoryAction): Promise<void> {
    this.navigation += 1
    const id = this.navigation
    const matches = matchRoutes(this.branches, location.pathname)
    let error: RouterState['error'] = null
    const loads = matches.map((m) => load(m.route))
    for (let i = 0; i < loads.length; i += 1) {
      try {
        await loads[i]
      } catch (value) {
        error ??= { value, index: i }
      }
    }
    // A later navigation (a second click, Back) overtook this one: it decides what is shown.
    if (id !== this.navigation) return
    for (const listener of this.beforeCommit) listener(this.state.location)
    if (action === 'PUSH') this.history.push(location)
    else if (action === 'REPLACE') this.history.replace(location)
    this.state = { location, action, matches, initialized: true, error }
    for (const listener of this.listeners) listener(this.state)
  }
}

export function createBrowserRouter(routes: RouteObject[], options: { basename?: string } = {}): Router {
  return new Router(routes, createBrowserHistory(options.basename), options.basename)
}

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: To[]; initialIndex?: number; basename?: string } = {},
): Router {
  return new Router(
    routes,
    createMemoryHistory(options.initialEntries, options.initialIndex),
    options.basename,
  )
}
