import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SyncChange } from '../../core/sync/protocol'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { wheels } from '../db/schema'
import { createInProcessProfileEvents } from '../events/events'
import { registerPremium, send, startApp, startSecondProcess } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { waitFor } from '../testing/smtp'
import { useTestApp } from '../testing/test-app'
import { type CursorCache, createCursorCache } from './cursor-cache'

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
/** A read of u1's wheels that finds `top` as their highest revision. */
const readTop = (cache: CursorCache, top: number) =>
  cache.track(
    'u1',
    async () => top,
    (found) => found,
  )

describe('the per-process cache of sync cursors', () => {
  it('keeps a user’s cursor from a read, and takes the cursor their pushes announce', async () => {
    const events = createInProcessProfileEvents()
    const cache = createCursorCache(events)
    expect(cache.get('u1')).toBeUndefined()
    await readTop(cache, 7)
    expect(cache.get('u1')).toBe(7)
    await events.publish('u2', 30)
    await tick()
    expect(cache.get('u1')).toBe(7)
    await events.publish('u1', 9)
    await tick()
    expect(cache.get('u1')).toBe(9)
    // An older cursor arriving late (or a read that started before a push) never lowers it.
    await readTop(cache, 8)
    cache.pushed('u1', 8)
    expect(cache.get('u1')).toBe(9)
    // Changes that may have been missed (the listening connection was lost): only the database knows.
    await events.publish('u1')
    await tick()
    expect(cache.get('u1')).toBeUndefined()
  })

  it('keeps no read that a loss of events overtook, no page that is not the last, nothing past 10 seconds', async () => {
    let time = 1_000_000
    const events = createInProcessProfileEvents()
    const cache = createCursorCache(events, () => time)
    let release: () => void = () => {}
    const slow = cache.track(
      'u1',
      () =>
        new Promise<number>((resolve) => {
          release = () => resolve(3)
        }),
      (top) => top,
    )
    await events.publish('u1')
    await tick()
    release()
    await slow
    expect(cache.get('u1')).toBeUndefined()
    await cache.track(
      'u1',
      async () => 4,
      () => undefined,
    )
    expect(cache.get('u1')).toBeUndefined()
    await readTop(cache, 5)
    expect(cache.get('u1')).toBe(5)
    time += 10_001
    expect(cache.get('u1')).toBeUndefined()
  })

  it('a push of a user it never watched is not taken on trust', () => {
    const cache = createCursorCache(createInProcessProfileEvents())
    cache.pushed('u9', 4)
    expect(cache.get('u9')).toBeUndefined()
    cache.watch('u9')
    cache.pushed('u9', 4)
    expect(cache.get('u9')).toBe(4)
  })
})

const wheel = (id: string, name: string): Wheel => ({
  ...createDefaultWheel(),
  id,
  name,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
})
const upsert = (w: Wheel): SyncChange => ({ id: w.id as string, base: null, wheel: w })

describe.each(DATABASE_KINDS)('asking for changes when there are none, on %s', (kind) => {
  const server = useTestApp(kind, { clean: [] })

  it('is answered from memory, and a push is seen by the very next ask', async () => {
    const { cookie, profile } = await registerPremium(server.app)
    const pushed = await send(
      server.app,
      '/api/wheels/sync',
      { since: 0, changes: [upsert(wheel('w1', 'Lunch'))] },
      { cookie },
    )
    const cursor = pushed.json().cursor as number
    const ask = (since: number) => send(server.app, `/api/wheels?since=${since}`, undefined, { cookie })
    expect((await ask(cursor)).json()).toMatchObject({ wheels: [], cursor, more: false })
    // Written behind the server's back: the cached answer ("nothing new") stands, proving it is the cache's.
    const own = eq(wheels.userId, profile.userId)
    await server.database.db
      .update(wheels)
      .set({ revision: cursor + 1 })
      .where(own)
    expect((await ask(cursor)).json()).toMatchObject({ wheels: [], cursor })
    await server.database.db.update(wheels).set({ revision: cursor }).where(own)
    // A push through the server is seen at once by the next ask, with the old cursor.
    await send(
      server.app,
      '/api/wheels/sync',
      { since: cursor, changes: [upsert(wheel('w2', 'Chores'))] },
      { cookie },
    )
    const next = (await ask(cursor)).json()
    expect(next.wheels.map((w: { wheel: Wheel }) => w.wheel.name)).toEqual(['Chores'])
    expect(next.cursor).toBe(cursor + 1)
    // A cursor ahead of the account's is still refused.
    expect((await ask(cursor + 5)).statusCode).toBe(400)
  })
})

describe.skipIf(!DATABASE_KINDS.includes('postgres'))('sync cursors across server processes', () => {
  let database: TestDatabase
  const cleanups: (() => Promise<unknown>)[] = []
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  afterAll(async () => database.dispose())

  it('a push on one process is seen by an ask on the other within a second', async () => {
    const a = await startApp(database)
    cleanups.push(() => a.dispose())
    const b = await startSecondProcess(database, cleanups)
    const { cookie } = await registerPremium(a)
    const first = await send(
      a,
      '/api/wheels/sync',
      { since: 0, changes: [upsert(wheel('w1', 'Lunch'))] },
      { cookie },
    )
    const cursor = first.json().cursor as number
    // B learns the cursor and answers "nothing new" from memory.
    expect((await send(b, `/api/wheels?since=${cursor}`, undefined, { cookie })).json().wheels).toEqual([])
    await send(a, '/api/wheels/sync', { since: cursor, changes: [upsert(wheel('w2', 'Chores'))] }, { cookie })
    await waitFor(async () => {
      const asked = (await send(b, `/api/wheels?since=${cursor}`, undefined, { cookie })).json()
      return asked.wheels.length === 1 && asked.wheels[0].wheel.name === 'Chores' ? true : undefined
    }, 1000)
  })
})
