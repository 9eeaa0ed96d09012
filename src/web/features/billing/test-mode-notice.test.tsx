// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from '../../router'
import { resetSessionForTests } from '../../state/session-store'
import { FakeEventSource, mockFetch, PROFILE } from '../../testing/test-helpers'
import { Component as CancelPage } from './payment-cancel-page'
import { Component as SubscriptionPage } from './subscription-page'

const PLAN = { key: 'premium', name: 'Premium Plan', price: '6.99', currency: 'USD', interval: 'month' }
const config = (testMode: boolean) => ({
  'GET /api/session': { body: { profile: PROFILE } },
  'GET /api/billing/config': { body: { provider: testMode ? 'sandbox' : 'paypal', testMode, plan: PLAN } },
})

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] })
  return render(<RouterProvider router={router} />)
}

describe('the test-mode notice', () => {
  beforeEach(() => {
    resetSessionForTests()
    vi.stubGlobal('EventSource', FakeEventSource)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('is shown on /subscription and /payment/cancel while the sandbox provider is active', async () => {
    mockFetch(config(true))
    renderAt('/subscription', <SubscriptionPage />)
    expect((await screen.findByRole('note')).textContent).toContain('Test mode: payments are simulated')
    cleanup()
    renderAt('/payment/cancel', <CancelPage />)
    expect((await screen.findByRole('note')).textContent).toContain('Test mode: payments are simulated')
  })

  it('is not shown with a real payment provider', async () => {
    const calls = mockFetch(config(false))
    renderAt('/subscription', <SubscriptionPage />)
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/billing/config')).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByText(/Test mode: payments are simulated/)).toBeNull()
  })
})
