import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { authRateLimits, contactMessages } from '../db/schema'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase, testConfig } from '../testing/harness'
import { startSmtpServer, waitFor } from '../testing/smtp'

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Classroom wheel',
  message: 'Can I use Whirl with 30 pupils at once?',
  type: 'general',
}

describe.each(DATABASE_KINDS)('POST /api/contact on %s', (kind) => {
  let database: TestDatabase
  const cleanups: (() => Promise<void> | void)[] = []

  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterEach(async () => {
    try {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    } finally {
      await database.db.delete(contactMessages)
      // Rate-limit windows live in the database every app shares: each test starts with none.
      await database.db.delete(authRateLimits)
    }
  })
  afterAll(async () => database.dispose())

  async function app(env: Record<string, string>) {
    const config = testConfig({ SUPPORT_EMAIL: 'support@whirl.test', ...env })
    const instance = await buildApp(config, {
      database,
      logger: false,
      contactQueue: { pollMs: 100, baseBackoffMs: 100, maxBackoffMs: 400 },
    })
    await instance.ready()
    // Run in reverse: the app (and its mail queue, which writes the outbox) stops before its data
    // folder is removed.
    cleanups.push(
      () => config.cleanup(),
      () => instance.close(),
    )
    return instance
  }

  const post = (instance: Awaited<ReturnType<typeof app>>, body: unknown, ip = '10.0.0.1') =>
    instance.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'user-agent': 'WhirlTest/1.0' },
      remoteAddress: ip,
      payload: body as object,
    })

  const rows = () => database.db.select().from(contactMessages)

  it('stores the message with timestamp and user agent, then mails it to support', async () => {
    const smtp = await startSmtpServer()
    cleanups.push(() => smtp.close())
    const instance = await app({ SMTP_URL: smtp.url })
    const res = await post(instance, valid)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })

    const mail = await waitFor(() => smtp.received[0])
    expect(mail.to).toEqual(['support@whirl.test'])
    expect(mail.raw).toContain('Subject: [Whirl contact] General question: Classroom wheel')
    expect(mail.raw).toContain('Can I use Whirl with 30 pupils at once?')
    expect(mail.raw).toContain('Reply-To: Ada Lovelace <ada@example.com>')
    const [row] = await waitFor(async () => {
      const r = await rows()
      return r[0]?.mailStatus === 'sent' ? r : null
    })
    expect(row).toMatchObject({ name: 'Ada Lovelace', userAgent: 'WhirlTest/1.0', attempts: 0 })
    expect(row?.createdAt).toBeInstanceOf(Date)
    expect(row?.sentAt).toBeInstanceOf(Date)
  })

  it('keeps the message while SMTP is down, retries, and delivers it exactly once when it is back', async () => {
    const probe = await startSmtpServer()
    const port = probe.port
    await probe.close()
    const instance = await app({ SMTP_URL: `smtp://127.0.0.1:${port}` })

    const res = await post(instance, valid)
    expect(res.statusCode).toBe(200)
    const failed = await waitFor(async () => {
      const [r] = await rows()
      return r && r.attempts >= 2 ? r : null
    })
    expect(failed.mailStatus).not.toBe('sent')
    expect(failed.lastError).toBeTruthy()

    const smtp = await startSmtpServer(port)
    cleanups.push(() => smtp.close())
    await waitFor(async () => (await rows())[0]?.mailStatus === 'sent')
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]?.raw).toContain('Can I use Whirl with 30 pupils at once?')
  })

  it('answers a bot that fills the honeypot as usual, and stores and sends nothing', async () => {
    const smtp = await startSmtpServer()
    cleanups.push(() => smtp.close())
    const instance = await app({ SMTP_URL: smtp.url })
    const res = await post(instance, { ...valid, website: 'http://spam.example' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await rows()).toHaveLength(0)
    expect(smtp.received).toHaveLength(0)
  })

  it('limits messages per IP address with a clear 429', async () => {
    const instance = await app({ CONTACT_RATE_LIMIT: '2' })
    expect((await post(instance, valid)).statusCode).toBe(200)
    expect((await post(instance, valid)).statusCode).toBe(200)
    const limited = await post(instance, valid)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error).toMatch(/several messages in a short time/)
    expect((await post(instance, valid, '10.0.0.2')).statusCode).toBe(200)
    expect(await rows()).toHaveLength(3)
  })

  it.each([
    [{ ...valid, name: '  ' }, 'Name is required'],
    [{ ...valid, email: '' }, 'Email is required'],
    [{ ...valid, email: 'ada@example' }, 'Please enter a valid email address'],
    [{ ...valid, subject: '' }, 'Subject is required'],
    [{ ...valid, message: '' }, 'Message is required'],
    [{ ...valid, message: '  too short  ' }, 'Message must be at least 10 characters long'],
    [{ ...valid, message: 'x'.repeat(501) }, 'Message must be at most 500 characters'],
    [{ ...valid, name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [{ ...valid, type: 'sales' }, 'Please choose a message type'],
  ])('refuses bad input with its message and stores nothing (%#)', async (body, message) => {
    const instance = await app({})
    const res = await post(instance, body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: message })
    expect(await rows()).toHaveLength(0)
  })

  it('refuses oversize, non-object and unknown-field bodies without storing', async () => {
    const instance = await app({})
    const huge = await post(instance, { ...valid, message: 'x'.repeat(20_000) })
    expect(huge.statusCode).toBe(413)
    const text = await instance.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    })
    expect(text.statusCode).toBe(400)
    expect(text.json()).toEqual({
      error: 'The message could not be read. Please check the form and try again.',
    })
    for (const body of [[1, 2], { ...valid, isAdmin: true }, { ...valid, name: 42 }]) {
      const res = await post(instance, body)
      expect(res.statusCode).toBe(400)
      expect(typeof res.json().error).toBe('string')
    }
    expect(await rows()).toHaveLength(0)
  })
})
