// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ContactForm } from './contact-form'

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const send = () => fireEvent.click(screen.getByRole('button', { name: /Send Message|Sending\.\.\./ }))
/** The visible error lines, in document order. */
const errorLines = () => Array.from(document.querySelectorAll('[id$="-error"]')).map((e) => e.textContent)

const fillValid = () => {
  type('Name', 'Grace Hopper')
  type('Email', 'grace@example.com')
  type('Subject', 'A wheel for my team')
  type('Message', 'Can a wheel hold all 40 of my colleagues?')
}

describe('contact form', () => {
  let fetchMock: ReturnType<typeof vi.fn>
  beforeEach(() => {
    fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('shows every rule in the form order, focuses the first invalid field and sends nothing', () => {
    render(<ContactForm />)
    send()
    expect(errorLines()).toEqual([
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ])
    expect(document.activeElement).toBe(field('Name'))
    expect(field('Name').getAttribute('aria-invalid')).toBe('true')
    expect(field('Name').getAttribute('aria-describedby')).toBe('contact-name-error')
    expect(field('Message').getAttribute('aria-describedby')).toBe(
      'contact-message-error contact-message-count',
    )
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('clears only the edited field error, then applies the format and length rules', () => {
    render(<ContactForm />)
    send()
    type('Name', 'G')
    expect(errorLines()).toEqual(['Email is required', 'Subject is required', 'Message is required'])
    expect(field('Name').getAttribute('aria-invalid')).toBeNull()
    expect(field('Name').getAttribute('aria-describedby')).toBeNull()

    type('Email', 'not-an-email')
    type('Subject', 'Hi')
    type('Message', '  short  ')
    expect(errorLines()).toEqual([])
    send()
    expect(errorLines()).toEqual([
      'Please enter a valid email address',
      'Message must be at least 10 characters long',
    ])
    expect(document.activeElement).toBe(field('Email'))

    type('Email', 'g@example.com')
    send()
    expect(errorLines()).toEqual(['Message must be at least 10 characters long'])
    expect(document.activeElement).toBe(field('Message'))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('counts the message out of 500 and keeps it at 500', () => {
    render(<ContactForm />)
    expect(screen.getByText('0/500')).toBeTruthy()
    expect(field('Message').maxLength).toBe(500)
    type('Message', 'x'.repeat(600))
    expect(field('Message').value).toHaveLength(500)
    expect(screen.getByText('500/500')).toBeTruthy()
  })

  it('posts the fields with the honeypot, shows Sending... then success, and resets the form', async () => {
    let answer: (r: Response) => void = () => {}
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)))
    render(<ContactForm />)
    fillValid()
    fireEvent.change(field('Type of message'), { target: { value: 'billing' } })
    send()

    const button = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    send()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/contact')
    expect(init.method).toBe('POST')
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' })
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject: 'A wheel for my team',
      message: 'Can a wheel hold all 40 of my colleagues?',
      type: 'billing',
      website: '',
    })

    await act(async () => answer(new Response('{"success":true}', { status: 200 })))
    expect(screen.getByRole('status').textContent).toBe(
      "Message sent successfully!We'll get back to you as soon as possible.",
    )
    expect(document.activeElement).toBe(screen.getByRole('status'))
    expect(field('Name').value).toBe('')
    expect(field('Message').value).toBe('')
    expect(field('Type of message').value).toBe('general')
    expect(screen.getByText('0/500')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy()
  })

  it('on a server failure shows the error banner, logs it and keeps what was typed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    fetchMock.mockResolvedValue(new Response('{"error":"Internal Server Error"}', { status: 500 }))
    render(<ContactForm />)
    fillValid()
    await act(async () => send())

    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe(
      'Failed to send messagePlease try again or contact us directly at support@whirl.localhost',
    )
    expect(screen.getByRole('link', { name: 'support@whirl.localhost' }).getAttribute('href')).toBe(
      'mailto:support@whirl.localhost',
    )
    expect(field('Message').value).toBe('Can a wheel hold all 40 of my colleagues?')
    expect(field('Name').value).toBe('Grace Hopper')
    expect(log).toHaveBeenCalled()
  })

  it('shows the server sentence when rate-limited, and a network failure as the plain banner', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fetchMock.mockResolvedValueOnce(
      new Response(
        '{"error":"You have sent several messages in a short time. Please try again in 15 minutes."}',
        {
          status: 429,
        },
      ),
    )
    render(<ContactForm />)
    fillValid()
    await act(async () => send())
    expect(screen.getByRole('alert').textContent).toContain('Please try again in 15 minutes.')

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await act(async () => send())
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to send messagePlease try again or contact us directly at support@whirl.localhost',
    )
    expect(field('Subject').value).toBe('A wheel for my team')
  })
})
