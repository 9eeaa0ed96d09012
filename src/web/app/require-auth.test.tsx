// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from '../router'
import { useAuthModal } from '../state/auth-modal-store'
import { resetSessionForTests, useSessionStore } from '../state/session-store'
import { FakeEventSource, mockFetch, PROFILE } from '../testing/test-helpers'
import { RequireAuth } from './require-auth'
import { RequirePremium } from './require-premium'

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([
    { path: '/', element },
    { path: '/elsewhere', element: <p>Redirected</p> },
    { path: '/subscription', element: <p>Plans page</p> },
  ])
  return render(<RouterProvider router={router} />)
}

const premium = { ...PROFILE, planType: 'monthly' as const, subscriptionStatus: 'active' }

describe('route guards', () => {
  beforeEach(() => {
    resetSessionForTests()
    useAuthModal.setState({ open: false, view: 'login', notice: null })
    vi.stubGlobal('EventSource', FakeEventSource)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows Loading... while the session is checked, then the content for a signed-in user', async () => {
    let answer: (value: Response) => void = () => {}
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)))
    renderAt(<RequireAuth>Secret page</RequireAuth>)
    expect(screen.getByText('Loading...')).toBeTruthy()
    await act(async () => answer(new Response(JSON.stringify({ profile: PROFILE }))))
    expect(await screen.findByText('Secret page')).toBeTruthy()
  })

  it('asks a visitor to sign in, and its button opens the login modal', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: null } } })
    renderAt(<RequireAuth>Secret page</RequireAuth>)
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy()
    expect(screen.getByText('Please sign in to access this feature.')).toBeTruthy()
    expect(screen.queryByText('Secret page')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(useAuthModal.getState()).toMatchObject({ open: true, view: 'login' })
  })

  it('redirects a visitor instead when the route asks for it', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: null } } })
    renderAt(<RequireAuth redirectTo="/elsewhere">Secret page</RequireAuth>)
    expect(await screen.findByText('Redirected')).toBeTruthy()
  })

  it('shows Premium Required to a free user, and unlocks live when the plan changes', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
    renderAt(<RequirePremium>Premium area</RequirePremium>)
    expect(await screen.findByRole('heading', { name: 'Premium Required' })).toBeTruthy()
    expect(
      screen.getByText(
        'This feature is only available for premium subscribers. Upgrade your plan to unlock all features.',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/subscription',
    )
    expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/')
    act(() => FakeEventSource.instances.at(-1)?.emit('profile', premium))
    expect(await screen.findByText('Premium area')).toBeTruthy()
  })

  it('asks a visitor to sign in before anything about premium, and can redirect to the plans', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: null } } })
    renderAt(<RequirePremium>Premium area</RequirePremium>)
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy()
    cleanup()
    resetSessionForTests()
    mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
    renderAt(<RequirePremium redirect>Premium area</RequirePremium>)
    expect(await screen.findByText('Plans page')).toBeTruthy()
  })

  it('locks again when the session ends elsewhere', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: premium } } })
    renderAt(<RequireAuth>Secret page</RequireAuth>)
    expect(await screen.findByText('Secret page')).toBeTruthy()
    act(() => FakeEventSource.instances.at(-1)?.emit('signed-out', {}))
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy()
    expect(useSessionStore.getState()).toEqual({ status: 'signed-out', profile: null })
  })
})
