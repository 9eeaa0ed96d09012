// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  PRELOAD_INTENT_MS,
  type RouteObject,
  RouterProvider,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from '.'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function Shell() {
  const { pathname, search, hash } = useLocation()
  return (
    <div>
      <nav>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
        <NavLink to="/w" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Wheels
        </NavLink>
      </nav>
      <p data-testid="where">{`${pathname}${search}${hash}`}</p>
      <Outlet />
    </div>
  )
}

function Params() {
  const { id } = useParams()
  const [query] = useSearchParams()
  return <p>{`wheel ${id} q=${query.get('q')}`}</p>
}

function Problem() {
  const error = useRouteError()
  return <p role="alert">{`failed: ${error instanceof Error ? error.message : String(error)}`}</p>
}

function Go() {
  const navigate = useNavigate()
  return (
    <button type="button" onClick={() => navigate('/w/new#top', { state: { from: 'test' } })}>
      go
    </button>
  )
}

function Broken(): ReactElement {
  throw new Error('render failed')
}

const table = (extra: RouteObject[] = []): RouteObject[] => [
  {
    element: <Shell />,
    errorElement: <Problem />,
    children: [
      { index: true, element: <Link to="/w/a%20b?q=1">Open</Link> },
      { path: '/w/:id', Component: Params },
      { path: '/w/new', element: <p>new wheel</p> },
      ...extra,
      { path: '*', element: <p>not found</p> },
    ],
  },
]

/** A router whose /flaky page fails to load the first time and loads after that. */
function flakyRouter() {
  let attempts = 0
  const router = createMemoryRouter(
    table([
      {
        path: '/flaky',
        lazy: () => {
          attempts += 1
          return attempts === 1
            ? Promise.reject(new Error('chunk missing'))
            : Promise.resolve({ element: <p>flaky page</p> })
        },
      },
    ]),
  )
  return { router, attempts: () => attempts }
}

afterEach(() => {
  cleanup()
  window.history.replaceState(null, '', '/')
})

