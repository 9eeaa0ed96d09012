import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client'
import { authRateLimits } from '../db/schema'
import { DRAW_RATE_LIMIT } from '../draws/routes'
import { PROFILE_EDIT_RATE_LIMIT } from '../profile/routes'
import { register, send, startApp, type TestApp } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { purgeExpiredWindows } from './counter'

/**
 * Two server processes on one database: each app has its own connection pool (on PostgreSQL), as
 * two processes would, and nothing but the database in common.
 */
describe.each(DATABASE_KINDS)('rate limits shared by two processes on %s', (kind) => {
  let database: TestDatabase
  let second: TestDatabase
  const apps: TestApp[] = []

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    second =
      kind === 'postgres'
        ? Object.assign(
            await openDatabase({
              kind: 'postgres',
              url: process.env.DATABASE_URL ?? '',
              schema: database.schema,
            }),
            { dispose: async () => {} },
          )
        : database
  })
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.dispose()
    await database.db.delete(authRateLimits)
  })
  afterAll(async () => {
    if (second !== database) await second.close()
    await database.dispose()
  })

  async function twoProcesses(env: Record<string, string> = {}) {
    const a = await startApp(database, { SUPPORT_EMAIL: 'support@whirl.test', ...env })
    const b = await startApp(second, { SUPPORT_EMAIL: 'support@whirl.test', ...env })
    apps.push(a, b)
    return [a, b] as const
  }

  /** `perProcess` requests to each process, alternating, from one address: how many were accepted. */
  async function acceptedOf(
    processes: readonly TestApp[],
    perProcess: number,
    request: (app: TestApp) => ReturnType<typeof send>,
  ) {
    const statuses: number[] = []
    for (let i = 0; i < perProcess; i++) {
      for (const app of processes) statuses.push((await request(app)).statusCode)
    }
    expect(statuses.every((status) => status !== 500)).toBe(true)
    return statuses.filter((status) => status !== 429).length
  }

  it('contact form, CONTACT_RATE_LIMIT=3: 4 messages to each process, 3 accepted in total', async () => {
    const processes = await twoProcesses({ CONTACT_RATE_LIMIT: '3' })
    const message = {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Hello',
      message: 'A message long enough to be accepted.',
      type: 'general',
    }
    const accepted = await acceptedOf(processes, 4, (app) =>
      send(app, '/api/contact', message, { ip: '203.0.113.9' }),
    )
    expect(accepted).toBe(3)
    // Another address has its own allowance.
    expect((await send(processes[1], '/api/contact', message, { ip: '203.0.113.10' })).statusCode).toBe(200)
  })

  it('an IPv6 client is one client across its /64', async () => {
    const processes = await twoProcesses({ CONTACT_RATE_LIMIT: '3' })
    const message = {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Hi',
      message: 'Long enough text.',
      type: 'general',
    }
    let n = 0
    const accepted = await acceptedOf(processes, 4, (app) =>
      send(app, '/api/contact', message, { ip: `2001:db8:5:6::${(++n).toString(16)}` }),
    )
    expect(accepted).toBe(3)
  })

  it('draws: the per-minute limit holds across both processes', async () => {
    const processes = await twoProcesses()
    const { max } = DRAW_RATE_LIMIT
    // Signed out, each attempt is refused with 401 but still counts, as a flood would.
    const accepted = await acceptedOf(processes, max, (app) =>
      send(app, '/api/draws', { name: 'x', entries: ['a', 'b'] }, { ip: '203.0.113.20' }),
    )
    expect(accepted).toBe(max)
  })

  it('profile edits: the per-minute limit holds across both processes', async () => {
    const processes = await twoProcesses()
    const { cookie } = await register(processes[0], undefined, '203.0.113.30')
    const { max } = PROFILE_EDIT_RATE_LIMIT
    let n = 0
    const accepted = await acceptedOf(processes, max, (app) =>
      send(
        app,
        '/api/profile',
        { displayName: `Name ${++n}` },
        { cookie, method: 'PATCH', ip: '203.0.113.30' },
      ),
    )
    expect(accepted).toBe(max)
    const refused = await send(
      processes[0],
      '/api/profile',
      { displayName: 'One more' },
      {
        cookie,
        method: 'PATCH',
        ip: '203.0.113.30',
      },
    )
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toMatch(/Too many attempts/)
  })

  it('purges the windows that have ended, and only those', async () => {
    await twoProcesses()
    await database.db.insert(authRateLimits).values([
      { key: 'old', count: 3, resetAt: new Date(Date.now() - 1000) },
      { key: 'live', count: 1, resetAt: new Date(Date.now() + 60_000) },
    ])
    expect(await purgeExpiredWindows(database.db)).toBe(1)
    const left = await database.db.select({ key: authRateLimits.key }).from(authRateLimits)
    expect(left.map((row) => row.key)).toEqual(['live'])
  })
})
