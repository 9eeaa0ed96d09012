import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import {
  billingOrders,
  billingSubscriptions,
  contactMessages,
  customThemes,
  draws,
  loginFailures,
  sandboxPayments,
  shares,
  users,
  wheels,
} from '../db/schema'
import type { Mailer, MailMessage } from '../mail/mailer'
import { APP_ORIGIN, register, send, type TestApp } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { USER_TABLES, useTestApp } from '../testing/test-app'

/** Every row, in every table, that still names the user by id or email. */
async function rowsNaming(db: Db, userId: string, email: string): Promise<string[]> {
  const columns = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb')`)) as unknown as
    | { rows: { table_name: string; column_name: string }[] }
    | { table_name: string; column_name: string }[]
  const list = Array.isArray(columns) ? columns : columns.rows
  const found: string[] = []
  for (const { table_name, column_name } of list) {
    if (table_name === '__drizzle_migrations') continue
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}
          where ${sql.identifier(column_name)}::text ilike ${`%${userId}%`}
             or ${sql.identifier(column_name)}::text ilike ${`%${email}%`}`,
    )) as unknown as { rows: { n: number }[] } | { n: number }[]
    const n = (Array.isArray(result) ? result : result.rows)[0]?.n ?? 0
    if (n > 0) found.push(`${table_name}.${column_name}: ${n}`)
  }
  return found
}

const MESSAGE = {
  name: 'Ada',
  email: 'ada@example.com',
  subject: 'Hi',
  message: 'Hello there',
  type: 'general',
}

function decide(app: TestApp, field: 'subscription_id' | 'order_id', id: string) {
  return app.inject({
    method: 'POST',
    url: '/billing/sandbox/approve',
    headers: { origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ [field]: id, decision: 'approve' }).toString(),
  })
}

describe.each(DATABASE_KINDS)('download my data and delete my account on %s', (kind) => {
  const sent: MailMessage[] = []
  const mailer: Mailer = {
    kind: 'outbox',
    async send(message) {
      sent.push(message)
      return { messageId: String(sent.length) }
    },
    close() {},
  }
  const server = useTestApp(kind, {
    build: { mailer },
    clean: [...USER_TABLES, contactMessages, loginFailures],
  })

  /** A premium user with an active sandbox subscription, a paid order and rows in every module. */
  async function busyUser() {
    const { cookie, profile, user } = await register(server.app)
    const created = (
      await send(server.app, '/api/billing/create-subscription', { plan_type: 'premium' }, { cookie })
    ).json()
    await decide(server.app, 'subscription_id', created.subscription_id)
    const activated = await send(
      server.app,
      '/api/billing/activate-subscription',
      { subscription_id: created.subscription_id },
      { cookie },
    )
    expect(activated.statusCode).toBe(200)
    const order = (await send(server.app, '/api/billing/create-payment', {}, { cookie })).json()
    await decide(server.app, 'order_id', order.order_id)
    expect(
      (await send(server.app, '/api/billing/capture-payment', { order_id: order.order_id }, { cookie }))
        .statusCode,
    ).toBe(200)
    const now = new Date()
    const wheel = { id: 'w-1', name: 'Lunch', items: [{ id: 'i1', text: 'Soup', color: '#ef4444' }] }
    await server.database.db.insert(wheels).values({
      userId: profile.userId,
      id: 'w-1',
      name: 'Lunch',
      data: wheel,
      itemCount: 1,
      createdAt: now,
      updatedAt: now,
    })
    const stream = { id: 't-1', name: 'Stream', colors: ['#0ea5e9', '#f43f5e'] }
    await server.database.db.insert(customThemes).values({ userId: profile.userId, themes: [stream] })
    await server.database.db.insert(shares).values({
      id: `s-${profile.userId}`,
      ownerId: profile.userId,
      name: 'Lunch',
      itemCount: 1,
      snapshot: wheel,
    })
    await server.database.db.insert(draws).values({
      id: `d-${profile.userId}`,
      userId: profile.userId,
      name: 'Lunch',
      entries: [['Soup', 1]],
      wheelHash: 'h',
      serverSeed: 'secret-seed',
      commitment: 'c',
    })
    // Sent while signed in, from another address than the account's.
    const contact = await send(
      server.app,
      '/api/contact',
      { ...MESSAGE, email: 'ada@elsewhere.example' },
      { cookie },
    )
    expect(contact.statusCode).toBe(200)
    return {
      cookie,
      profile,
      user,
      subscriptionId: created.subscription_id as string,
      orderId: order.order_id as string,
    }
  }

  it('streams a large account page by page into one valid file: 45 saved wheels, none missing or doubled', async () => {
    const { cookie, profile } = await register(server.app)
    const at = new Date('2026-11-23T10:00:00.000Z')
    await server.database.db.insert(wheels).values(
      Array.from({ length: 45 }, (_, i) => ({
        userId: profile.userId,
        id: `big-${String(i).padStart(2, '0')}`,
        name: `Big ${i}`,
        data: { name: `Big ${i}`, items: [{ id: 'a', text: `Entry of ${i}`, color: '#3b82f6' }] },
        itemCount: 1,
        createdAt: at,
        updatedAt: at,
      })),
    )
    const res = await send(server.app, '/api/account/data', undefined, { cookie })
    expect(res.statusCode).toBe(200)
    const data = JSON.parse(res.body)
    expect((data.savedWheels as { id: string }[]).map((w) => w.id).sort()).toEqual(
      Array.from({ length: 45 }, (_, i) => `big-${String(i).padStart(2, '0')}`),
    )
    expect(data.shares).toEqual([])
    expect(data.draws).toEqual([])
    expect(data.contactMessages).toEqual([])
  })

  it('downloads one JSON file with the profile, subscriptions, wheels, shares, draws and messages, and no secrets', async () => {
    const { cookie, profile, subscriptionId } = await busyUser()
    const res = await send(server.app, '/api/account/data', undefined, { cookie })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe('attachment; filename="whirl-my-data.json"')
    const data = res.json()
    expect(data.profile).toMatchObject({
      userId: profile.userId,
      planType: 'monthly',
      subscriptionStatus: 'active',
    })
    expect(data.subscriptions).toEqual([expect.objectContaining({ id: subscriptionId, status: 'ACTIVE' })])
    expect(data.payments).toHaveLength(1)
    expect(data.savedWheels).toEqual([
      expect.objectContaining({ id: 'w-1', wheel: expect.objectContaining({ name: 'Lunch' }) }),
    ])
    expect(data.customThemes).toEqual([{ id: 't-1', name: 'Stream', colors: ['#0ea5e9', '#f43f5e'] }])
    expect(data.shares).toHaveLength(1)
    expect(data.draws).toEqual([expect.objectContaining({ name: 'Lunch', serverSeed: null })])
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: 'Hello there' })])
    expect(data.account.signIn).toEqual([expect.objectContaining({ provider: 'credential' })])
    expect(res.body).not.toContain('secret-seed')
    expect(res.body).not.toMatch(/"password"|scrypt|token/i)
    expect((await send(server.app, '/api/account/data')).statusCode).toBe(401)
  })

  it('messages someone else sent from the same address are neither downloaded nor deleted, verified or not', async () => {
    const victimEmail = `victim-${Math.random().toString(36).slice(2, 8)}@example.com`
    // The real owner of the address writes in while signed out.
    expect(
      (
        await send(server.app, '/api/contact', {
          ...MESSAGE,
          email: victimEmail,
          message: 'My private question',
        })
      ).statusCode,
    ).toBe(200)
    // Someone registers an account with that address (sign-up does not verify it).
    const { cookie, profile, user } = await register(server.app, {
      displayName: 'Mallory',
      email: victimEmail.toUpperCase(),
      password: 'wheel-secret',
      confirmPassword: 'wheel-secret',
    })
    const data = (await send(server.app, '/api/account/data', undefined, { cookie })).json()
    expect(data.contactMessages).toEqual([])
    expect(
      (await send(server.app, '/api/account/delete', { password: user.password }, { cookie })).statusCode,
    ).toBe(200)
    const kept = await server.database.db.select().from(contactMessages)
    expect(kept).toEqual([expect.objectContaining({ email: victimEmail, message: 'My private question' })])

    // Nor does a verified address make it the account's: a message belongs to the account that sent it
    // while signed in (account-deletion-scope.test.ts), and this one was sent signed out.
    const owner = await register(server.app, { ...user, email: victimEmail })
    await server.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, owner.profile.userId))
    const own = (await send(server.app, '/api/account/data', undefined, { cookie: owner.cookie })).json()
    expect(own.contactMessages).toEqual([])
    expect(profile.userId).not.toBe(owner.profile.userId)
  })

  it('wrong passwords count with failed sign-ins: past 5 from one address even the right one is refused with 429', async () => {
    const { cookie, profile, user } = await register(server.app)
    for (let i = 0; i < 5; i++) {
      const wrong = await send(server.app, '/api/account/delete', { password: `guess-${i}` }, { cookie })
      expect(wrong.statusCode).toBe(403)
    }
    const refused = await send(server.app, '/api/account/delete', { password: user.password }, { cookie })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toBe('Too many attempts. Please wait 15 minutes and try again.')
    // Sign-in from that address is held back too: the same counter.
    const signIn = await send(server.app, '/api/account/login', {
      email: user.email,
      password: user.password,
    })
    expect(signIn.statusCode).toBe(429)
    expect((await server.database.db.select().from(users).where(eq(users.id, profile.userId))).length).toBe(1)
    // The owner, from another address, still can.
    const elsewhere = await send(
      server.app,
      '/api/account/delete',
      { password: user.password },
      { cookie, ip: '10.4.4.4' },
    )
    expect(elsewhere.statusCode).toBe(200)
    expect(await rowsNaming(server.database.db, profile.userId, profile.email)).toEqual([])
  })

  it('a wrong or missing password deletes nothing', async () => {
    const { cookie, profile } = await busyUser()
    const before = await rowsNaming(server.database.db, profile.userId, profile.email)
    const wrong = await send(server.app, '/api/account/delete', { password: 'not-it' }, { cookie })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().error).toBe('That password is not correct. Your account was not deleted.')
    expect((await send(server.app, '/api/account/delete', {}, { cookie })).statusCode).toBe(400)
    expect((await send(server.app, '/api/account/delete', { password: 7 }, { cookie })).statusCode).toBe(400)
    // Only the failure counter (wrong passwords count like failed sign-ins) is new.
    const after = await rowsNaming(server.database.db, profile.userId, profile.email)
    expect(after.filter((row) => !row.startsWith('login_failures.'))).toEqual(before)
    expect(before.length).toBeGreaterThan(5)
  })

  it('cancels the subscription with the provider, removes every row of the user but the anonymised order, signs out and mails', async () => {
    const other = await busyUser()
    const { cookie, profile, user, subscriptionId, orderId } = await busyUser()
    const second = await send(server.app, '/api/account/login', {
      email: user.email,
      password: user.password,
    })
    const secondCookie = second.headers['set-cookie']
    expect(secondCookie).toBeTruthy()
    const otherBefore = await rowsNaming(server.database.db, other.profile.userId, other.profile.email)

    const res = await send(server.app, '/api/account/delete', { password: user.password }, { cookie })
    expect(res.statusCode).toBe(200)
    const [provider] = await server.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, subscriptionId))
    expect(provider?.status).toBe('CANCELLED')

    expect(await rowsNaming(server.database.db, profile.userId, profile.email)).toEqual([])
    const [order] = await server.database.db.select().from(billingOrders).where(eq(billingOrders.id, orderId))
    expect(order).toMatchObject({ userId: null, amount: '6.99', status: 'COMPLETED' })
    expect(
      await server.database.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.id, subscriptionId)),
    ).toEqual([])

    for (const c of [cookie, String(secondCookie).split(';')[0]]) {
      expect((await send(server.app, '/api/session', undefined, { cookie: c })).json()).toEqual({
        profile: null,
      })
    }
    expect(sent.at(-1)).toMatchObject({ to: profile.email, subject: 'Your Whirl account has been deleted' })
    expect(await rowsNaming(server.database.db, other.profile.userId, other.profile.email)).toEqual(
      otherBefore,
    )
  })
})
