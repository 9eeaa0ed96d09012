import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import type { SyncChange } from '../../core/sync/protocol'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { STATEMENT_TIMEOUT_MS } from '../db/client'
import { wheels } from '../db/schema'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'
import { createWheelRepository } from './repository'

const DAY = 86_400_000
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString()
const wheel = (id: string, items = 2): Wheel => ({
  ...createDefaultWheel(),
  id,
  name: `Wheel ${id}`,
  items: Array.from({ length: items }, (_, i) => ({
    id: `${id}i${i}`,
    text: `Item ${i} ${'x'.repeat(60)}`,
    color: '#3b82f6',
  })),
  createdAt: at(0),
  updatedAt: at(0),
})
const upsert = (w: Wheel): SyncChange => ({ id: w.id as string, base: null, wheel: w })

describe.each(DATABASE_KINDS)('cloud storage limits on %s', (kind) => {
  const server = useTestApp(kind, { build: { quota: { accountBytes: 200_000 } } })

  async function premium() {
    const user = await register(server.app)
    await server.app.accounts.profiles.updatePlan(user.profile.userId, {
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date(Date.now() + 30 * DAY),
    })
    return user
  }
  const push = (cookie: string, changes: SyncChange[], since = 0) =>
    send(server.app, '/api/wheels/sync', { since, changes }, { cookie })
  const rows = (userId: string) => server.database.db.select().from(wheels).where(eq(wheels.userId, userId))

  it('refuses a push past the account’s quota with a clear message, changing nothing', async () => {
    const { cookie, profile } = await premium()
    expect((await push(cookie, [upsert(wheel('a', 1000))])).statusCode).toBe(200)
    const full = await push(cookie, [upsert(wheel('b', 1000)), upsert(wheel('c', 1000))], 1)
    expect(full.statusCode).toBe(413)
    expect(full.json().error).toMatch(
      /^Your Whirl storage is full \(\d+ KB of 195 KB used\)\. Delete saved wheels/,
    )
    expect((await rows(profile.userId)).map((r) => r.id)).toEqual(['a'])
  })

  it('a deleted wheel’s bytes are free again at once, and a rewritten wheel counts once', async () => {
    const { cookie } = await premium()
    expect((await push(cookie, [upsert(wheel('a', 1000))])).statusCode).toBe(200)
    expect((await push(cookie, [upsert(wheel('b', 1000))], 1)).statusCode).toBe(413)
    // Rewriting the same wheel replaces its size rather than adding to it.
    const renamed = { ...wheel('a', 1000), name: 'Renamed', updatedAt: at(1) }
    expect((await push(cookie, [{ id: 'a', base: at(0), wheel: renamed }], 1)).statusCode).toBe(200)
    expect((await push(cookie, [upsert(wheel('b', 1000))], 2)).statusCode).toBe(413)
    const freed = await push(cookie, [{ id: 'a', base: at(1), wheel: null }, upsert(wheel('b', 1000))], 2)
    expect(freed.statusCode).toBe(200)
  })

  it('at 500 wheels a batch that deletes one may add one, and a conflict copy counts as a wheel', async () => {
    const { cookie } = await premium()
    const many = Array.from({ length: 500 }, (_, i) => upsert(wheel(`w${i}`, 1)))
    expect((await push(cookie, many)).statusCode).toBe(200)
    expect((await push(cookie, [upsert(wheel('extra', 1))], 500)).statusCode).toBe(409)
    const swap = await push(cookie, [{ id: 'w0', base: at(0), wheel: null }, upsert(wheel('extra', 1))], 500)
    expect(swap.statusCode).toBe(200)
    // A stale edit of a wheel changed since would be kept as a 501st wheel: refused, nothing changed.
    const stale = { ...wheel('w1', 1), name: 'Stale', updatedAt: at(1) }
    const newer = { ...wheel('w1', 1), name: 'Newer', updatedAt: at(2) }
    expect((await push(cookie, [{ id: 'w1', base: at(0), wheel: newer }], 502)).statusCode).toBe(200)
    const copy = await push(cookie, [{ id: 'w1', base: at(0), wheel: stale }], 503)
    expect(copy.statusCode).toBe(409)
  })

  it('a delete clears the wheel’s data at once', async () => {
    const { cookie, profile } = await premium()
    await push(cookie, [upsert(wheel('a', 5))])
    await push(cookie, [{ id: 'a', base: at(0), wheel: null }], 1)
    const [row] = await rows(profile.userId)
    expect(row?.deletedAt).not.toBeNull()
    expect(row?.data).toEqual({})
    expect(row?.name).toBe('')
  })

  it('pages pulls with limit and a next cursor, and refuses a cursor beyond the account’s', async () => {
    const { cookie } = await premium()
    await push(
      cookie,
      ['a', 'b', 'c', 'd', 'e'].map((id) => upsert(wheel(id))),
    )
    const first = (await send(server.app, '/api/wheels?since=0&limit=2', undefined, { cookie })).json()
    expect(first.wheels.map((w: { id: string }) => w.id)).toEqual(['a', 'b'])
    expect(first).toMatchObject({ cursor: 2, more: true })
    const rest = (
      await send(server.app, `/api/wheels?since=${first.cursor}&limit=10`, undefined, { cookie })
    ).json()
    expect(rest.wheels.map((w: { id: string }) => w.id)).toEqual(['c', 'd', 'e'])
    expect(rest).toMatchObject({ cursor: 5, more: false })
    for (const url of ['/api/wheels?since=6', '/api/wheels?limit=0', '/api/wheels?limit=501']) {
      expect((await send(server.app, url, undefined, { cookie })).statusCode, url).toBe(400)
    }
    const ahead = await push(cookie, [upsert(wheel('f'))], 99)
    expect(ahead.statusCode).toBe(400)
    expect(ahead.json().error).toMatch(/cursor is ahead/)
  })

  it('purges tombstones older than 30 days, keeping each account’s newest row', async () => {
    const { cookie, profile } = await premium()
    await push(cookie, [upsert(wheel('a')), upsert(wheel('b')), upsert(wheel('c'))])
    await push(cookie, [{ id: 'a', base: at(0), wheel: null }], 3)
    await push(cookie, [{ id: 'b', base: at(0), wheel: null }], 4)
    const repo = createWheelRepository(server.database.db)
    expect(await repo.purgeTombstones(new Date(Date.now() + 10 * DAY))).toBe(0)
    expect(await repo.purgeTombstones(new Date(Date.now() + 31 * DAY))).toBe(1)
    expect((await rows(profile.userId)).map((r) => r.id).sort()).toEqual(['b', 'c'])
  })

  it('ten parallel syncs of one user all finish', async () => {
    const { cookie, profile } = await premium()
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => push(cookie, [upsert(wheel(`p${i}`))])),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200))
    expect(await rows(profile.userId)).toHaveLength(10)
  })

  it.skipIf(kind !== 'postgres')('runs every statement under a time limit', async () => {
    const result = await server.database.db.execute(sql`show statement_timeout`)
    const [row] = (result as unknown as { rows: { statement_timeout: string }[] }).rows
    expect(row?.statement_timeout).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`)
  })

  it.skipIf(kind !== 'postgres')(
    'a sync waiting on a held lock gives up with 503 instead of hanging',
    async () => {
      const { cookie, profile } = await premium()
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await client.connect()
      try {
        await client.query('begin')
        await client.query('select pg_advisory_xact_lock(hashtext($1))', [`wheels:${profile.userId}`])
        const started = Date.now()
        const res = await push(cookie, [upsert(wheel('x'))])
        expect(res.statusCode).toBe(503)
        expect(Date.now() - started).toBeLessThan(8_000)
        await client.query('rollback')
      } finally {
        await client.end()
      }
      expect(await server.database.db.execute(sql`select 1`)).toBeTruthy()
    },
    15_000,
  )
})
