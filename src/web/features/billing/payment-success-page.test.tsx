// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from '../../router'
import { useAuthModal } from '../../state/auth-modal-store'
import { resetSessionForTests, signedIn } from '../../state/session-store'
import { FakeEventSource, mockFetch, PROFILE } from '../../testing/test-helpers'
import { Component as SuccessPage } from './payment-success-page'
import { resetPaymentReturnsForTests } from './use-payment-return'

const SUBSCRIPTION = {
  id: 'I-ABC123',
  plan: 'premium',
  amount: '6.99',
  currency: 'USD',
  status: 'ACTIVE',
  start_time: '2025-07-26T10:00:00.000Z',
  next_billing_time: '2025-08-26T10:00:00.000Z',
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/payment/success', element: <SuccessPage /> },
      { path: '/subscription', element: <p>Plans page</p> },
    ],
    { initialEntries: [url] },
  )
  return render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}

const activations = (calls: { url: string; body: unknown }[]) =>
  calls.filter((c) => c.url === '/api/billing/activate-subscription')

describe('payment success page', () => {
  beforeEach(() => {
    resetSessionForTests()
    resetPaymentReturnsForTests()
    localStorage.clear()
    vi.stubGlobal('EventSource', FakeEventSource)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('without any return parameter: Incomplete subscription information, and no call', async () => {
    const calls = mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
    renderAt('/payment/success')
    expect(screen.getByRole('heading', { name: 'Subscription Failed' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Incomplete subscription information')
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/subscription')
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(activations(calls)).toHaveLength(0)
  })

  it('activates once (StrictMode too), shows the receipt and writes the subscription record', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'POST /api/billing/activate-subscription': { body: { success: true, subscription: SUBSCRIPTION } },
    })
    renderAt('/payment/success?subscription_id=I-ABC123&token=EC-1&ba_token=BA-1')
    expect(screen.getByRole('heading', { name: 'Processing Subscription...' })).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Subscription Activated!' })).toBeTruthy()
    expect(activations(calls)).toHaveLength(1)
    expect(activations(calls)[0]?.body).toEqual({ subscription_id: 'I-ABC123' })

    const receipt = screen.getByRole('region', { name: 'Subscription Details' })
    for (const text of [
      'Premium',
      '$6.99',
      'USD',
      'July 26, 2025',
      'I-ABC123',
      'Active',
      'Enabled',
      'PayPal',
    ]) {
      expect(receipt.textContent).toContain(text)
    }
    expect(screen.getByRole('heading', { name: 'Features Unlocked Now' })).toBeTruthy()
    for (const name of [
      'Unlimited Wheels',
      'Data Export',
      'Save Wheels',
      'Preset library',
      'Advanced Analytics',
      'Remove Watermark',
      'Priority Support',
    ])
      expect(screen.getByText(name)).toBeTruthy()
    // The real cap beside the spec's name, as the plans page states it.
    expect(screen.getByText('Unlimited Wheels').closest('li')?.textContent).toBe(
      'Unlimited Wheels (Up to 10,000 items per wheel)',
    )
    expect(screen.getByRole('link', { name: 'Start Using Now' }).getAttribute('href')).toBe('/wheel')

    const record = JSON.parse(localStorage.getItem('subscription') ?? 'null')
    expect(record).toEqual({
      isSubscribed: true,
      plan: 'premium',
      startDate: '2025-07-26T10:00:00.000Z',
      subscriptionId: 'I-ABC123',
      status: 'active',
      autoRenew: true,
    })

    const print = vi.fn()
    vi.stubGlobal('print', print)
    fireEvent.click(screen.getByRole('button', { name: 'Print Receipt' }))
    expect(print).toHaveBeenCalledOnce()
  })

  it('a reload asks the server again (it answers the same) and keeps the first start date', async () => {
    localStorage.setItem(
      'subscription',
      JSON.stringify({ subscriptionId: 'I-ABC123', startDate: '2025-07-20T00:00:00.000Z' }),
    )
    mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'POST /api/billing/activate-subscription': {
        body: { success: true, subscription: { ...SUBSCRIPTION, plan: '', start_time: null } },
      },
    })
    renderAt('/payment/success?subscription_id=I-ABC123')
    await screen.findByRole('heading', { name: 'Subscription Activated!' })
    const record = JSON.parse(localStorage.getItem('subscription') ?? 'null')
    expect(record.startDate).toBe('2025-07-20T00:00:00.000Z')
    expect(record.plan).toBe('basic')
    expect(screen.getByRole('region', { name: 'Subscription Details' }).textContent).toContain('Basic')
  })

  it.each([
    [
      404,
      { success: false, error: 'Subscription not found' },
      'Error occurred while processing subscription: Subscription not found',
    ],
    [500, {}, 'Error occurred while processing subscription: Failed to activate subscription'],
    [
      200,
      { success: false, error: 'The subscription is not active yet' },
      'The subscription is not active yet',
    ],
    [200, { success: false, error: '' }, 'Failed to activate subscription'],
    [200, { nonsense: true }, 'Error occurred while processing subscription: Invalid response from server'],
  ])('answer %s %j shows Subscription Failed with its message', async (status, body, message) => {
    mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'POST /api/billing/activate-subscription': { status, body },
    })
    renderAt('/payment/success?subscription_id=I-ABC123')
    expect(await screen.findByRole('heading', { name: 'Subscription Failed' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(localStorage.getItem('subscription')).toBeNull()
  })

  it('asks a signed-out visitor to sign in, then continues', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: null } },
      'POST /api/billing/activate-subscription': { body: { success: true, subscription: SUBSCRIPTION } },
    })
    renderAt('/payment/success?subscription_id=I-ABC123')
    expect(await screen.findByRole('heading', { name: 'Sign in to finish subscribing' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(useAuthModal.getState()).toMatchObject({ open: true, view: 'login' })
    expect(activations(calls)).toHaveLength(0)
    act(() => signedIn(PROFILE))
    expect(await screen.findByRole('heading', { name: 'Subscription Activated!' })).toBeTruthy()
    expect(activations(calls)).toHaveLength(1)
  })

  it('a one-time payment return (token only) captures the order', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'POST /api/billing/capture-payment': {
        body: {
          success: true,
          payment: { id: 'PAY-9', plan: 'premium', amount: '6.99', currency: 'USD', status: 'COMPLETED' },
        },
      },
    })
    renderAt('/payment/success?token=ORDER-9&PayerID=P1')
    expect(await screen.findByRole('heading', { name: 'Subscription Activated!' })).toBeTruthy()
    expect(calls.find((c) => c.url === '/api/billing/capture-payment')?.body).toEqual({
      order_id: 'ORDER-9',
      plan: 'premium',
    })
    expect(screen.getByRole('region', { name: 'Payment Details' }).textContent).toContain('PAY-9')
  })

  it('a payment PayPal is still reviewing says so, and offers no second payment', async () => {
    const pending = 'PayPal is still reviewing this payment; premium starts when it completes'
    mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'POST /api/billing/capture-payment': {
        status: 202,
        body: { success: false, pending: true, error: pending },
      },
    })
    renderAt('/payment/success?token=ORDER-9&PayerID=P1')
    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeTruthy()
    expect(screen.getByText(pending)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Try Again' })).toBeNull()
  })

  it('a subscription PayPal approved but has not started yet is being activated, not failed', async () => {
    const approved =
      'PayPal has approved your subscription and is activating it. Premium starts within a few minutes; reload this page to check.'
    mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'POST /api/billing/activate-subscription': {
        status: 202,
        body: { success: false, pending: true, error: approved },
      },
    })
    renderAt('/payment/success?subscription_id=I-ABC123')
    expect(await screen.findByRole('heading', { name: 'Activating Subscription' })).toBeTruthy()
    expect(screen.getByText(approved)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Try Again' })).toBeNull()
  })

  it('a lone ba_token activates the subscription on the profile, or is incomplete without one', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: { ...PROFILE, subscriptionId: 'I-ABC123' } } },
      'POST /api/billing/activate-subscription': { body: { success: true, subscription: SUBSCRIPTION } },
    })
    renderAt('/payment/success?ba_token=BA-1')
    expect(await screen.findByRole('heading', { name: 'Subscription Activated!' })).toBeTruthy()
    expect(activations(calls)[0]?.body).toEqual({ subscription_id: 'I-ABC123' })

    cleanup()
    resetSessionForTests()
    mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
    renderAt('/payment/success?ba_token=BA-1')
    expect(await screen.findByText('Incomplete subscription information')).toBeTruthy()
  })
})
