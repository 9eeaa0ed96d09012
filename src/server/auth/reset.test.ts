import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { authRateLimits, users, verifications } from '../db/schema'
import { APP_ORIGIN, cookieFrom, register, send, startApp, type TestApp } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase, testConfig } from '../testing/harness'
import { startSmtpServer, waitFor } from '../testing/smtp'
import { FORGOT_PASSWORD_MESSAGE } from './routes'

const INVALID_LINK =
  'This reset link is no longer valid: it has already been used or it has expired. Please ask for a new one.'

/** The reset link in a raw mail (quoted-printable decoded). */
function resetLinkIn(raw: string): URL {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9%_-]+/.exec(decoded)
  if (!match) throw new Error(`no reset link in:\n${decoded}`)
  return new URL(match[0])
}

describe.each(DATABASE_KINDS)('password reset on %s', (kind) => {
  let database: TestDatabase
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let app: TestApp

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    smtp = await startSmtpServer()
    app = await startApp(database, { SMTP_URL: smtp.url })
  })
  afterEach(async () => {
    await database.db.delete(users)
    await database.db.delete(authRateLimits)
    smtp.received.length = 0
  })
  afterAll(async () => {
    await app.dispose()
    await smtp.close()
    await database.dispose()
  })

  // Registration's confirmation mail goes through the same server: only the reset mails count here.
  const resetMails = () => smtp.received.filter((m) => m.raw.includes('Subject: Reset your Whirl password'))
  const forgot = (email: string) => send(app, '/api/account/forgot-password', { email })
  const reset = (token: string, password: string, confirmPassword = password) =>
    send(app, '/api/account/reset-password', { token, password, confirmPassword })

  it('mails a link, sets the new password, signs the user in and ends every other session', async () => {
    const { user, cookie: firstSession } = await register(app)
    const second = await send(app, '/api/account/login', { email: user.email, password: user.password })
    const secondSession = cookieFrom(second)

    const asked = await forgot(user.email.toUpperCase())
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE })

    const mail = await waitFor(() => resetMails()[0])
    expect(mail.to).toEqual([user.email])
    expect(mail.raw).toContain('Subject: Reset your Whirl password')
    const link = resetLinkIn(mail.raw)
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_ORIGIN}/reset-password`)
    const token = link.searchParams.get('token') as string

    const done = await reset(token, 'brand-new-pw')
    expect(done.statusCode).toBe(200)
    expect(done.json().profile.email).toBe(user.email)
    const newSession = cookieFrom(done)
    expect((await send(app, '/api/profile', undefined, { cookie: newSession })).statusCode).toBe(200)
    for (const old of [firstSession, secondSession]) {
      expect((await send(app, '/api/profile', undefined, { cookie: old })).statusCode).toBe(401)
    }

    const oldPassword = await send(app, '/api/account/login', { email: user.email, password: user.password })
    expect(oldPassword.statusCode).toBe(401)
    const newPassword = await send(app, '/api/account/login', { email: user.email, password: 'brand-new-pw' })
    expect(newPassword.statusCode).toBe(200)

    const again = await reset(token, 'another-pw-1')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: INVALID_LINK })
  })

  it('answers the same for an email without an account, and sends nothing', async () => {
    const { user } = await register(app)
    const unknown = await forgot('nobody-here@example.com')
    const known = await forgot(user.email)
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.json()).toEqual(known.json())
    await waitFor(() => resetMails().length === 1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(resetMails().map((m) => m.to)).toEqual([[user.email]])
  })

  it('refuses an expired link and changes nothing', async () => {
    const { user } = await register(app)
    await forgot(user.email)
    const token = resetLinkIn((await waitFor(() => resetMails()[0])).raw).searchParams.get('token') as string
    await database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) })
    const res = await reset(token, 'too-late-pw')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: INVALID_LINK })
    expect(res.headers['set-cookie']).toBeUndefined()
    const login = await send(app, '/api/account/login', { email: user.email, password: user.password })
    expect(login.statusCode).toBe(200)
  })

  it.each([
    ['a-made-up-token', 'valid-pw-1', 'valid-pw-1', INVALID_LINK],
    ['whatever', '12345', '12345', 'Password must be at least 8 characters long'],
    ['whatever', 'valid-pw-1', 'valid-pw-2', 'Passwords do not match'],
  ])('refuses token %s with password %s / %s', async (token, password, confirm, message) => {
    const res = await reset(token, password, confirm)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: message })
  })

  it.each([
    ['', 'Email is required'],
    ['not-an-email', 'Please enter a valid email address'],
  ])('checks the email %j before anything is sent', async (email, message) => {
    const res = await forgot(email)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: message })
  })
})

describe('password reset without a mail server (outbox)', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
  })
  afterAll(async () => database.dispose())

  it('writes the mail to the outbox and never prints the link in the server log', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk))
        callback()
      },
    })
    const config = testConfig()
    const app = await buildApp(config, { database, logger: { level: 'info', stream } })
    try {
      await app.ready()
      const { user } = await register(app)
      await send(app, '/api/account/forgot-password', { email: user.email })
      const outbox = path.join(config.dataDir, 'outbox')
      const file = await waitFor(() => {
        try {
          // Registration's confirmation mail is there too: the reset mail is the one with the link.
          return readdirSync(outbox).find(
            (f) =>
              f.endsWith('.eml') && readFileSync(path.join(outbox, f), 'utf8').includes('reset-password'),
          )
        } catch {
          return undefined
        }
      })
      const link = resetLinkIn(readFileSync(path.join(outbox, file), 'utf8'))
      expect(link.searchParams.get('token')).toBeTruthy()
      expect(lines.join('')).not.toContain(link.searchParams.get('token') as string)
      expect(lines.join('')).not.toContain('reset-password?token=')
    } finally {
      await app.close()
      config.cleanup()
    }
  })
})
