import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { SyncChange, SyncResponse } from '../../core/sync/protocol'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { savedWheelVersions } from '../db/schema'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

const DAY = 86_400_000
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString()
const wheel = (id: string, items: number, minute = 0, name = `Wheel ${id}`): Wheel => ({
  ...createDefaultWheel(),
  id,
  name,
  items: Array.from({ length: items }, (_, i) => ({
    id: `${id}i${i}`,
    text: `Item ${i} ${'x'.repeat(60)}`,
    color: '#3b82f6',
  })),
  createdAt: at(0),
  updatedAt: at(minute),
})
/** A change of wheel `w` made from the version saved at `baseMinute`. */
const change = (w: Wheel, baseMinute: number | null): SyncChange => ({
  id: w.id as string,
  base: baseMinute === null ? null : at(baseMinute),
  wheel: w,
})
type Listed = { id: string; itemCount: number; name: string; bytes: number; savedAt: string }

describe.each(DATABASE_KINDS)('saved wheel versions on %s', (kind) => {
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
  let cursor = 0
  const push = async (cookie: string, changes: SyncChange[]) => {
    const answer = await send(server.app, '/api/wheels/sync', { since: cursor, changes }, { cookie })
    if (answer.statusCode === 200) cursor = answer.json().cursor
    return answer
  }
  const versions = async (cookie: string, id: string): Promise<Listed[]> => {
    const answer = await send(server.app, `/api/wheels/${id}/versions`, undefined, { cookie })
    expect(answer.statusCode).toBe(200)
    return answer.json().versions
  }
  const stored = (userId: string, wheelId: string) =>
    server.database.db
      .select()
      .from(savedWheelVersions)
      .where(and(eq(savedWheelVersions.userId, userId), eq(savedWheelVersions.wheelId, wheelId)))
  const age = (userId: string, ms: number) =>
    server.database.db
      .update(savedWheelVersions)
      .set({ createdAt: sql`${savedWheelVersions.createdAt} - ${`${ms} milliseconds`}::interval` })
      .where(eq(savedWheelVersions.userId, userId))

  it('a wheel emptied keeps its 16 items as a version, listed and read back; a restore keeps the empty one too', async () => {
    cursor = 0
    const { cookie } = await premium()
    expect((await push(cookie, [change(wheel('raffle', 16), null)])).statusCode).toBe(200)
    expect((await push(cookie, [change(wheel('raffle', 0, 1), 0)])).statusCode).toBe(200)
    const [kept, ...none] = await versions(cookie, 'raffle')
    expect(none).toEqual([])
    expect(kept).toMatchObject({ itemCount: 16, name: 'Wheel raffle', savedAt: at(0) })
    expect(kept?.bytes).toBeGreaterThan(1000)
    const read = await send(server.app, `/api/wheels/raffle/versions/${kept?.id}`, undefined, { cookie })
    expect(read.statusCode).toBe(200)
    expect(read.json().version.wheel.items).toHaveLength(16)

    // "Download my data" holds it.
    const exported = JSON.parse((await send(server.app, '/api/account/data', undefined, { cookie })).body)
    expect(exported.savedWheelVersions).toMatchObject([
      { wheelId: 'raffle', wheel: { name: 'Wheel raffle' } },
    ])
    expect(exported.savedWheelVersions[0].wheel.items).toHaveLength(16)

    // Restored in the browser, synced as a normal change: the empty content is a version too.
    expect((await push(cookie, [change(wheel('raffle', 16, 2), 1)])).statusCode).toBe(200)
    expect((await versions(cookie, 'raffle')).map((v) => v.itemCount)).toEqual([0, 16])
    // A small edit right after makes no version; restoring the 16 items again keeps it all the same.
    expect((await push(cookie, [change(wheel('raffle', 15, 3), 2)])).statusCode).toBe(200)
    expect((await versions(cookie, 'raffle')).map((v) => v.itemCount)).toEqual([0, 16])
    expect((await push(cookie, [change(wheel('raffle', 16, 4), 3)])).statusCode).toBe(200)
    expect((await versions(cookie, 'raffle')).map((v) => v.itemCount)).toEqual([15, 0, 16])
  })

  it('while a wheel is edited, at most one version per 10 minutes; the same content saved again is none', async () => {
    cursor = 0
    const { cookie, profile } = await premium()
    await push(cookie, [change(wheel('a', 6), null)])
    // Saved again unchanged (a new time only): no version.
    await push(cookie, [change(wheel('a', 6, 1), 0)])
    expect(await stored(profile.userId, 'a')).toEqual([])
    for (let minute = 2; minute <= 5; minute++)
      await push(cookie, [change(wheel('a', 6, minute, `Name ${minute}`), minute - 1)])
    expect((await versions(cookie, 'a')).map((v) => v.name)).toEqual(['Wheel a'])
    await age(profile.userId, 11 * 60_000)
    await push(cookie, [change(wheel('a', 6, 6, 'Name 6'), 5)])
    expect((await versions(cookie, 'a')).map((v) => v.name)).toEqual(['Name 5', 'Wheel a'])
  })

  it('keeps the newest 20 and every version of the last 30 days; older ones beyond the 20 go', async () => {
    cursor = 0
    const { cookie, profile } = await premium()
    await push(cookie, [change(wheel('a', 4), null), change(wheel('b', 4), null)])
    const old = (wheelId: string, days: number, n: number) => ({
      userId: profile.userId,
      wheelId,
      name: `v${n}`,
      data: wheel(wheelId, 4),
      dataBytes: 100,
      itemCount: 4,
      createdAt: new Date(Date.now() - days * DAY - n * 1000),
    })
    await server.database.db
      .insert(savedWheelVersions)
      .values([
        ...Array.from({ length: 3 }, (_, n) => old('a', 5, n)),
        ...Array.from({ length: 25 }, (_, n) => old('a', 40, n + 3)),
        ...Array.from({ length: 30 }, (_, n) => old('b', 2, n)),
      ])
    await push(cookie, [change(wheel('a', 5, 1), 0), change(wheel('b', 5, 1), 0)])
    const a = await versions(cookie, 'a')
    expect(a).toHaveLength(20)
    expect(a.map((v) => v.name).slice(0, 5)).toEqual(['Wheel a', 'v0', 'v1', 'v2', 'v3'])
    expect(a.at(-1)?.name).toBe('v18')
    // Every version of the last 30 days stays, however many.
    expect(await versions(cookie, 'b')).toHaveLength(31)
  })

  it('a deleted wheel’s versions go with it', async () => {
    cursor = 0
    const { cookie, profile } = await premium()
    await push(cookie, [change(wheel('a', 8), null)])
    await push(cookie, [change(wheel('a', 0, 1), 0)])
    expect(await stored(profile.userId, 'a')).toHaveLength(1)
    await push(cookie, [{ id: 'a', base: at(1), wheel: null }])
    expect(await stored(profile.userId, 'a')).toEqual([])
  })

  it('versions count towards the quota: the oldest go first to make room, never a current wheel', async () => {
    cursor = 0
    const { cookie, profile } = await premium()
    // About 118 bytes an item; the quota is 200,000 bytes.
    const ok = async (changes: SyncChange[]) => expect((await push(cookie, changes)).statusCode).toBe(200)
    const counts = async (id: string) => (await versions(cookie, id)).map((v) => v.itemCount)
    await ok([change(wheel('a', 900), null)])
    await ok([change(wheel('a', 0, 1), 0)])
    await age(profile.userId, 60_000)
    await ok([change(wheel('b', 600), null)])
    await ok([change(wheel('b', 0, 1), 0)])
    expect([await counts('a'), await counts('b')]).toEqual([[900], [600]])
    // A new wheel that does not fit beside both versions: the older one (a's) makes room.
    await ok([change(wheel('c', 300), null)])
    expect([await counts('a'), await counts('b')]).toEqual([[], [600]])
    await ok([change(wheel('d', 1300), null)])
    expect(await counts('b')).toEqual([])
    // Current wheels the quota cannot hold even without versions: refused, nothing changed.
    await ok([change(wheel('c', 0, 1), 0)])
    const full = await push(cookie, [change(wheel('e', 500), null)])
    expect(full.statusCode).toBe(413)
    expect(await counts('c')).toEqual([300])
  })

  it('a share link at the quota makes room from the oldest versions, never a current wheel', async () => {
    cursor = 0
    const { cookie, profile } = await premium()
    const ok = async (changes: SyncChange[]) => expect((await push(cookie, changes)).statusCode).toBe(200)
    const counts = async (id: string) => (await versions(cookie, id)).map((v) => v.itemCount)
    // About 118 bytes an item; the quota is 200,000 bytes: a's version and b fill most of it.
    await ok([change(wheel('a', 900), null)])
    await ok([change(wheel('a', 0, 1), 0)])
    await ok([change(wheel('b', 600), null)])
    const usage = async () => (await send(server.app, '/api/profile/usage', undefined, { cookie })).json()
    expect((await usage()).stores.versions).toBeGreaterThan(100_000)
    // A link that fits only without a's version: the version goes, the link is made.
    const link = await send(server.app, '/api/shares', { wheel: wheel('s', 300) }, { cookie })
    expect(link.statusCode).toBe(201)
    expect(await counts('a')).toEqual([])
    expect((await usage()).stores.versions).toBe(0)
    expect(await stored(profile.userId, 'a')).toEqual([])
    // A link that would not fit even then: refused, b untouched.
    const refused = await send(server.app, '/api/shares', { wheel: wheel('t', 900) }, { cookie })
    expect(refused.statusCode).toBe(413)
    const pulled = await send(server.app, '/api/wheels?since=0', undefined, { cookie })
    const b = (pulled.json() as SyncResponse).wheels.find((w) => w.id === 'b')
    expect(b?.wheel?.items).toHaveLength(600)
  })

  it('lists only the user’s own versions, for Premium, and refuses bad ids', async () => {
    cursor = 0
    const owner = await premium()
    await push(owner.cookie, [change(wheel('a', 8), null)])
    await push(owner.cookie, [change(wheel('a', 0, 1), 0)])
    const [kept] = await versions(owner.cookie, 'a')
    const other = await premium()
    expect(await versions(other.cookie, 'a')).toEqual([])
    const stolen = await send(server.app, `/api/wheels/a/versions/${kept?.id}`, undefined, {
      cookie: other.cookie,
    })
    expect(stolen.statusCode).toBe(404)
    expect(stolen.json().error).toBe('This version is no longer kept.')
    const bad = await send(server.app, '/api/wheels/a/versions/0x1', undefined, { cookie: owner.cookie })
    expect(bad.statusCode).toBe(400)
    const free = await register(server.app)
    const refused = await send(server.app, '/api/wheels/a/versions', undefined, { cookie: free.cookie })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatch(/need Premium/)
  })
})
