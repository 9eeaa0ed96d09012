// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../core/account/profile'
import { createMemoryRouter, RouterProvider } from '../../router'
import { closeAuthModal, useAuthModal } from '../../state/auth-modal-store'
import { resetSessionForTests, signedIn } from '../../state/session-store'
import { FakeEventSource, mockFetch, PROFILE } from '../../testing/test-helpers'
import { Component as SubscriptionPage } from './subscription-page'
import { leaveFor } from './use-subscribe'

const PREMIUM: Profile = {
  ...PROFILE,
  planType: 'monthly',
  subscriptionStatus: 'active',
  subscriptionId: 'I-1',
  subscriptionExpiresAt: '2099-08-26T10:00:00.000Z',
}
const CREATED = { success: true, approval_url: 'https://pay.example/approve?id=I-1', subscription_id: 'I-1' }

function renderPage() {
  const router = createMemoryRouter([{ path: '/subscription', element: <SubscriptionPage /> }], {
    initialEntries: ['/subscription'],
  })
  return render(<RouterProvider router={router} />)
}

const subscribeButton = () => screen.getByRole('button', { name: /Subscribe Now|Processing/ })
const creations = (calls: { url: string }[]) =>
  calls.filter((c) => c.url === '/api/billing/create-subscription').length

describe('subscription page', () => {
  let go: ReturnType<typeof vi.fn>
  beforeEach(() => {
    resetSessionForTests()
    vi.stubGlobal('EventSource', FakeEventSource)
    go = vi.fn()
    leaveFor.go = go as (url: string) => void
    useAuthModal.setState({ open: false, view: 'login', notice: null })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows both plans, the comparison and the three answers', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
    renderPage()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscription Plans')
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Choose the Right Plan for You' })).toBeTruthy()
    const free = screen.getByRole('region', { name: 'Free Plan' })
    expect(free.textContent).toContain('$0')
    expect(free.textContent).toContain('forever')
    expect(within(free).getByText('Currently Active')).toBeTruthy()
    expect(free.textContent).toContain('Max 15 items per wheel (not included)')
    const premium = screen.getByRole('region', { name: 'Premium Plan' })
    expect(premium.textContent).toContain('Most Popular')
    expect(premium.textContent).toContain('$6.99')
    expect(premium.textContent).toContain('/month')
    const table = screen.getByRole('table')
    expect(within(table).getByRole('rowheader', { name: 'Items per wheel' })).toBeTruthy()
    expect(table.textContent).toContain('Max 15')
    expect(table.textContent).toContain('Up to 10,000')
    expect(table.textContent).toContain('Up to 500')
    expect(table.textContent).not.toContain('Unlimited')
    fireEvent.click(screen.getByRole('button', { name: 'Is there a free trial?' }))
    expect(screen.getByText(/a 7-day free trial for paid plans/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'What payment methods do you accept?' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Can I cancel anytime?' })).toBeTruthy()
  })

  it('Subscribe Now is Processing... and disabled while working, then leaves for the approval page', async () => {
    let answer: (response: Response) => void = () => {}
    const calls = mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
    const sessionFetch = globalThis.fetch
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        url === '/api/billing/create-subscription'
          ? new Promise<Response>((resolve) => {
              calls.push({ method: 'POST', url, body: JSON.parse(String(init?.body)) })
              answer = resolve
            })
          : sessionFetch(url, init),
      ),
    )
    renderPage()
    await screen.findByText('Currently Active')
    await act(async () => await Promise.resolve())
    fireEvent.click(subscribeButton())
    expect(subscribeButton().textContent).toBe('Processing...')
    expect((subscribeButton() as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(subscribeButton())
    expect(creations(calls)).toBe(1)
    expect(calls.find((c) => c.url === '/api/billing/create-subscription')?.body).toEqual({
      plan_type: 'premium',
      attempt_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    await act(async () => answer(new Response(JSON.stringify(CREATED), { status: 200 })))
    expect(go).toHaveBeenCalledWith('https://pay.example/approve?id=I-1')
  })

  it.each([
    [500, { success: false, error: 'PayPal is not answering' }, 'Error occurred: PayPal is not answering'],
    [200, '', 'Error occurred: Empty response from server'],
    [200, { success: false, error: 'Plan missing' }, 'Failed to create subscription link'],
    [200, { ...CREATED, approval_url: 'javascript:alert(1)' }, 'Failed to create subscription link'],
  ])('answer %s %j shows the banner and frees the button', async (status, body, message) => {
    mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
    const sessionFetch = globalThis.fetch
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        url === '/api/billing/create-subscription'
          ? new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
          : sessionFetch(url, init),
      ),
    )
    renderPage()
    await screen.findByText('Currently Active')
    fireEvent.click(subscribeButton())
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(subscribeButton().textContent).toBe('Subscribe Now')
    expect((subscribeButton() as HTMLButtonElement).disabled).toBe(false)
    expect(go).not.toHaveBeenCalled()
  })

  it('a retry after a failure sends the same attempt id, so the server makes one subscription', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'POST /api/billing/create-subscription': [
        { status: 502, body: { success: false, error: 'PayPal is not responding.' } },
        { body: CREATED },
      ],
    })
    renderPage()
    await screen.findByText('Currently Active')
    fireEvent.click(subscribeButton())
    await screen.findByRole('alert')
    fireEvent.click(subscribeButton())
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(CREATED.approval_url))
    const sent = calls
      .filter((c) => c.url === '/api/billing/create-subscription')
      .map((c) => (c.body as { attempt_id?: string }).attempt_id)
    expect(sent).toHaveLength(2)
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent[1]).toBe(sent[0])
  })

  it('asks a visitor to sign in first, then subscribes; closing the modal gives up', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: null } },
      'POST /api/billing/create-subscription': { body: CREATED },
    })
    renderPage()
    await screen.findByText(/Subscribe Now asks you to sign in/)
    fireEvent.click(subscribeButton())
    expect(useAuthModal.getState()).toMatchObject({ open: true, view: 'login' })
    act(() => closeAuthModal())
    expect(creations(calls)).toBe(0)

    fireEvent.click(subscribeButton())
    act(() => {
      signedIn(PROFILE)
      closeAuthModal()
    })
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(CREATED.approval_url))
    expect(creations(calls)).toBe(1)
  })

  it('a premium user sees the plan as active instead of a subscribe button', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: PREMIUM } } })
    renderPage()
    expect(await screen.findByText('Your Premium plan is active.')).toBeTruthy()
    expect(screen.getByText('It renews on August 26, 2099.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).toBeNull()
    const free = screen.getByRole('region', { name: 'Free Plan' })
    expect(within(free).queryByText('Currently Active')).toBeNull()
    expect(screen.getByRole('link', { name: 'Manage your subscription' }).getAttribute('href')).toBe(
      '/profile',
    )
  })

  it('tells a user whose free trial is used that Premium starts at the full price today', async () => {
    mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'GET /api/billing/trial': { body: { eligible: false, used: true, trial: null } },
    })
    renderPage()
    expect((await screen.findByTestId('trial-used')).textContent).toBe(
      'Your free trial has been used: Premium starts at $6.99 a month today.',
    )
    expect(screen.queryByTestId('trial-offer')).toBeNull()
  })

  it('offers the 7-day trial with its conditions to a visitor', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: null } } })
    renderPage()
    await screen.findByText(/Subscribe Now asks you to sign in/)
    const premium = screen.getByRole('region', { name: 'Premium Plan' })
    expect(within(premium).getByTestId('trial-offer').textContent).toBe('7-day free trial, then $6.99/month')
    expect(premium.textContent).toContain(
      'For new accounts, one per account, with a confirmed email address.',
    )
  })

  it('asks an account with an unconfirmed address to check its email, or to subscribe at once without the trial', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'GET /api/billing/trial': {
        body: { eligible: false, used: false, needsVerification: true, trial: null },
      },
      'POST /api/billing/create-subscription': { body: CREATED },
    })
    renderPage()
    await screen.findByTestId('trial-offer')
    fireEvent.click(subscribeButton())
    const panel = await screen.findByRole('region', { name: 'Check your email' })
    expect(panel.textContent).toContain(`We sent a confirmation link to ${PROFILE.email}.`)
    expect(panel.textContent).toContain(
      'One click on it confirms your address and unlocks your 7-day free trial',
    )
    expect(panel.textContent).toContain('Without the trial, the first $6.99 USD is charged today.')
    expect(creations(calls)).toBe(0)
    fireEvent.click(within(panel).getByRole('button', { name: 'Subscribe now without the trial' }))
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(CREATED.approval_url))
    expect(creations(calls)).toBe(1)
  })

  it('Subscribe Now pressed before the trial is read still asks an unconfirmed address to check its email', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'GET /api/billing/trial': {
        body: { eligible: false, used: false, needsVerification: true, trial: null },
      },
      'POST /api/billing/create-subscription': { body: CREATED },
    })
    // The page's own read of the trial never answers (a slow server): the click asks again.
    const answer = globalThis.fetch
    let trialReads = 0
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url === '/api/billing/trial' && trialReads++ === 0 ? new Promise(() => {}) : answer(url, init),
    )
    renderPage()
    // The page's own read has started: it runs from the render that knows the user, so the button
    // pressed now is the signed-in page's (the store says signed-in a moment before React renders).
    await vi.waitFor(() => expect(trialReads).toBe(1))
    fireEvent.click(subscribeButton())
    const panel = await screen.findByRole('region', { name: 'Check your email' })
    expect(panel.textContent).toContain(`We sent a confirmation link to ${PROFILE.email}.`)
    expect(trialReads).toBe(2)
    expect(creations(calls)).toBe(0)
    expect(go).not.toHaveBeenCalled()
  })

  it('says the confirmation link worked and the trial is ready', async () => {
    mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'GET /api/billing/trial': { body: { eligible: true, used: false, trial: null } },
    })
    const router = createMemoryRouter([{ path: '/subscription', element: <SubscriptionPage /> }], {
      initialEntries: ['/subscription?verified=1'],
    })
    render(<RouterProvider router={router} />)
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your email address is confirmed. Your 7-day free trial is ready: press Subscribe Now to start it.',
      ),
    )
  })

  it('offers Subscribe again to a cancelled plan, starting when its paid end comes', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: { ...PREMIUM, subscriptionStatus: 'cancelled' } } },
      'GET /api/billing/trial': { body: { eligible: false, used: true, trial: null } },
      'POST /api/billing/create-subscription': { body: CREATED },
    })
    renderPage()
    const premium = await screen.findByRole('region', { name: 'Premium Plan' })
    await within(premium).findByText(/Subscribe again and the new subscription starts on August 26, 2099/)
    fireEvent.click(within(premium).getByRole('button', { name: 'Subscribe again' }))
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(CREATED.approval_url))
    expect(creations(calls)).toBe(1)
  })
})
