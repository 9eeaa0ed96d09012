// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from '../../router'
import { resetSessionForTests, useSessionStore } from '../../state/session-store'
import { FakeEventSource, mockFetch, PROFILE } from '../../testing/test-helpers'
import { Component as ProfilePage } from './profile-page'

function renderProfile() {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/profile'] },
  )
  return render(<RouterProvider router={router} />)
}

describe('profile page', () => {
  beforeEach(() => {
    resetSessionForTests()
    vi.stubGlobal('EventSource', FakeEventSource)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows a spinner until the profile is loaded, then the details', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
    renderProfile()
    expect(screen.getByRole('heading', { name: 'User Profile' })).toBeTruthy()
    expect(screen.getByRole('status')).toBeTruthy()
    expect(await screen.findByText('ada@example.com')).toBeTruthy()
    expect(screen.getByText('July 26, 2025')).toBeTruthy()
    expect(screen.getByTestId('plan-name').textContent).toBe('Free')
    expect(screen.getByTestId('subscription-status').textContent).toBe(
      'Inactive (Free plan, no subscription)',
    )
    expect(screen.getByText('Free Plan')).toBeTruthy()
  })

  it('edits the display name inline with Save Changes and Cancel', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'PATCH /api/profile': { body: { profile: { ...PROFILE, displayName: 'Countess' } } },
    })
    renderProfile()
    fireEvent.click(await screen.findByRole('button', { name: 'Edit display name' }))
    const input = screen.getByPlaceholderText('Enter display name') as HTMLInputElement
    expect(input.value).toBe('Ada')
    fireEvent.change(input, { target: { value: '  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(screen.getByRole('alert').textContent).toBe('Display name is required')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByPlaceholderText('Enter display name')).toBeNull()
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: 'Edit display name' }))
    fireEvent.change(screen.getByPlaceholderText('Enter display name'), { target: { value: ' Countess ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Countess')).toBeTruthy()
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ displayName: 'Countess' })
    expect(useSessionStore.getState().profile?.displayName).toBe('Countess')
  })

  it('says Not set for an empty name and N/A for an unknown date', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: { ...PROFILE, displayName: '', createdAt: '' } } } })
    renderProfile()
    expect(await screen.findByText('Not set')).toBeTruthy()
    expect(screen.getByText('N/A')).toBeTruthy()
  })

  it('follows plan changes live', async () => {
    mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'POST /api/billing/verify-subscription': { body: { success: true, status: 'active' } },
    })
    renderProfile()
    await screen.findByText('ada@example.com')
    act(() =>
      FakeEventSource.instances.at(-1)?.emit('profile', {
        ...PROFILE,
        planType: 'monthly',
        subscriptionStatus: 'active',
        subscriptionId: 'I-1',
      }),
    )
    expect(screen.getByTestId('plan-name').textContent).toBe('Premium (Monthly)')
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active')
  })

  it("states the trial's first payment in the trial's own currency", async () => {
    const endsAt = '2026-12-14T12:00:00.000Z'
    mockFetch({
      'GET /api/session': {
        body: {
          profile: {
            ...PROFILE,
            planType: 'monthly',
            subscriptionStatus: 'active',
            subscriptionId: 'I-1',
            subscriptionExpiresAt: endsAt,
          },
        },
      },
      'GET /api/billing/trial': {
        body: {
          eligible: false,
          used: true,
          trial: { endsAt, firstPaymentAt: endsAt, amount: '6.99', currency: 'EUR' },
        },
      },
      'POST /api/billing/verify-subscription': { body: { success: true, status: 'active' } },
    })
    renderProfile()
    const note = await screen.findByTestId('trial-status')
    expect(note.textContent).toContain('the first payment of €6.99 is taken then.')
  })

  it('signs out and goes home', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'POST /api/account/logout': { body: { success: true } },
    })
    renderProfile()
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }))
    expect(await screen.findByText('Home page')).toBeTruthy()
    await waitFor(() => expect(useSessionStore.getState().status).toBe('signed-out'))
    expect(calls.some((c) => c.url === '/api/account/logout')).toBe(true)
  })
})

describe('Your data on the profile page', () => {
  beforeEach(() => {
    resetSessionForTests()
    vi.stubGlobal('EventSource', FakeEventSource)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows what the account stores as used / allowed, with each store', async () => {
    const MB = 1024 * 1024
    mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'GET /api/profile/usage': {
        body: {
          usedBytes: Math.round(12.3 * MB),
          quotaBytes: 50 * MB,
          stores: { wheels: 10 * MB, versions: 0, shares: Math.round(2.3 * MB), draws: 0, themes: 0 },
        },
      },
    })
    renderProfile()
    const section = (await screen.findByRole('heading', { name: 'Your data' })).closest(
      'section',
    ) as HTMLElement
    await waitFor(() => expect(section.textContent).toContain('12.3 MB of 50 MB used'))
    expect(screen.getByText('Saved wheels').nextElementSibling?.textContent).toBe('10 MB')
    expect(screen.getByText('Share links').nextElementSibling?.textContent).toBe('2.3 MB')
    expect(screen.getByText('Verifiable draws').nextElementSibling?.textContent).toBe('0 MB')
  })
})
