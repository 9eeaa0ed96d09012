import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { VISITOR_QUOTA_MESSAGE } from '../../core/account/storage'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import type { CustomTheme } from '../../core/wheel/themes'
import { authRateLimits, customThemes, draws, shares, storedBytes, users, wheels } from '../db/schema'
import { APP_ORIGIN, register, registerPremium, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

const QUOTA = 20_000
const at = new Date(Date.UTC(2026, 10, 26, 12)).toISOString()
const wheelOf = (id: string, count: number): Wheel => ({
  ...createDefaultWheel(),
  id,
  name: `Wheel ${id}`,
  items: Array.from({ length: count }, (_, i) => ({
    id: `${id}i${i}`,
    text: `Item ${i} ${'x'.repeat(60)}`,
    color: '#3b82f6',
  })),
  createdAt: at,
  updatedAt: at,
})
const entries = (n: number) => Array.from({ length: n }, (_, i) => [`Guest ${i} ${'y'.repeat(60)}`, 1])
const themes = (n: number): CustomTheme[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    name: `Theme ${i}`,
    colors: Array(12).fill('#0ea5e9'),
  }))
const FULL =
  /^Your Whirl storage is full \(\d+ KB of 20 KB used\)\. Delete saved wheels or share links on \/saved to make room; \/profile shows what uses it\. Nothing was changed\.$/

describe.each(DATABASE_KINDS)('one byte quota per account on %s', (kind) => {
  const server = useTestApp(kind, {
    build: { quota: { accountBytes: QUOTA, visitorBytesPerDay: 3_000 } },
    clean: [users, shares, authRateLimits],
  })

  const push = (cookie: string, w: Wheel, since: number) =>
    send(server.app, '/api/wheels/sync', { since, changes: [{ id: w.id, base: null, wheel: w }] }, { cookie })
  const usage = async (cookie: string) =>
    (await send(server.app, '/api/profile/usage', undefined, { cookie })).json()
  const share = (cookie: string | undefined, w: Wheel, ip?: string) =>
    send(server.app, '/api/shares', { wheel: w }, { cookie, ip })
  const draw = (cookie: string) =>
    send(server.app, '/api/draws', { name: 'Raffle', entries: entries(60) }, { cookie })
  const syncThemes = (cookie: string) =>
    send(server.app, '/api/themes/sync', { themes: themes(20), deleted: [] }, { cookie })

  it('an account at its quota gets 413 on a share, a draw, a theme and a sync push, with nothing written; deleting frees room', async () => {
    const { cookie, profile } = await registerPremium(server.app)
    const userId: string = profile.userId
    expect((await push(cookie, wheelOf('a', 100), 0)).statusCode).toBe(200)
    const link = await share(cookie, wheelOf('s', 60))
    expect(link.statusCode).toBe(201)
    const before = await usage(cookie)
    expect(before.quotaBytes).toBe(QUOTA)
    expect(before.stores.wheels).toBeGreaterThan(10_000)
    expect(before.stores.shares).toBeGreaterThan(5_000)
    expect(before.usedBytes).toBe(before.stores.wheels + before.stores.shares)
    expect(before.usedBytes).toBeLessThan(QUOTA)

    // The saved wheels alone would fit: the push is refused for the whole account.
    const pushed = await push(cookie, wheelOf('b', 60), 1)
    expect(pushed.statusCode).toBe(413)
    expect(pushed.json().error).toMatch(FULL)
    const shared = await share(cookie, wheelOf('s2', 60))
    expect(shared.statusCode).toBe(413)
    expect(shared.json().error).toMatch(FULL)
    const drawn = await draw(cookie)
    expect(drawn.statusCode).toBe(413)
    expect(drawn.json().error).toMatch(FULL)
    const themed = await syncThemes(cookie)
    expect(themed.statusCode).toBe(413)
    expect(themed.json().error).toMatch(FULL)

    const ids = async (table: typeof wheels | typeof draws) =>
      (await server.database.db.select({ id: table.id }).from(table).where(eq(table.userId, userId))).map(
        (r) => r.id,
      )
    expect(await ids(wheels)).toEqual(['a'])
    expect(await ids(draws)).toEqual([])
    expect(await server.database.db.select().from(shares).where(eq(shares.ownerId, userId))).toHaveLength(1)
    expect(
      await server.database.db.select().from(customThemes).where(eq(customThemes.userId, userId)),
    ).toEqual([])
    expect(await usage(cookie)).toEqual(before)

    // Deleting the link frees its bytes at once.
    const id = link.json().share.id
    expect(
      (
        await server.app.inject({
          method: 'DELETE',
          url: `/api/shares/${id}`,
          headers: { origin: APP_ORIGIN, cookie },
        })
      ).statusCode,
    ).toBe(204)
    expect((await usage(cookie)).stores.shares).toBe(0)
    expect((await draw(cookie)).statusCode).toBe(201)
    expect((await syncThemes(cookie)).statusCode).toBe(200)
    const after = await usage(cookie)
    expect(after.stores.draws).toBeGreaterThan(4_000)
    expect(after.stores.themes).toBeGreaterThan(3_000)
    expect(after.usedBytes).toBe(after.stores.wheels + after.stores.draws + after.stores.themes)
  })

  it('a push that frees room is taken even over the quota, and the running totals go with the account', async () => {
    const { cookie, profile } = await registerPremium(server.app)
    expect((await push(cookie, wheelOf('a', 100), 0)).statusCode).toBe(200)
    expect((await share(cookie, wheelOf('s', 60))).statusCode).toBe(201)
    const del = await send(
      server.app,
      '/api/wheels/sync',
      { since: 1, changes: [{ id: 'a', base: at, wheel: null }] },
      { cookie },
    )
    expect(del.statusCode).toBe(200)
    expect((await usage(cookie)).stores.wheels).toBe(0)
    await server.database.db.delete(users).where(eq(users.id, profile.userId))
    expect(
      await server.database.db.select().from(storedBytes).where(eq(storedBytes.userId, profile.userId)),
    ).toEqual([])
  })

  it('visitors’ links have a daily quota per address, answered with a clear 413', async () => {
    const small = wheelOf('v', 15)
    const first = await share(undefined, small, '10.33.0.1')
    expect(first.statusCode).toBe(201)
    const refused = await share(undefined, wheelOf('v', 15), '10.33.0.1')
    expect(refused.statusCode).toBe(413)
    expect(refused.json().error).toBe(VISITOR_QUOTA_MESSAGE)
    expect(await server.database.db.select().from(shares)).toHaveLength(1)
    // Another address has its own day; a signed-in user counts towards their account instead.
    expect((await share(undefined, small, '10.33.0.2')).statusCode).toBe(201)
    const { cookie } = await register(server.app)
    expect((await share(cookie, small, '10.33.0.1')).statusCode).toBe(201)
  })
})
