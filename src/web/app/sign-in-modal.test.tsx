// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetGoogleConfigForTests } from '../features/auth/google-button'
import { createMemoryRouter, RouterProvider } from '../router'
import { openAuthModal, useAuthModal } from '../state/auth-modal-store'
import { resetSessionForTests, useSessionStore } from '../state/session-store'
import { FakeEventSource, mockFetch, PROFILE } from '../testing/test-helpers'
import { AccountButton } from './account-button'
import { SignInModalHost } from './sign-in-modal-host'

function renderApp() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <AccountButton />
          <SignInModalHost />
        </>
      ),
    },
  ])
  return render(<RouterProvider router={router} />)
}

const dialog = () => screen.getByRole('dialog')
const type = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } })
const submit = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }))
const alertText = () => within(dialog()).queryByRole('alert')?.textContent ?? null

async function openFromHeader() {
  const button = await screen.findByRole('button', { name: 'Sign In' })
  button.focus()
  fireEvent.click(button)
  await screen.findByRole('dialog')
  return button
}

describe('sign-in modal', () => {
  beforeEach(() => {
    resetSessionForTests()
    resetGoogleConfigForTests()
    useAuthModal.setState({ open: false, view: 'login', notice: null })
    FakeEventSource.instances = []
    vi.stubGlobal('EventSource', FakeEventSource)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('opens in login mode from the header and asks for both fields', async () => {
    mockFetch({
      'GET /api/session': { body: { profile: null } },
      'GET /api/auth-config': { body: { google: true } },
    })
    renderApp()
    await openFromHeader()
    expect(within(dialog()).getByRole('heading', { name: 'Sign In' })).toBeTruthy()
    expect(within(dialog()).getByLabelText('Email Address').getAttribute('type')).toBe('email')
    expect(within(dialog()).getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
    submit('Sign In')
    expect(alertText()).toBe('Please fill in all fields')
    type('Email Address', 'a')
    expect(alertText()).toBeNull()
  })

  it('checks registration in the spec’s order, with its messages', async () => {
    mockFetch({
      'GET /api/session': { body: { profile: null } },
      'GET /api/auth-config': { body: { google: true } },
    })
    renderApp()
    await openFromHeader()
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Sign up' }))
    expect(within(dialog()).getByRole('heading', { name: 'Create Account' })).toBeTruthy()
    expect(document.activeElement).toBe(within(dialog()).getByLabelText('Display Name'))

    const steps: [string, string, string][] = [
      ['Display Name', '   ', 'Display name is required'],
      ['Display Name', 'Ada', 'Email is required'],
      ['Email Address', 'ada@example.com', 'Password must be at least 8 characters long'],
      ['Password', 'secret1', 'Password must be at least 8 characters long'],
      ['Password', 'secret12', 'Passwords do not match'],
    ]
    for (const [label, value, message] of steps) {
      type(label, value)
      submit('Create Account')
      expect(alertText()).toBe(message)
    }
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Sign in' }))
    expect(within(dialog()).getByRole('heading', { name: 'Sign In' })).toBeTruthy()
  })

  it('shows and hides each password', async () => {
    mockFetch({
      'GET /api/session': { body: { profile: null } },
      'GET /api/auth-config': { body: { google: true } },
    })
    renderApp()
    await openFromHeader()
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Sign up' }))
    const password = within(dialog()).getByLabelText('Password')
    expect(password.getAttribute('type')).toBe('password')
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Show password' }))
    expect(password.getAttribute('type')).toBe('text')
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Hide password' }))
    expect(password.getAttribute('type')).toBe('password')
    expect(within(dialog()).getByRole('button', { name: 'Show confirm password' })).toBeTruthy()
  })

  it('shows the server’s error in the red box, keeps the form open, and clears it on typing', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: null } },
      'GET /api/auth-config': { body: { google: true } },
      'POST /api/account/login': {
        status: 401,
        body: { error: 'The email or password is not correct. Please try again.' },
      },
    })
    renderApp()
    await openFromHeader()
    type('Email Address', ' ada@example.com ')
    type('Password', 'wrong')
    submit('Sign In')
    await waitFor(() => expect(alertText()).toBe('The email or password is not correct. Please try again.'))
    expect(calls.find((c) => c.url === '/api/account/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'wrong',
    })
    expect(within(dialog()).getByLabelText('Password')).toBeTruthy()
    type('Password', 'wrong2')
    expect(alertText()).toBeNull()
  })

  it('signs in, closes, and shows the name in the header, which takes the focus from the gone Sign In', async () => {
    mockFetch({
      'GET /api/session': { body: { profile: null } },
      'GET /api/auth-config': { body: { google: true } },
      'POST /api/account/login': { body: { profile: PROFILE } },
    })
    renderApp()
    const opener = await openFromHeader()
    type('Email Address', 'ada@example.com')
    type('Password', 'secret1')
    submit('Sign In')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(opener.isConnected).toBe(false)
    const name = await screen.findByTestId('account-name')
    await waitFor(() => expect(document.activeElement).toBe(name))
    expect(name.textContent).toBe('Ada')
    expect(name.getAttribute('href')).toBe('/profile')
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/profile/stream'])
  })

  it('closes with Escape, the X and the backdrop, and gives focus back', async () => {
    mockFetch({
      'GET /api/session': { body: { profile: null } },
      'GET /api/auth-config': { body: { google: true } },
    })
    renderApp()
    const opener = await openFromHeader()
    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(opener)

    fireEvent.click(opener)
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close dialog' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(opener)
    await screen.findByRole('dialog')
    const backdrop = document.querySelector('[aria-hidden="true"].absolute') as HTMLElement
    fireEvent.click(backdrop)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows no Google button (and no "or") when Google sign-in is not set up on the server', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: null } },
      'GET /api/auth-config': { body: { google: false } },
    })
    renderApp()
    await openFromHeader()
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth-config')).toBe(true))
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    await within(dialog()).findByRole('button', { name: 'Sign In' })
    expect(within(dialog()).queryByRole('button', { name: /Google/ })).toBeNull()
    expect(within(dialog()).queryByText('or')).toBeNull()
  })

  it('shows the profile view when signed in, with plan, member since and status', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
    renderApp()
    await screen.findByTestId('account-name')
    act(() => openAuthModal())
    const view = await screen.findByRole('dialog')
    expect(within(view).getByText('Free Plan')).toBeTruthy()
    expect(within(view).getByText('July 26, 2025')).toBeTruthy()
    expect(within(view).getByText('Inactive')).toBeTruthy()
    expect(within(view).getByTestId('status-dot').className).toContain('bg-slate-400')
    act(() =>
      useSessionStore.setState({
        profile: { ...PROFILE, planType: 'monthly', subscriptionStatus: 'active' },
      }),
    )
    expect(within(view).getByText('Premium')).toBeTruthy()
    expect(within(view).getByText('Active')).toBeTruthy()
    expect(within(view).getByTestId('status-dot').className).toContain('bg-green-500')
  })
})
