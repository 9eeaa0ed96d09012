// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryRouter, RouterProvider } from '../../router'
import { Component as CancelPage } from './payment-cancel-page'

describe('payment cancel page', () => {
  afterEach(cleanup)

  it('says nothing was charged and offers the way on', () => {
    const router = createMemoryRouter([{ path: '/payment/cancel', element: <CancelPage /> }], {
      initialEntries: ['/payment/cancel?token=EC-1'],
    })
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Cancelled')
    expect(screen.getByText(/no amount has been charged/)).toBeTruthy()
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href')
    expect(href('Try Again')).toBe('/subscription')
    expect(href('Use Free Version')).toBe('/wheel')
    expect(href('Back to Home')).toBe('/')
    expect(href('Contact Us')).toBe('/about')
    expect(href('FAQ')).toBe('/about#faq')
    const list = screen.getByRole('region', { name: 'What you can do for free' })
    for (const feature of [
      'Create custom wheels',
      'Spin them',
      'Customize colors and text',
      'Keep your wheel',
    ]) {
      expect(list.textContent).toContain(feature)
    }
  })
})
