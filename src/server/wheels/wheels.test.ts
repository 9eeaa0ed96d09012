import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CONFLICT_SUFFIX, type SyncChange, syncedWheelSchema } from '../../core/sync/protocol'
import { createDefaultWheel, MAX_WHEEL_NAME, type Wheel } from '../../core/wheel/model'
import { wheels } from '../db/schema'
import { register, registerPremium, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString()
const wheel = (id: string, name: string, updated = 0, items = ['A', 'B']): Wheel => ({
  ...createDefaultWheel(),
  id,
  name,
  items: items.map((text, i) => ({ id: `${id}i${i}`, text, color: '#3b82f6' })),
  createdAt: at(0),
  updatedAt: at(updated),
})
const upsert = (w: Wheel, base: string | null = null): SyncChange => ({ id: w.id as string, base, wheel: w })

describe.each(DATABASE_KINDS)('cloud sync of saved wheels on %s', (kind) => {
  const server = useTestApp(kind)

  const premium = () => registerPremium(server.app)
  const push = (cookie: string, changes: SyncChange[], since = 0) =>
    send(server.app, '/api/wheels/sync', { since, changes }, { cookie })
  const pull = (cookie: string, since = 0) =>
    send(server.app, `/api/wheels?since=${since}`, undefined, { cookie })
  const rows = async (userId: string) =>
    server.database.db.select().from(wheels).where(eq(wheels.userId, userId))

  it('stores a premium user’s wheels and hands them to another device, never to another user', async () => {
    const ada = await premium()
    const res = await push(ada.cookie, [upsert(wheel('w1', 'Lunch')), upsert(wheel('w2', 'Chores'))])
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ cursor: 2, conflicts: [], canWrite: true })
    const pulled = (await pull(ada.cookie)).json()
    expect(pulled.wheels.map((w: { wheel: Wheel }) => w.wheel.name)).toEqual(['Lunch', 'Chores'])
    expect(pulled.cursor).toBe(2)
    expect((await pull(ada.cookie, 2)).json().wheels).toEqual([])

    const bob = await premium()
    expect((await pull(bob.cookie)).json().wheels).toEqual([])
    // Bob uses the same wheel id: it is his own row; Ada's is untouched.
    await push(bob.cookie, [upsert(wheel('w1', 'Bob’s wheel'))])
    expect((await rows(ada.profile.userId)).find((r) => r.id === 'w1')?.name).toBe('Lunch')
    await push(bob.cookie, [{ id: 'w2', base: at(0), wheel: null }])
    expect((await rows(ada.profile.userId)).find((r) => r.id === 'w2')?.deletedAt).toBeNull()
  })

  it('a batch that names a wheel twice applies its changes in order', async () => {
    const { cookie, profile } = await premium()
    const res = await push(cookie, [
      upsert(wheel('w1', 'Lunch')),
      upsert(wheel('w1', 'Lunch v2', 5), at(0)),
      { id: 'w2', base: null, wheel: wheel('w2', 'Chores') },
      { id: 'w2', base: at(0), wheel: null },
    ])
    expect(res.statusCode).toBe(200)
    expect(res.json().conflicts).toEqual([])
    const stored = await rows(profile.userId)
    expect(stored.map((r) => [r.id, r.name, r.revision, r.deletedAt !== null]).sort()).toEqual([
      ['w1', 'Lunch v2', 2, false],
      ['w2', '', 4, true],
    ])
  })

  it('replaces a wheel changed from the server’s version, and deletes leave a tombstone', async () => {
    const { cookie } = await premium()
    await push(cookie, [upsert(wheel('w1', 'Lunch'))])
    const res = await push(cookie, [upsert(wheel('w1', 'Lunch v2', 5), at(0))], 1)
    expect(res.json().wheels).toEqual([expect.objectContaining({ id: 'w1', revision: 2, updatedAt: at(5) })])
    expect(res.json().wheels[0].wheel.name).toBe('Lunch v2')
    const deleted = await push(cookie, [{ id: 'w1', base: at(5), wheel: null }], 2)
    expect(deleted.json().wheels).toEqual([{ id: 'w1', wheel: null, updatedAt: at(5), revision: 3 }])
  })

  it('on a conflict the newer version keeps the wheel and the other is kept as a conflict copy', async () => {
    const { cookie } = await premium()
    await push(cookie, [upsert(wheel('w1', 'Original'))])
    await push(cookie, [upsert(wheel('w1', 'Phone edit', 10), at(0))])
    // The laptop edited the original too, later: it wins; the phone's version becomes a copy.
    const laptop = await push(cookie, [upsert(wheel('w1', 'Laptop edit', 20), at(0))], 2)
    const body = laptop.json()
    expect(body.conflicts).toHaveLength(1)
    const names = body.wheels.map((w: { wheel: Wheel }) => w.wheel.name).sort()
    expect(names).toEqual(['Laptop edit', 'Phone edit (conflict copy)'])
    // An older edit against a stale base loses the id and is kept as a copy.
    const old = await push(cookie, [upsert(wheel('w1', 'Old tablet edit', 1), at(0))], 4)
    expect(old.json().wheels.map((w: { wheel: Wheel }) => w.wheel.name)).toEqual([
      'Old tablet edit (conflict copy)',
    ])
    const all = (await pull(cookie)).json().wheels.map((w: { wheel: Wheel }) => w.wheel.name)
    expect(all.sort()).toEqual([
      'Laptop edit',
      'Old tablet edit (conflict copy)',
      'Phone edit (conflict copy)',
    ])
    // A delete against a stale base does not remove a wheel changed elsewhere.
    await push(cookie, [{ id: 'w1', base: at(0), wheel: null }])
    expect((await pull(cookie)).json().wheels.find((w: { id: string }) => w.id === 'w1').wheel.name).toBe(
      'Laptop edit',
    )
  })

  it('asked to, leaves out of its answer the wheels it stored as sent, and sends the rest whole', async () => {
    const { cookie } = await premium()
    const omitting = (changes: SyncChange[], since: number) =>
      send(server.app, '/api/wheels/sync', { since, changes, omitSent: true }, { cookie })
    await push(cookie, [upsert(wheel('w1', 'Original')), upsert(wheel('w2', 'Chores'))])
    await push(cookie, [upsert(wheel('w1', 'Phone edit', 10), at(0))], 2)
    await push(cookie, [upsert(wheel('w3', 'From the phone'))], 3)
    // The laptop (cursor 2) wins w1 against the phone's edit, stores w4 as sent and deletes w2.
    const res = await omitting(
      [
        upsert(wheel('w4', 'Draft')),
        upsert(wheel('w1', 'Laptop edit', 20), at(0)),
        upsert(wheel('w4', 'New', 2), at(0)),
        { id: 'w2', base: at(0), wheel: null },
      ],
      2,
    )
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const copy = body.conflicts[0].copyId
    expect(body.wheels.map((w: { id: string; sent?: number }) => [w.id, w.sent ?? null])).toEqual([
      ['w3', null],
      ['w1', 1],
      [copy, null],
      ['w4', 2],
      ['w2', null],
    ])
    const byId = new Map(body.wheels.map((w: { id: string; wheel: Wheel | null }) => [w.id, w.wheel]))
    expect(byId.get('w1')).toBeNull()
    expect(byId.get('w4')).toBeNull()
    expect((byId.get('w3') as Wheel).name).toBe('From the phone')
    expect((byId.get(copy) as Wheel).name).toBe(`Phone edit${CONFLICT_SUFFIX}`)
    expect(byId.get('w2')).toBeNull()
    // What was left out is stored: another device gets it whole.
    const pulled = (await pull(cookie, 3)).json().wheels.map((w: { wheel: Wheel | null }) => w.wheel?.name)
    expect(pulled).toEqual([
      'From the phone',
      'Laptop edit',
      `Phone edit${CONFLICT_SUFFIX}`,
      'New',
      undefined,
    ])
    // An upload sent again (the page left before its answer): what the server has is not sent back.
    const again = await omitting([upsert(wheel('w4', 'New', 2), at(0))], 2)
    expect(again.json().wheels.find((w: { id: string }) => w.id === 'w4')).toMatchObject({
      wheel: null,
      sent: 0,
    })
    expect(again.json().cursor).toBe(9)
    // Not asked to: the answer is whole, as older clients expect.
    const whole = await push(cookie, [upsert(wheel('w5', 'Whole'))], 9)
    expect(whole.json().wheels).toEqual([
      { id: 'w5', wheel: expect.objectContaining({ name: 'Whole' }), updatedAt: at(0), revision: 10 },
    ])
  })

  it('cuts a long name for its conflict copy between characters, never inside one', async () => {
    const { cookie } = await premium()
    // 100 UTF-16 units, the most a name may have, with an emoji (two units) where the cut falls.
    const long = `${'x'.repeat(83)}🎡${'y'.repeat(15)}`
    expect(long).toHaveLength(MAX_WHEEL_NAME)
    await push(cookie, [upsert(wheel('w1', 'Original'))])
    await push(cookie, [upsert(wheel('w1', 'Newer', 10), at(0))])
    const stale = await push(cookie, [upsert(wheel('w1', long, 5), at(0))], 2)
    expect(stale.statusCode).toBe(200)
    const copy = stale.json().wheels[0].wheel as Wheel
    expect(copy.name).toBe(`${'x'.repeat(83)}${CONFLICT_SUFFIX}`)
    expect(syncedWheelSchema.safeParse(copy).success).toBe(true)
    expect((await pull(cookie)).json().wheels.map((w: { wheel: Wheel }) => w.wheel.name)).toContain(copy.name)
  })

  it('refuses a free user’s writes but lets a lapsed user read; visitors and other sites are refused', async () => {
    const ada = await premium()
    await push(ada.cookie, [upsert(wheel('w1', 'Kept'))])
    await server.app.accounts.profiles.updatePlan(ada.profile.userId, {
      planType: 'free',
      subscriptionStatus: 'expired',
    })
    const read = (await pull(ada.cookie)).json()
    expect(read.canWrite).toBe(false)
    expect(read.wheels).toHaveLength(1)
    const write = await push(ada.cookie, [upsert(wheel('w2', 'New'))])
    expect(write.statusCode).toBe(403)
    expect(write.json().error).toMatch(/needs Premium/)
    expect(await rows(ada.profile.userId)).toHaveLength(1)
    expect((await send(server.app, '/api/wheels')).statusCode).toBe(401)
    const premiumUser = await premium()
    const crossSite = await send(
      server.app,
      '/api/wheels/sync',
      { since: 0, changes: [] },
      {
        cookie: premiumUser.cookie,
        origin: 'https://evil.example',
      },
    )
    expect(crossSite.statusCode).toBe(403)
  })

  it('refuses bad wheels and more than 500 wheels, changing nothing', async () => {
    const { cookie, profile } = await premium()
    const bad: unknown[] = [
      {
        since: 0,
        changes: [
          {
            id: 'w1',
            base: null,
            wheel: { ...wheel('w1', 'x'), items: [{ id: 'a', text: 'A', color: 'red' }] },
          },
        ],
      },
      { since: 0, changes: [{ id: 'w1', base: null, wheel: { ...wheel('w1', 'x'), id: null } }] },
      { since: 0, changes: [{ id: '../x', base: null, wheel: null }] },
      { since: -1, changes: [] },
      { changes: 'all of them' },
    ]
    for (const body of bad)
      expect((await send(server.app, '/api/wheels/sync', body, { cookie })).statusCode).toBe(400)
    expect(
      (await push(cookie, [upsert(wheel('w2', 'x')), { ...upsert(wheel('w3', 'y')), id: 'w4' }])).statusCode,
    ).toBe(400)
    // A date the format allows but the database cannot hold (there is no year 0).
    const yearZero = await push(cookie, [
      upsert({ ...wheel('w5', 'x'), createdAt: '0000-01-01T00:00:00.000Z' }),
    ])
    expect(yearZero.statusCode).toBe(400)
    expect(yearZero.json().error).toMatch(/cannot be stored/)
    const tooMany = Array.from({ length: 501 }, (_, i) => upsert(wheel(`w${i}`, `Wheel ${i}`)))
    const res = await push(cookie, tooMany)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatch(/up to 500 saved wheels/)
    expect(await rows(profile.userId)).toHaveLength(0)
    const big = wheel(
      'big',
      'Big',
      0,
      Array.from({ length: 10_000 }, (_, i) => `Item number ${i}`),
    )
    expect((await push(cookie, [upsert(big)])).statusCode).toBe(200)
    expect((await rows(profile.userId))[0]?.itemCount).toBe(10_000)
  })

  it('lists the user’s live wheels newest first with name, item count and times, and no items', async () => {
    const ada = await premium()
    await push(ada.cookie, [
      upsert(wheel('w1', 'Lunch', 1, ['Soup', 'Salad', 'Pie'])),
      upsert(wheel('w2', 'Chores', 5, ['Dishes'])),
      upsert(wheel('w3', 'Gone', 3)),
    ])
    await push(ada.cookie, [{ id: 'w3', base: at(3), wheel: null }], 3)
    const list = (cookie?: string) =>
      send(server.app, '/api/wheels/list', undefined, cookie ? { cookie } : {})

    const res = await list(ada.cookie)
    expect(res.statusCode).toBe(200)
    const listed: { id: string; name: string; itemCount: number; updatedAt: string; syncedAt: string }[] =
      res.json().wheels
    expect(listed.map((w) => [w.id, w.name, w.itemCount, w.updatedAt])).toEqual([
      ['w2', 'Chores', 1, at(5)],
      ['w1', 'Lunch', 3, at(1)],
    ])
    expect(Number.isNaN(Date.parse(listed[0]?.syncedAt ?? ''))).toBe(false)
    expect(JSON.stringify(listed)).not.toContain('Soup')
    expect((await list((await register(server.app)).cookie)).json()).toEqual({ wheels: [] })
    expect((await list()).statusCode).toBe(401)
  })

  it('still answers the previous version’s call (eight arguments, seven columns) during a deploy', async () => {
    const { profile } = await premium()
    const changes = JSON.stringify([upsert(wheel('w1', 'From an old process'))])
    const result = await server.database.db.execute(
      sql`select o_cursor, o_conflicts, id, data, updated_at, deleted_at, revision
        from sync_push_wheels(${profile.userId}::text, 0::int, ${changes}::jsonb, 500::int,
          52428800::bigint, 84::int, ' (conflict copy)'::text, '5000'::text)`,
    )
    const rows = (result as unknown as { rows: { id: string; data: Wheel; revision: number }[] }).rows
    expect(rows.map((r) => [r.id, r.data.name, Number(r.revision)])).toEqual([
      ['w1', 'From an old process', 1],
    ])
  })

  it('indexes wheels by user and revision, the order the sync reads them in', async () => {
    const result = await server.database.db.execute(
      sql`select indexdef from pg_indexes where schemaname = current_schema() and tablename = 'wheels' and indexname like '%_idx'`,
    )
    const defs = (result as unknown as { rows: { indexdef: string }[] }).rows.map((r) => r.indexdef)
    expect(defs).toHaveLength(1)
    expect(defs[0]).toContain('(user_id, revision)')
  })
})
