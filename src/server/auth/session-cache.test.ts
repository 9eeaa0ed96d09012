import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { profiles, verifications } from '../db/schema'
import { createInProcessProfileEvents } from '../events/events'
import type { SessionRead } from '../http/guards'
import { register, send, startApp, startSecondProcess, type TestApp } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { waitFor } from '../testing/smtp'
import { createSessionCache } from './session-cache'

const read = (userId: string, expiresAt = new Date(Date.now() + 60_000)): SessionRead => ({
  userId,
  sessionId: `s-${userId}`,
  email: `${userId}@example.com`,
  profile: null,
  expiresAt,
})

describe('session cache', () => {
  it('reads a session once, then from memory until an event of its user', async () => {
    const events = createInProcessProfileEvents()
    const cache = createSessionCache(events)
    let loads = 0
    const load = async () => {
      loads += 1
      return read('u1')
    }
    await cache.get('t1', load)
    await cache.get('t1', load)
    expect(loads).toBe(1)
    await events.publish('u2')
    await new Promise((resolve) => setTimeout(resolve, 0))
    await cache.get('t1', load)
    expect(loads).toBe(1)
    await events.publish('u1')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(cache.size()).toBe(0)
    await cache.get('t1', load)
    expect(loads).toBe(2)
  })

  it('keeps no read that a change of its user overtook, even in a process that cached nothing of that user', async () => {
    const events = createInProcessProfileEvents()
    const cache = createSessionCache(events)
    let loads = 0
    let release: () => void = () => {}
    // The read of u4's session starts before another process signs u4 out, and ends after its event.
    const slowRead = cache.get('t4', async () => {
      loads += 1
      await new Promise<void>((resolve) => {
        release = resolve
      })
      return read('u4')
    })
    await events.publish('u4')
    await new Promise((resolve) => setTimeout(resolve, 0))
    release()
    await slowRead
    expect(cache.size()).toBe(0)
    await cache.get('t4', async () => {
      loads += 1
      return null
    })
    expect(loads).toBe(2)
  })

  it('keeps no unknown token, no expired session, and no read an invalidation overtook', async () => {
    let time = 1_000_000
    const events = createInProcessProfileEvents()
    const cache = createSessionCache(events, () => time)
    expect(await cache.get('nobody', async () => null)).toBeNull()
    await cache.get('short', async () => read('u1', new Date(time + 10)))
    time += 20
    let loads = 0
    await cache.get('short', async () => {
      loads += 1
      return null
    })
    expect(loads).toBe(1)
    expect(cache.size()).toBe(0)
    await cache.get('raced', async () => {
      cache.invalidate('u3')
      return read('u3')
    })
    expect(cache.size()).toBe(0)
    await cache.get('old', async () => read('u4', new Date(time + 3_600_000)))
    time += 61_000
    expect(await cache.get('old', async () => null)).toBeNull()
  })
})

describe.skipIf(!DATABASE_KINDS.includes('postgres'))('session cache across server processes', () => {
  let database: TestDatabase
  const cleanups: (() => Promise<unknown>)[] = []

  beforeAll(async () => {
    database = await openTestDatabase('postgres')
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  afterAll(async () => database.dispose())

  /** Two server processes on one schema: each its own pool, listening connection and cache. */
  async function twoProcesses(): Promise<[TestApp, TestApp]> {
    const a = await startApp(database)
    cleanups.push(() => a.dispose())
    return [a, await startSecondProcess(database, cleanups)]
  }

  /** Polls B's /api/profile until `done` holds; fails after one second. */
  const within1s = (app: TestApp, cookie: string, done: (status: number, body: string) => boolean) =>
    waitFor(async () => {
      const response = await send(app, '/api/profile', undefined, { cookie })
      return done(response.statusCode, response.body)
    }, 1000)

  it('a plan change on one process is seen by the other within a second (and not before its event)', async () => {
    const [a, b] = await twoProcesses()
    const { cookie, profile } = await register(a)
    expect((await send(a, '/api/profile', undefined, { cookie })).statusCode).toBe(200)
    expect((await send(b, '/api/profile', undefined, { cookie })).json().profile.planType).toBe('free')
    // Written behind the server's back, with no event: B keeps its cached copy.
    await database.db
      .update(profiles)
      .set({ displayName: 'Unannounced' })
      .where(eq(profiles.userId, profile.userId))
    expect((await send(b, '/api/profile', undefined, { cookie })).json().profile.displayName).not.toBe(
      'Unannounced',
    )
    await a.accounts.profiles.updatePlan(profile.userId, {
      planType: 'monthly',
      subscriptionStatus: 'active',
    })
    // The process that made the change sees it at once.
    expect((await send(a, '/api/profile', undefined, { cookie })).json().profile.planType).toBe('monthly')
    await within1s(
      b,
      cookie,
      (status, body) => status === 200 && JSON.parse(body).profile.planType === 'monthly',
    )
  })

  it('a sign-out on one process ends the session on the other within a second', async () => {
    const [a, b] = await twoProcesses()
    const { cookie } = await register(a)
    expect((await send(b, '/api/profile', undefined, { cookie })).statusCode).toBe(200)
    expect((await send(a, '/api/account/logout', {}, { cookie })).statusCode).toBe(200)
    await within1s(b, cookie, (status) => status === 401)
  })

  it('a password reset on one process ends the sessions on the other within a second', async () => {
    const [a, b] = await twoProcesses()
    const { cookie, profile, user } = await register(a)
    expect((await send(b, '/api/profile', undefined, { cookie })).statusCode).toBe(200)
    await send(a, '/api/account/forgot-password', { email: user.email })
    const [request] = await waitFor(async () => {
      const rows = await database.db
        .select()
        .from(verifications)
        .where(eq(verifications.value, profile.userId))
      return rows.length > 0 ? rows : undefined
    })
    const token = String(request?.identifier).replace('reset-password:', '')
    const reset = await send(a, '/api/account/reset-password', {
      token,
      password: 'a-new-secret',
      confirmPassword: 'a-new-secret',
    })
    expect(reset.statusCode).toBe(200)
    await within1s(b, cookie, (status) => status === 401)
  })
})
