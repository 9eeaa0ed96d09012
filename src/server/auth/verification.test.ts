import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../db/schema'
import type { MailMessage } from '../mail/mailer'
import { newUser, register, send, startApp } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { waitFor } from '../testing/smtp'
import { useTestApp } from '../testing/test-app'

describe.each(DATABASE_KINDS)('email verification on %s', (kind) => {
  const server = useTestApp(kind, { clean: [] })

  const outbox = () => path.join(server.app.config.dataDir, 'outbox')
  // The mail goes out from the job queue: waited for as every mail is (up to 10 s).
  const mailTo = async (email: string, subject: string) =>
    waitFor(() =>
      (existsSync(outbox()) ? readdirSync(outbox()) : [])
        .filter((f) => f.endsWith('.eml'))
        .map((f) => readFileSync(path.join(outbox(), f), 'utf8'))
        .find((m) => m.includes(`To: ${email}`) && m.includes(subject))
        ?.replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
  const verified = async (email: string) =>
    (await server.database.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerified

  it('sends a verification mail at registration; its link marks the address verified', async () => {
    const { user } = await register(server.app, newUser(), '10.6.0.1')
    expect(await verified(user.email)).toBe(false)
    const mail = await mailTo(user.email, 'Confirm your Whirl email address')
    const link = new URL(/https?:\/\/\S+verify-email\S+/.exec(mail)?.[0] ?? '')
    const res = await send(server.app, `${link.pathname}${link.search}`)
    expect(res.statusCode).toBe(302)
    // Back to the plans page, where the confirmed address unlocks the free trial.
    expect(res.headers.location).toBe('/subscription?verified=1')
    expect(await verified(user.email)).toBe(true)
  })

  it('a successful password reset marks the address verified', async () => {
    const { user } = await register(server.app, newUser(), '10.6.0.2')
    await send(server.app, '/api/account/forgot-password', { email: user.email }, { ip: '10.6.0.3' })
    const mail = await mailTo(user.email, 'Reset your Whirl password')
    const token = /reset-password\?token=([\w-]+)/.exec(mail)?.[1] ?? ''
    const reset = await send(
      server.app,
      '/api/account/reset-password',
      { token, password: 'a-new-secret', confirmPassword: 'a-new-secret' },
      { ip: '10.6.0.4' },
    )
    expect(reset.statusCode).toBe(200)
    expect(await verified(user.email)).toBe(true)
  })

  it('a stopping app waits for a sign-up mail still under way, so none is cut off', async () => {
    const delivered: MailMessage[] = []
    let startedSending = () => {}
    const sending = new Promise<void>((resolve) => {
      startedSending = resolve
    })
    const app = await startApp(
      server.database,
      {},
      {
        mailer: {
          kind: 'outbox',
          async send(mail) {
            startedSending()
            await new Promise((resolve) => setTimeout(resolve, 300))
            delivered.push(mail)
            return { messageId: String(delivered.length) }
          },
          close() {},
        },
      },
    )
    const { user } = await register(app, newUser(), '10.6.0.5')
    await sending
    // The answer did not wait for the mail; the stop does.
    expect(delivered).toHaveLength(0)
    await app.dispose()
    expect(delivered.map((m) => m.to)).toEqual([user.email])
  })
})
