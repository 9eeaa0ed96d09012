// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetSessionForTests, useSessionStore } from '../../state/session-store'
import { FakeEventSource, mockFetch, PROFILE } from '../../testing/test-helpers'
import { Component as TestPage } from './test-subscription-page'

const PLAN = { key: 'premium', name: 'Premium Plan', price: '6.99', currency: 'USD', interval: 'month' }
const SIMULATED = { ...PROFILE, planType: 'monthly', subscriptionStatus: 'active', subscriptionId: 'TEST-1' }

describe('test subscription page', () => {
  beforeEach(() => {
    resetSessionForTests()
    vi.stubGlobal('EventSource', FakeEventSource)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows the profile, simulates a monthly plan and clears it, with a result line', async () => {
    const calls = mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'GET /api/billing/config': { body: { provider: 'sandbox', testMode: true, plan: PLAN } },
      'POST /api/billing/test/simulate-monthly': { body: { success: true, profile: SIMULATED } },
      'POST /api/billing/test/clear': [
        { status: 500, body: { success: false, error: 'Database unavailable' } },
        { body: { success: true, profile: PROFILE } },
      ],
    })
    render(<TestPage />)
    expect(await screen.findByTestId('user-id')).toBeTruthy()
    expect(screen.getByTestId('user-id').textContent).toBe('u1')
    expect(screen.getByTestId('plan-type').textContent).toBe('free')
    expect(screen.getByTestId('subscription-status').textContent).toBe('inactive')
    expect(screen.getByTestId('subscription-id').textContent).toBe('None')

    fireEvent.click(await screen.findByRole('button', { name: 'Simulate Monthly Subscription' }))
    await waitFor(() => expect(screen.getByTestId('plan-type').textContent).toBe('monthly'))
    expect(screen.getByTestId('subscription-id').textContent).toBe('TEST-1')
    expect(screen.getByRole('status').textContent).toMatch(/Monthly subscription simulated/)
    expect(useSessionStore.getState().profile?.subscriptionStatus).toBe('active')

    fireEvent.click(screen.getByRole('button', { name: 'Clear Subscription (Free Plan)' }))
    expect(await screen.findByText('Error: Database unavailable')).toBeTruthy()
    expect(screen.getByTestId('plan-type').textContent).toBe('monthly')
    fireEvent.click(screen.getByRole('button', { name: 'Clear Subscription (Free Plan)' }))
    expect(await screen.findByText(/Subscription cleared/)).toBeTruthy()
    expect(screen.getByTestId('plan-type').textContent).toBe('free')
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{}, {}, {}])
  })

  it('with PayPal configured it says the page is for test mode only and offers no buttons', async () => {
    mockFetch({
      'GET /api/session': { body: { profile: PROFILE } },
      'GET /api/billing/config': { body: { provider: 'paypal', testMode: false, plan: PLAN } },
    })
    render(<TestPage />)
    expect(await screen.findByText(/The test page is only available in test mode/)).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('a failed settings call is reported, with no buttons', async () => {
    mockFetch({ 'GET /api/session': { body: { profile: PROFILE } } })
    render(<TestPage />)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load the payment settings: Not found.',
    )
    expect(screen.queryByRole('button')).toBeNull()
  })
})
