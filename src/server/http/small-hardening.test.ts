import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { createContactMailQueue } from '../contact/mail-queue'
import { contactMessages } from '../db/schema'
import type { Mailer } from '../mail/mailer'
import { newUser, register, send } from '../testing/auth'
import { DATABASE_KINDS, testConfig } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

const DAY = 86_400_000

describe.each(DATABASE_KINDS)('smaller hardening on %s', (kind) => {
  const server = useTestApp(kind, { env: { AUTH_RATE_LIMIT_IP: '5' }, clean: [] })

  it('writes no reset link to the log, and outbox files are readable by the owner only', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const config = testConfig({ LOG_LEVEL: 'debug' })
    const logged = await buildApp(config, { database: server.database, logger: { level: 'debug', stream } })
    await logged.ready()
    try {
      const { user } = await register(logged, newUser(), '10.2.0.1')
      await send(logged, '/api/account/forgot-password', { email: user.email }, { ip: '10.2.0.2' })
      const outbox = path.join(config.dataDir, 'outbox')
      for (let i = 0; i < 50 && !(existsSync(outbox) && readdirSync(outbox).length); i++)
        await new Promise((r) => setTimeout(r, 50))
      await new Promise((r) => setTimeout(r, 200))
      const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'))
      expect(files.length).toBeGreaterThan(0)
      for (const file of files) expect(statSync(path.join(outbox, file)).mode & 0o777).toBe(0o600)
      expect(lines.join('')).not.toMatch(/reset-password\?token=/)
    } finally {
      await logged.close()
      config.cleanup()
    }
  })

  it('refuses passwords shorter than 8 characters', async () => {
    const res = await send(
      server.app,
      '/api/account/register',
      { ...newUser(), password: 'seven77', confirmPassword: 'seven77' },
      { ip: '10.3.0.1' },
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('Password must be at least 8 characters long')
  })

  it('says an email is taken, but only under the sign-up rate limit', async () => {
    const { user } = await register(server.app, newUser(), '10.4.0.1')
    const answers = []
    for (let i = 0; i < 7; i++) {
      answers.push(await send(server.app, '/api/account/register', user, { ip: '10.4.0.2' }))
    }
    expect(answers[0]?.statusCode).toBe(422)
    expect(answers[0]?.json().error).toMatch(/already/)
    expect(answers.at(-1)?.statusCode).toBe(429)
  })

  it('rate-limits billing creations and webhook calls', async () => {
    const { cookie } = await register(server.app, newUser(), '10.5.0.1')
    const creations = []
    for (let i = 0; i < 12; i++) {
      creations.push(
        (await send(server.app, '/api/billing/create-payment', {}, { cookie, ip: '10.5.0.2' })).statusCode,
      )
    }
    expect(creations.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(creations.at(-1)).toBe(429)
    const hooks = []
    for (let i = 0; i < 125; i++) {
      hooks.push(
        (
          await server.app.inject({
            method: 'POST',
            url: '/api/billing/webhook',
            remoteAddress: '10.5.0.3',
            headers: { 'content-type': 'application/json' },
            payload: '{}',
          })
        ).statusCode,
      )
    }
    expect(hooks.at(-1)).toBe(429)
  })

  it('stops retrying a contact mail after 7 days, keeping the message and flagging it', async () => {
    const [row] = await server.database.db
      .insert(contactMessages)
      .values({ name: 'A', email: 'a@example.com', subject: 'S', message: 'M', type: 'general' })
      .returning()
    const id = row?.id as number
    let clock = Date.now()
    const failing: Mailer = {
      kind: 'smtp',
      send: async () => {
        throw new Error('mail server down')
      },
      close: () => {},
    }
    const log = { info: () => {}, warn: () => {} }
    const queue = createContactMailQueue({
      db: server.database.db,
      mailer: failing,
      supportEmail: 's@example.com',
      log,
      baseBackoffMs: 1,
      maxBackoffMs: 1,
      now: () => new Date(clock),
    })
    await queue.kick()
    const [retrying] = await server.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
    expect(retrying).toMatchObject({ mailStatus: 'pending', gaveUpAt: null })
    clock += 7 * DAY + 60_000
    await queue.kick()
    const [kept] = await server.database.db.select().from(contactMessages).where(eq(contactMessages.id, id))
    expect(kept?.mailStatus).toBe('failed')
    expect(kept?.gaveUpAt).toBeInstanceOf(Date)
    expect(kept?.message).toBe('M')
    clock += DAY
    await queue.kick()
    const [still] = await server.database.db.select().from(contactMessages).where(eq(contactMessages.id, id))
    expect(still?.attempts).toBe(kept?.attempts)
  })
})
