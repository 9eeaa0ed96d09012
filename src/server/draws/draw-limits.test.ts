import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { authRateLimits, draws, users } from '../db/schema'
import { APP_ORIGIN, register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'
import {
  DRAW_LIMIT_MESSAGES,
  DRAW_RETENTION_DAYS,
  DRAW_USER_RATE_LIMIT,
  FREE_DRAW_BODY_LIMIT,
  MAX_UNREVEALED_DRAWS,
} from './routes'

const DAY = 86_400_000
const entries = (n: number) => Array.from({ length: n }, (_, i) => [`Guest ${i + 1}`, 1])

describe.each(DATABASE_KINDS)('limits on verifiable draws on %s', (kind) => {
  const server = useTestApp(kind, {
    build: { draws: { purgeEveryMs: 200 } },
    clean: [draws, users, authRateLimits],
  })

  const create = (cookie: string, body: unknown, ip?: string) =>
    send(server.app, '/api/draws', body, { cookie, ip })
  const oldDraw = (userId: string, ageMs: number, revealed: boolean) => ({
    id: randomBytes(16).toString('base64url'),
    userId,
    name: 'Old',
    entries: [['A', 1]],
    wheelHash: 'h',
    serverSeed: 's',
    commitment: 'c',
    createdAt: new Date(Date.now() - ageMs),
    revealedAt: revealed ? new Date(Date.now() - ageMs) : null,
    clientSeed: revealed ? 'seed' : null,
    winnerIndex: revealed ? 0 : null,
  })

  it('counts one user’s draws across addresses', async () => {
    const { cookie } = await register(server.app)
    // Each with another name: the same wheel again would get its open commitment back.
    for (let i = 0; i < DRAW_USER_RATE_LIMIT.max; i++) {
      expect(
        (await create(cookie, { name: `Spread ${i}`, entries: entries(2) }, `10.7.${i}.1`)).statusCode,
      ).toBe(201)
    }
    const refused = await create(cookie, { name: 'Spread', entries: entries(2) }, '10.7.200.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toMatch(/^Too many attempts\. Please wait 1 minute/)
    expect(await server.database.db.select().from(draws)).toHaveLength(DRAW_USER_RATE_LIMIT.max)
  })

  it(`refuses a new draw while the user holds ${MAX_UNREVEALED_DRAWS} never revealed`, async () => {
    const { cookie, profile } = await register(server.app)
    await server.database.db
      .insert(draws)
      .values(Array.from({ length: MAX_UNREVEALED_DRAWS }, () => oldDraw(profile.userId, DAY, false)))
    const refused = await create(cookie, { name: 'One more', entries: entries(2) })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toBe(DRAW_LIMIT_MESSAGES.tooManyUnrevealed)
    expect(refused.json().error).toBe(
      'You have 100 draws that were never revealed. Reveal one, or wait: a draw that is not revealed is removed after 7 days.',
    )
    // Revealed draws do not count.
    const [first] = await server.database.db
      .select()
      .from(draws)
      .where(eq(draws.userId, profile.userId))
      .limit(1)
    await server.database.db
      .update(draws)
      .set({ revealedAt: new Date(), clientSeed: 'x', winnerIndex: 0 })
      .where(eq(draws.id, first?.id ?? ''))
    expect((await create(cookie, { name: 'One more', entries: entries(2) })).statusCode).toBe(201)
  })

  it('reads at most 64 KiB of a free user’s draw, and 8 MiB of a Premium user’s', async () => {
    const free = await register(server.app)
    const padded = { name: 'Big', entries: entries(2), padding: 'x'.repeat(FREE_DRAW_BODY_LIMIT) }
    const refused = await create(free.cookie, padded)
    expect(refused.statusCode).toBe(413)
    expect(refused.json().error).toBe(DRAW_LIMIT_MESSAGES.tooLargeFree)
    // Sent without a Content-Length (chunked): cut off at the limit all the same.
    const streamed = await server.app.inject({
      method: 'POST',
      url: '/api/draws',
      headers: { cookie: free.cookie, origin: APP_ORIGIN, 'content-type': 'application/json' },
      payload: Readable.from([Buffer.from(JSON.stringify(padded))]),
    })
    expect(streamed.statusCode).toBe(413)
    expect(streamed.json().error).toBe(DRAW_LIMIT_MESSAGES.tooLargeFree)
    expect(await server.database.db.select().from(draws)).toHaveLength(0)
    // A free user's largest real draw still fits: 15 entries of 200 characters.
    const longest = Array.from({ length: 15 }, (_, i) => [`${i}`.padEnd(200, 'é'), 100])
    expect((await create(free.cookie, { name: 'n'.repeat(100), entries: longest })).statusCode).toBe(201)

    const premium = await register(server.app)
    expect(
      (await send(server.app, '/api/billing/test/simulate-monthly', {}, { cookie: premium.cookie }))
        .statusCode,
    ).toBe(200)
    expect((await create(premium.cookie, padded)).statusCode).toBe(201)
  })

  it(`purges draws never revealed after ${DRAW_RETENTION_DAYS} days, and keeps revealed ones`, async () => {
    const { profile } = await register(server.app)
    const stale = oldDraw(profile.userId, (DRAW_RETENTION_DAYS + 1) * DAY, false)
    const revealed = oldDraw(profile.userId, (DRAW_RETENTION_DAYS + 1) * DAY, true)
    const recent = oldDraw(profile.userId, (DRAW_RETENTION_DAYS - 1) * DAY, false)
    await server.database.db.insert(draws).values([stale, revealed, recent])
    const deadline = Date.now() + 5_000
    while (Date.now() < deadline) {
      const left = await server.database.db
        .select({ id: draws.id })
        .from(draws)
        .where(isNull(draws.revealedAt))
      if (left.length === 1) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const ids = (await server.database.db.select({ id: draws.id }).from(draws)).map((row) => row.id).sort()
    expect(ids).toEqual([revealed.id, recent.id].sort())
  })
})
