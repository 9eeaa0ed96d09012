import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { authRateLimits, shares, users } from '../db/schema'
import { register, send, startApp, type TestApp } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'

const wheel: Wheel = {
  ...createDefaultWheel(),
  name: 'Raffle',
  items: ['A', 'B', 'C'].map((text, i) => ({ id: `i${i}`, text, color: '#3b82f6' })),
}
const DAY = 86_400_000

describe.each(DATABASE_KINDS)('the "Made with Whirl" mark on %s', (kind) => {
  let database: TestDatabase
  let app: TestApp
  let clock = new Date('2026-11-01T12:00:00Z')

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await startApp(database, {}, { shares: { perIp: 1000, perUser: 1000, now: () => clock } })
  })
  afterEach(async () => {
    await database.db.delete(shares)
    await database.db.delete(users)
    await database.db.delete(authRateLimits)
    clock = new Date('2026-11-01T12:00:00Z')
  })
  afterAll(async () => {
    await app.dispose()
    await database.dispose()
  })

  const create = async (cookie?: string): Promise<string> =>
    (await send(app, '/api/shares', { wheel }, { cookie })).json().share.id
  const watermark = async (id: string) => (await send(app, `/api/shares/${id}`)).json().watermark

  it('marks visitors’ and free users’ links, and none of a premium owner’s', async () => {
    const free = await register(app)
    expect(await watermark(await create())).toBe(true)
    expect(await watermark(await create(free.cookie))).toBe(true)

    const paying = await register(app)
    await app.accounts.profiles.updatePlan(paying.profile.userId, {
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: 'TEST-W1',
      subscriptionExpiresAt: new Date(clock.getTime() + 30 * DAY),
    })
    expect(await watermark(await create(paying.cookie))).toBe(false)
  })

  it('decides from the owner’s plan now: a link made before subscribing loses the mark, and gets it back when premium ends', async () => {
    const user = await register(app)
    const id = await create(user.cookie)
    expect(await watermark(id)).toBe(true)

    await app.accounts.profiles.updatePlan(user.profile.userId, {
      planType: 'monthly',
      subscriptionStatus: 'cancelled',
      subscriptionId: 'TEST-W2',
      subscriptionExpiresAt: new Date(clock.getTime() + 5 * DAY),
    })
    // Cancelled but paid to a date still ahead: premium, no mark.
    expect(await watermark(id)).toBe(false)
    clock = new Date(clock.getTime() + 6 * DAY)
    expect(await watermark(id)).toBe(true)
  })
})
