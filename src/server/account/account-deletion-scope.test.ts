import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contactMessages, users } from '../db/schema'
import type { Mailer } from '../mail/mailer'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { USER_TABLES, useTestApp } from '../testing/test-app'

const MESSAGE = { name: 'Ada', subject: 'Hi', message: 'Hello there', type: 'general' }

/** Deleting an account touches only that account's rows, never another address's or account's. */
describe.each(DATABASE_KINDS)('what an account deletion and a data download reach on %s', (kind) => {
  const mailer: Mailer = {
    kind: 'outbox',
    async send() {
      return { messageId: 'm' }
    },
    close() {},
  }
  const server = useTestApp(kind, {
    env: { AUTH_RATE_LIMIT_EMAIL: '2' },
    build: { mailer },
    clean: [...USER_TABLES, contactMessages],
  })

  const forgot = (email: string) => send(server.app, '/api/account/forgot-password', { email })
  const deleteAccount = (cookie: string, password: string) =>
    send(server.app, '/api/account/delete', { password }, { cookie })

  it('deleting vic_im… keeps the reset-mail limit of vicxim… (an underscore in the address is no pattern)', async () => {
    const tag = Math.random().toString(36).slice(2, 8)
    const other = `vicxim-${tag}@example.com`
    expect((await forgot(other)).statusCode).toBe(200)
    expect((await forgot(other)).statusCode).toBe(200)
    expect((await forgot(other)).statusCode).toBe(429)

    const vic = await register(server.app, {
      displayName: 'Vic',
      email: `vic_im-${tag}@example.com`,
      password: 'wheel-secret',
      confirmPassword: 'wheel-secret',
    })
    expect((await deleteAccount(vic.cookie, vic.user.password)).statusCode).toBe(200)
    // The other address is still limited: its counter was not reset by someone else's deletion.
    expect((await forgot(other)).statusCode).toBe(429)
    // The deleted account's own counters do go.
    const { cookie, user } = await register(server.app, {
      displayName: 'Percy',
      email: `percy-${tag}@example.com`,
      password: 'wheel-secret',
      confirmPassword: 'wheel-secret',
    })
    expect((await forgot(user.email)).statusCode).toBe(200)
    expect((await forgot(user.email)).statusCode).toBe(200)
    expect((await forgot(user.email)).statusCode).toBe(429)
    expect((await deleteAccount(cookie, user.password)).statusCode).toBe(200)
    expect((await forgot(user.email)).statusCode).toBe(200)
  })

  it("a message belongs to the account that sent it: A's message typed with B's address is A's, not B's", async () => {
    const a = await register(server.app)
    const b = await register(server.app)
    await server.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, b.profile.userId))
    const sent = await send(
      server.app,
      '/api/contact',
      { ...MESSAGE, email: b.user.email, message: 'Written by A' },
      { cookie: a.cookie },
    )
    expect(sent.statusCode).toBe(200)
    // Signed out, anyone may type B's address too: that proves nothing either.
    expect(
      (await send(server.app, '/api/contact', { ...MESSAGE, email: b.user.email, message: 'Signed out' }))
        .statusCode,
    ).toBe(200)

    const exportOf = async (cookie: string) =>
      (await send(server.app, '/api/account/data', undefined, { cookie })).json().contactMessages as {
        message: string
      }[]
    expect(await exportOf(b.cookie)).toEqual([])
    expect((await exportOf(a.cookie)).map((m) => m.message)).toEqual(['Written by A'])

    expect((await deleteAccount(b.cookie, b.user.password)).statusCode).toBe(200)
    const kept = await server.database.db.select().from(contactMessages)
    expect(kept.map((m) => m.message).sort()).toEqual(['Signed out', 'Written by A'])

    expect((await deleteAccount(a.cookie, a.user.password)).statusCode).toBe(200)
    expect((await server.database.db.select().from(contactMessages)).map((m) => m.message)).toEqual([
      'Signed out',
    ])
  })
})