describe('router', () => {
  it('ranks static segments over parameters over the catch-all, case-insensitively, with decoded params', () => {
    const at = (path: string) => {
      cleanup()
      render(<RouterProvider router={createMemoryRouter(table(), { initialEntries: [path] })} />)
    }
    at('/w/new')
    expect(screen.getByText('new wheel')).toBeTruthy()
    at('/W/New/')
    expect(screen.getByText('new wheel')).toBeTruthy()
    at('/w/x%2Fy?q=z')
    expect(screen.getByText('wheel x/y q=z')).toBeTruthy()
    at('/w/a/b')
    expect(screen.getByText('not found')).toBeTruthy()
  })

  it('a link navigates in the page, marks the current NavLink, and Back returns', async () => {
    const router = createMemoryRouter(table())
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page')
    const open = screen.getByRole('link', { name: 'Open' })
    expect(open.getAttribute('href')).toBe('/w/a%20b?q=1')
    await act(async () => fireEvent.click(open))
    expect(screen.getByText('wheel a b q=1')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Wheels' }).className).toBe('on')
    expect(screen.getByRole('link', { name: 'Home' }).className).toBe('off')
    await act(async () => router.navigate(-1))
    expect(screen.getByTestId('where').textContent).toBe('/')
  })

  it('leaves clicks with a modifier key to the browser', async () => {
    const router = createMemoryRouter(table())
    render(<RouterProvider router={router} />)
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Open' }), { ctrlKey: true }))
    expect(router.state.location.pathname).toBe('/')
  })

  it('keeps the old page until the next page’s code has loaded, and the later of two navigations wins', async () => {
    const slow = deferred<{ element: ReactElement }>()
    const fast = deferred<{ element: ReactElement }>()
    const router = createMemoryRouter(
      table([
        { path: '/slow', lazy: () => slow.promise },
        { path: '/fast', lazy: () => fast.promise },
      ]),
    )
    render(<RouterProvider router={router} />)
    let first: Promise<void> = Promise.resolve()
    let second: Promise<void> = Promise.resolve()
    act(() => {
      first = router.navigate('/slow')
      second = router.navigate('/fast')
    })
    expect(screen.getByTestId('where').textContent).toBe('/')
    await act(async () => {
      fast.resolve({ element: <p>fast page</p> })
      await second
    })
    expect(screen.getByText('fast page')).toBeTruthy()
    await act(async () => {
      slow.resolve({ element: <p>slow page</p> })
      await first
    })
    expect(screen.getByTestId('where').textContent).toBe('/fast')
    expect(screen.queryByText('slow page')).toBeNull()
  })

  it('a link a pointer or the focus stays on loads its page’s code before the click; a pointer passing on to another link does not', async () => {
    vi.useFakeTimers()
    try {
      const asked: string[] = []
      const page = (name: string) => () => {
        asked.push(name)
        return Promise.resolve({ element: <p>{`${name} page`}</p> })
      }
      const router = createMemoryRouter([
        {
          element: <Outlet />,
          children: [
            {
              index: true,
              element: (
                <>
                  <Link to="/pointed">Pointed</Link>
                  <Link to="/passed">Passed</Link>
                  <Link to="/focused">Focused</Link>
                </>
              ),
            },
            { path: '/pointed', lazy: page('pointed') },
            { path: '/passed', lazy: page('passed') },
            { path: '/focused', lazy: page('focused') },
          ],
        },
      ])
      render(<RouterProvider router={router} />)
      const link = (name: string) => screen.getByRole('link', { name })
      fireEvent.pointerEnter(link('Passed'))
      vi.advanceTimersByTime(PRELOAD_INTENT_MS - 10)
      fireEvent.pointerEnter(link('Pointed'))
      vi.advanceTimersByTime(PRELOAD_INTENT_MS - 10)
      expect(asked).toEqual([])
      vi.advanceTimersByTime(10)
      expect(asked).toEqual(['pointed'])
      fireEvent.focus(link('Focused'))
      vi.advanceTimersByTime(PRELOAD_INTENT_MS)
      expect(asked).toEqual(['pointed', 'focused'])
      // The click shows the page from the code already loaded: the page's code is asked for once.
      await act(async () => {
        fireEvent.click(link('Pointed'))
        await vi.runAllTimersAsync()
      })
      expect(screen.getByText('pointed page')).toBeTruthy()
      expect(asked).toEqual(['pointed', 'focused'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('a page whose code failed to load ahead of the click loads on the click', async () => {
    const { router, attempts } = flakyRouter()
    render(<RouterProvider router={router} />)
    router.preload('/flaky')
    await act(async () => {})
    expect(attempts()).toBe(1)
    await act(async () => router.navigate('/flaky'))
    expect(screen.getByText('flaky page')).toBeTruthy()
  })

  it('a page whose code fails to load shows the error element, and loads on the next try', async () => {
    const { router } = flakyRouter()
    render(<RouterProvider router={router} />)
    await act(async () => router.navigate('/flaky'))
    expect(screen.getByRole('alert').textContent).toBe('failed: chunk missing')
    await act(async () => router.navigate('/'))
    await act(async () => router.navigate('/flaky'))
    expect(screen.getByText('flaky page')).toBeTruthy()
  })

  it('a page that throws while rendering shows the error element; another page clears it', async () => {
    const router = createMemoryRouter(table([{ path: '/broken', Component: Broken }]), {
      initialEntries: ['/broken'],
    })
    const quiet = console.error
    console.error = () => {}
    try {
      render(<RouterProvider router={router} />)
      expect(screen.getByRole('alert').textContent).toBe('failed: render failed')
    } finally {
      console.error = quiet
    }
    await act(async () => router.navigate('/w/new'))
    expect(screen.getByText('new wheel')).toBeTruthy()
  })

  it('is not ready until the first page’s code has loaded, and shows the fallback meanwhile', async () => {
    const page = deferred<{ element: ReactElement }>()
    const router = createMemoryRouter(
      [{ path: '/', hydrateFallbackElement: <p>waiting</p>, lazy: () => page.promise }],
      { initialEntries: ['/'] },
    )
    expect(router.state.initialized).toBe(false)
    render(<RouterProvider router={router} />)
    expect(screen.getByText('waiting')).toBeTruthy()
    await act(async () => {
      page.resolve({ element: <p>first page</p> })
      await router.whenReady()
    })
    expect(screen.getByText('first page')).toBeTruthy()
  })

  it('Navigate replaces the entry; navigating to the address shown adds no entry', async () => {
    const router = createMemoryRouter(table([{ path: '/old', element: <Navigate to="/w/new" replace /> }]), {
      initialEntries: ['/', '/old'],
    })
    render(<RouterProvider router={router} />)
    await act(async () => {})
    expect(screen.getByText('new wheel')).toBeTruthy()
    await act(async () => router.navigate('/w/new'))
    await act(async () => router.navigate(-1))
    expect(screen.getByTestId('where').textContent).toBe('/')
  })

  it('the browser router writes history entries with an index, and follows Back', async () => {
    window.history.replaceState(null, '', '/')
    const router = createBrowserRouter(table([{ path: '/go', element: <Go /> }]))
    await act(async () => router.navigate('/go'))
    render(<RouterProvider router={router} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })))
    expect(window.location.pathname + window.location.hash).toBe('/w/new#top')
    expect(window.history.state).toMatchObject({ usr: { from: 'test' }, idx: 2 })
    expect(router.state.location.state).toEqual({ from: 'test' })
    await act(async () => {
      window.history.back()
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
    })
    await act(async () => {})
    expect(screen.getByTestId('where').textContent).toBe('/go')
    router.dispose()
  })
})

describe('browser history', () => {
  it('a plain #hash link gets an entry of its own, after the one it left', async () => {
    window.history.replaceState(null, '', '/')
    const router = createBrowserRouter(table())
    render(<RouterProvider router={router} />)
    await act(async () => router.navigate('/w/new'))
    const before = router.state.location.key
    await act(async () => {
      window.history.pushState(null, '', '#main')
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
    })
    expect(router.state.location.hash).toBe('#main')
    expect(router.state.location.key).not.toBe('default')
    expect(router.state.location.key).not.toBe(before)
    expect(window.history.state).toMatchObject({ idx: 2 })
    router.dispose()
  })
})
