import { describe, expect, it } from 'vitest'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { authRateLimits, shares, users } from '../db/schema'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

const wheel: Wheel = {
  ...createDefaultWheel(),
  name: 'Raffle',
  items: ['A', 'B', 'C'].map((text, i) => ({ id: `i${i}`, text, color: '#3b82f6' })),
}
const DAY = 86_400_000

describe.each(DATABASE_KINDS)('the "Made with Whirl" mark on %s', (kind) => {
  const server = useTestApp(kind, {
    build: { shares: { perIp: 1000, perUser: 1000, now: () => clock } },
    clean: [shares, users, authRateLimits],
    cleanUp: () => {
      clock = new Date('2026-11-01T12:00:00Z')
    },
  })
  let clock = new Date('2026-11-01T12:00:00Z')

  const create = async (cookie?: string): Promise<string> =>
    (await send(server.app, '/api/shares', { wheel }, { cookie })).json().share.id
  const watermark = async (id: string) => (await send(server.app, `/api/shares/${id}`)).json().watermark

  it('marks visitors’ and free users’ links, and none of a premium owner’s', async () => {
    const free = await register(server.app)
    expect(await watermark(await create())).toBe(true)
    expect(await watermark(await create(free.cookie))).toBe(true)

    const paying = await register(server.app)
    await server.app.accounts.profiles.updatePlan(paying.profile.userId, {
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: 'TEST-W1',
      subscriptionExpiresAt: new Date(clock.getTime() + 30 * DAY),
    })
    expect(await watermark(await create(paying.cookie))).toBe(false)
  })

  it('decides from the owner’s plan now: a link made before subscribing loses the mark, and gets it back when premium ends', async () => {
    const user = await register(server.app)
    const id = await create(user.cookie)
    expect(await watermark(id)).toBe(true)

    await server.app.accounts.profiles.updatePlan(user.profile.userId, {
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
