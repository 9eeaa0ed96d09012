// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../core/account/profile'
import { createMemoryRouter, RouterProvider } from '../../router'
import { mockFetch, PROFILE } from '../../testing/test-helpers'
import { longDate } from '../../ui/long-date'
import { SubscriptionPanel } from './subscription-panel'
import { MESSAGES } from './use-subscription-actions'

const DAY = 86_400_000
const inDays = (days: number) => new Date(Date.now() + days * DAY - 60_000).toISOString()

const PREMIUM: Profile = {
  ...PROFILE,
  planType: 'monthly',
  subscriptionStatus: 'active',
  subscriptionId: 'I-SUB1',
  subscriptionExpiresAt: inDays(30),
}

function renderPanel(profile: Profile) {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <SubscriptionPanel profile={profile} /> },
      { path: '/subscription', element: <p>Plans page</p> },
    ],
    { initialEntries: ['/profile'] },
  )
  return render(<RouterProvider router={router} />)
}

const verifyCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url === '/api/billing/verify-subscription').length

describe('subscription panel', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('after cancelling: says until when Premium lasts and offers Subscribe again', async () => {
    mockFetch({ 'POST /api/billing/verify-subscription': { body: { success: true, status: 'cancelled' } } })
    renderPanel({ ...PREMIUM, subscriptionStatus: 'cancelled' })
    expect(screen.getByTestId('cancelled-note').textContent).toBe(
      `Cancelled — premium until ${longDate(PREMIUM.subscriptionExpiresAt)}`,
    )
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: 'Subscribe again' }))
    expect(await screen.findByText('Plans page')).toBeTruthy()
  })

  it('offers Upgrade to Premium to a free user, and nothing else', () => {
    const calls = mockFetch({})
    renderPanel(PROFILE)
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/subscription',
    )
    expect(screen.queryByRole('button', { name: 'Refresh Status' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it('verifies once on load, and Refresh Status reports the outcome in a dialog', async () => {
    const calls = mockFetch({
      'POST /api/billing/verify-subscription': [
        { body: { success: true, status: 'active' } },
        { body: { success: true, status: 'active' } },
        { body: { success: false, error: 'Provider said no' } },
        { status: 502, body: { success: false, error: 'PayPal is not answering' } },
      ],
    })
    renderPanel(PREMIUM)
    await waitFor(() => expect(verifyCalls(calls)).toBe(1))
    expect(calls[0]?.body).toEqual({ subscription_id: 'I-SUB1' })
    // Silent: the check on load opens no dialog.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Refresh Status' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Subscription status updated successfully!')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Refresh Status' }))
    expect(await screen.findByText('Failed to verify subscription: Provider said no')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))

    fireEvent.click(screen.getByRole('button', { name: 'Refresh Status' }))
    expect(await screen.findByText('Error verifying subscription: PayPal is not answering')).toBeTruthy()
    expect(verifyCalls(calls)).toBe(4)
  })

  it('cancels only after the exact confirmation, and reports success', async () => {
    const calls = mockFetch({
      'POST /api/billing/verify-subscription': { body: { success: true, status: 'active' } },
      'POST /api/billing/cancel-subscription': { body: { success: true } },
    })
    renderPanel(PREMIUM)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }))
    let dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText(MESSAGES.confirmCancel)).toBeTruthy()
    expect(MESSAGES.confirmCancel).toBe(
      'Are you sure you want to cancel your subscription? This action cannot be undone and you will lose access to premium features.',
    )
    expect(within(dialog).getByTestId('access-ends').textContent).toBe(
      `Your Premium access ends on ${longDate(PREMIUM.subscriptionExpiresAt)}.`,
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Subscription' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.some((c) => c.url === '/api/billing/cancel-subscription')).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }))
    dialog = screen.getByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }))
    expect(
      await screen.findByText(
        'Subscription cancelled successfully. You will retain access until the end of your current billing period.',
      ),
    ).toBeTruthy()
    expect(calls.find((c) => c.url === '/api/billing/cancel-subscription')?.body).toEqual({
      subscription_id: 'I-SUB1',
      reason: 'User requested cancellation from profile page',
    })
    // The status is verified again after cancelling (on load, then after the cancellation).
    await waitFor(() => expect(verifyCalls(calls)).toBe(2))
  })

  it('reports a failed cancellation with the reason', async () => {
    mockFetch({
      'POST /api/billing/verify-subscription': { body: { success: true, status: 'active' } },
      'POST /api/billing/cancel-subscription': {
        status: 404,
        body: { success: false, error: 'Subscription not found' },
      },
    })
    renderPanel(PREMIUM)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Subscription' }))
    expect(await screen.findByText('Failed to cancel subscription: Subscription not found')).toBeTruthy()
  })

  it('without a subscription id, Cancel says No active subscription found', () => {
    const calls = mockFetch({})
    renderPanel({ ...PREMIUM, subscriptionId: null, subscriptionExpiresAt: null })
    expect(screen.queryByRole('button', { name: 'Refresh Status' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }))
    expect(within(screen.getByRole('dialog')).getByText('No active subscription found')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })

  it('warns when 1 to 7 days remain, and not otherwise', () => {
    mockFetch({ 'POST /api/billing/verify-subscription': { body: { success: true, status: 'active' } } })
    renderPanel({ ...PREMIUM, subscriptionExpiresAt: inDays(3) })
    expect(screen.getByText(/Expiring soon: your premium access ends in 3 days/)).toBeTruthy()
    cleanup()
    renderPanel({ ...PREMIUM, subscriptionExpiresAt: inDays(1) })
    expect(screen.getByText(/ends in 1 day,/)).toBeTruthy()
    cleanup()
    renderPanel({ ...PREMIUM, subscriptionExpiresAt: inDays(20) })
    expect(screen.queryByText(/Expiring soon/)).toBeNull()
  })
})
