import {
  type AnchorHTMLAttributes,
  Component,
  createContext,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react'
import { t } from '../i18n/i18n'
import { type Location, resolveTo, type To } from './history'
import {
  type NavigateOptions,
  type RouteMatch,
  type Router,
  type RouterState,
  routeElement,
  routeErrorElement,
} from './router'

const RouterContext = createContext<{ router: Router; state: RouterState } | null>(null)
const OutletContext = createContext<ReactNode>(null)
const ErrorContext = createContext<unknown>(undefined)

/** The router and its state, for this folder's components. */
export function useRouter(): { router: Router; state: RouterState } {
  const value = useContext(RouterContext)
  if (!value) throw new Error('A router hook was used outside <RouterProvider>')
  return value
}

export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state)
  useEffect(() => {
    // A navigation renders as a transition, as react-router's did: a page already on screen stays
    // responsive, and nothing already shown falls back to a loading state while the next one renders.
    const unsubscribe = router.subscribe((next) => startTransition(() => setState(next)))
    setState(router.state)
    return unsubscribe
  }, [router])
  const value = useMemo(() => ({ router, state }), [router, state])
  if (!state.initialized) return <>{state.matches[0]?.route.hydrateFallbackElement ?? null}</>
  return (
    <RouterContext.Provider value={value}>
      {state.matches.length ? renderMatch(state, 0) : <DefaultError error={new Error('No route matches')} />}
    </RouterContext.Provider>
  )
}

function renderMatch(state: RouterState, index: number): ReactNode {
  const match = state.matches[index] as RouteMatch
  const errorElement = routeErrorElement(match.route)
  // A page that failed to load shows the nearest error element at or above it.
  const failedBelow =
    state.error &&
    state.error.index >= index &&
    (errorElement !== undefined || index === 0) &&
    !state.matches
      .slice(index + 1, state.error.index + 1)
      .some((m) => routeErrorElement(m.route) !== undefined)
  if (failedBelow && state.error) {
    return (
      <ErrorContext.Provider value={state.error.value}>
        {errorElement ?? <DefaultError error={state.error.value} />}
      </ErrorContext.Provider>
    )
  }
  const outlet = index + 1 < state.matches.length ? renderMatch(state, index + 1) : null
  const element = <OutletContext.Provider value={outlet}>{routeElement(match.route)}</OutletContext.Provider>
  if (errorElement === undefined && index > 0) return element
  return (
    <RouteErrorBoundary location={state.location} fallback={errorElement}>
      {element}
    </RouteErrorBoundary>
  )
}

class RouteErrorBoundary extends Component<
  { location: Location; fallback: ReactNode | undefined; children: ReactNode },
  { error: unknown; location: Location }
> {
  override state = { error: undefined as unknown, location: this.props.location }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: { error: unknown; location: Location },
  ): { error: unknown; location: Location } | null {
    // Another page clears the error: the visitor can navigate away from a broken page.
    if (props.location.key !== state.location.key) return { error: undefined, location: props.location }
    return null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (this.props.fallback === undefined) console.error(error, info.componentStack)
  }

  override render() {
    if (this.state.error === undefined) return this.props.children
    return (
      <ErrorContext.Provider value={this.state.error}>
        {this.props.fallback ?? <DefaultError error={this.state.error} />}
      </ErrorContext.Provider>
    )
  }
}

function DefaultError({ error }: { error: unknown }) {
  return (
    <div role="alert" style={{ padding: '2rem', fontFamily: 'system-ui' }}>
      <h1>{t('Unexpected Application Error')}</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </div>
  )
}

export function Outlet() {
  return <>{useContext(OutletContext)}</>
}

export function useRouteError(): unknown {
  return useContext(ErrorContext)
}

export function useLocation(): Location {
  return useRouter().state.location
}

export function useParams<
  T extends Record<string, string | undefined> = Record<string, string | undefined>,
>(): T {
  const { matches } = useRouter().state
  return (matches[matches.length - 1]?.params ?? {}) as T
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const { router } = useRouter()
  return useMemo(
    () => (to: To | number, options?: NavigateOptions) => {
      void router.navigate(to, options)
    },
    [router],
  )
}

export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: NavigateOptions) => void,
] {
  const { router, state } = useRouter()
  const search = state.location.search
  const params = useMemo(() => new URLSearchParams(search), [search])
  const set = useMemo(
    () => (next: URLSearchParams, options?: NavigateOptions) => {
      const query = next.toString()
      void router.navigate({ search: query ? `?${query}` : '' }, options)
    },
    [router],
  )
  return [params, set]
}

export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const { router } = useRouter()
  useEffect(() => {
    void router.navigate(to, { replace, state })
  }, [router, to, replace, state])
  return null
}

/** A link's own handlers of the pointer and the focus (the page's code loads on them): not given by callers. */
type PreloadHandlers = 'onPointerEnter' | 'onFocus'

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | PreloadHandlers> & {
  to: To
  replace?: boolean
  state?: unknown
  /** A full page load instead of a client-side navigation. */
  reloadDocument?: boolean
  ref?: Ref<HTMLAnchorElement>
}

/** Whether a click on a link should be left to the browser (new tab, download, modifier keys). */
function browserHandles(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== undefined && target !== '_self')
  )
}

/**
 * How long a pointer or the keyboard's focus is on a link, and on no other, before its page's code
 * starts loading: a pointer sweeping across the header loads one page at most, and the wait is
 * short beside the time a visitor takes to click.
 */
export const PRELOAD_INTENT_MS = 50

/** The wait of the one link a pointer or the focus last came to (one at a time on a page). */
let intent: ReturnType<typeof setTimeout> | undefined

/**
 * A link's handlers that load its page when the visitor means to open it: a pointer (a finger's
 * too, as it touches) or the keyboard's focus that stays on it for PRELOAD_INTENT_MS. Only the last
 * link reached loads, so a pointer sweeping across the header loads one page's code at most.
 */
function preloading(router: Router, to: To) {
  const soon = () => {
    clearTimeout(intent)
    intent = setTimeout(() => router.preload(to), PRELOAD_INTENT_MS)
  }
  return { onPointerEnter: soon, onFocus: soon }
}

export function Link({ to, replace, state, reloadDocument, onClick, target, ref, ...rest }: LinkProps) {
  const { router } = useRouter()
  const href = router.href(to)
  return (
    <a
      {...rest}
      {...preloading(router, to)}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (reloadDocument || browserHandles(event, target)) return
        event.preventDefault()
        void router.navigate(to, { replace, state })
      }}
    />
  )
}

type NavState = { isActive: boolean; isPending: boolean }

export type NavLinkProps = Omit<LinkProps, 'className' | 'children'> & {
  end?: boolean
  className?: string | ((state: NavState) => string)
  children?: ReactNode | ((state: NavState) => ReactNode)
}

/** A Link that knows when its page is shown: `aria-current="page"` and an active class. */
export function NavLink({ end, className, children, ...rest }: NavLinkProps) {
  const { state } = useRouter()
  const target = resolveTo(rest.to, state.location)
    .pathname.toLowerCase()
    .replace(/(.)\/+$/, '$1')
  const current = state.location.pathname.toLowerCase().replace(/(.)\/+$/, '$1')
  const isActive =
    current === target ||
    (!end && target !== '/' && current.startsWith(target) && current.charAt(target.length) === '/')
  const nav = { isActive, isPending: false }
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(nav) : className}
    >
      {typeof children === 'function' ? children(nav) : children}
    </Link>
  )
}
