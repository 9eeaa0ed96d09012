import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { authRateLimits, loginFailures } from '../db/schema'
import { purgeLimits } from '../limits/purge'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { USER_TABLES, useTestApp } from '../testing/test-app'

describe.each(DATABASE_KINDS)('failed sign-ins per (email, address) on %s', (kind) => {
  // AUTH_RATE_LIMIT_EMAIL=3: the per-email ceiling of failures is 15.
  const server = useTestApp(kind, {
    env: { AUTH_RATE_LIMIT_EMAIL: '3', AUTH_RATE_LIMIT_IP: '1000' },
    clean: [...USER_TABLES, loginFailures],
  })

  const login = (email: string, password: string, ip: string) =>
    send(server.app, '/api/account/login', { email, password }, { ip })
  const rows = () => server.database.db.select().from(loginFailures)

  it('ten bad logins from strangers do not lock the owner out of a clean address', async () => {
    const { user } = await register(server.app)
    for (let i = 1; i <= 10; i++)
      expect((await login(user.email, 'wrong-one', `10.20.0.${i}`)).statusCode).toBe(401)
    expect((await login(user.email, user.password, '10.30.0.1')).statusCode).toBe(200)
  })

  it('refuses an address after 5 failures for one email, right password or not; others still get in', async () => {
    const { user } = await register(server.app)
    for (let i = 0; i < 5; i++)
      expect((await login(user.email, 'wrong-one', '10.21.0.1')).statusCode).toBe(401)
    const refused = await login(user.email, user.password, '10.21.0.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toMatch(/^Too many attempts\. Please wait 15 minutes and try again\.$/)
    expect((await login(user.email, user.password, '10.21.0.2')).statusCode).toBe(200)
  })

  it('a successful sign-in is not counted and forgets that address’s failures', async () => {
    const { user } = await register(server.app)
    for (let i = 0; i < 4; i++) await login(user.email, 'wrong-one', '10.22.0.1')
    expect((await login(user.email, user.password, '10.22.0.1')).statusCode).toBe(200)
    expect(await rows()).toEqual([])
    for (let i = 0; i < 5; i++)
      expect((await login(user.email, 'wrong-one', '10.22.0.1')).statusCode).toBe(401)
    expect((await login(user.email, 'wrong-one', '10.22.0.1')).statusCode).toBe(429)
  })

  it('past the per-email ceiling, addresses that failed are refused and a clean one may still try', async () => {
    const { user } = await register(server.app)
    for (let a = 1; a <= 3; a++) {
      for (let i = 0; i < 5; i++) await login(user.email, 'wrong-one', `10.23.0.${a}`)
    }
    await login(user.email, 'wrong-one', '10.23.0.9')
    // 16 failures: the address with one failure is refused, a clean address signs in.
    expect((await login(user.email, user.password, '10.23.0.9')).statusCode).toBe(429)
    expect((await login(user.email, user.password, '10.23.0.10')).statusCode).toBe(200)
  })

  it('refused attempts do not grow the tables', async () => {
    const { user } = await register(server.app)
    for (let i = 0; i < 5; i++) await login(user.email, 'wrong-one', '10.24.0.1')
    const before = {
      failures: await rows(),
      windows: (await server.database.db.select().from(authRateLimits)).length,
    }
    for (let i = 0; i < 20; i++)
      expect((await login(user.email, 'wrong-one', '10.24.0.1')).statusCode).toBe(429)
    expect(await rows()).toEqual(before.failures)
    expect((await server.database.db.select().from(authRateLimits)).length).toBe(before.windows)
  })

  it('old failures are purged', async () => {
    const { user } = await register(server.app)
    await login(user.email, 'wrong-one', '10.25.0.1')
    await login(user.email, 'wrong-one', '10.25.0.2')
    await server.database.db.execute(
      sql`update ${loginFailures} set last_failed_at = now() - interval '1 hour' where client = '10.25.0.1'`,
    )
    expect((await purgeLimits(server.database.db)).failures).toBe(1)
    expect((await rows()).map((row) => row.client)).toEqual(['10.25.0.2'])
  })
})
