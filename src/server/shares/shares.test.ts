import { describe, expect, it } from 'vitest'
import { SHARE_MESSAGES } from '../../core/share/protocol'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { authRateLimits, shares, users } from '../db/schema'
import { APP_ORIGIN, register, send, startApp } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

const wheelOf = (count: number, name = 'Lunch'): Wheel => ({
  ...createDefaultWheel(),
  name,
  items: Array.from({ length: count }, (_, i) => ({ id: `i${i}`, text: `Item ${i}`, color: '#3b82f6' })),
})
const DAY = 86_400_000

describe.each(DATABASE_KINDS)('share links on %s', (kind) => {
  const server = useTestApp(kind, {
    build: { shares: { perIp: 1000, perUser: 1000, now: () => clock } },
    clean: [shares, users, authRateLimits],
    cleanUp: () => {
      clock = new Date('2026-11-01T12:00:00Z')
    },
  })
  let clock = new Date('2026-11-01T12:00:00Z')

  const create = (wheel: unknown, cookie?: string, ip?: string) =>
    send(server.app, '/api/shares', { wheel }, { cookie, ip })
  const get = (url: string, cookie?: string) => send(server.app, url, undefined, { cookie })
  const remove = (id: string, cookie?: string) =>
    server.app.inject({
      method: 'DELETE',
      url: `/api/shares/${id}`,
      headers: { origin: APP_ORIGIN, ...(cookie ? { cookie } : {}) },
    })
  const stored = async () => (await server.database.db.select().from(shares)).length

  async function premium() {
    const user = await register(server.app)
    await server.app.accounts.profiles.updatePlan(user.profile.userId, {
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: 'TEST-1',
      subscriptionExpiresAt: new Date(Date.now() + 30 * DAY),
    })
    return user
  }

  it('lets a visitor share a wheel that anyone can then open by its unguessable id', async () => {
    const res = await create({ ...wheelOf(6, 'Team lunch'), id: 'saved-1', tally: { i0: 2 } })
    expect(res.statusCode).toBe(201)
    const { share } = res.json()
    expect(share.id).toMatch(/^[A-Za-z0-9]{12}$/)
    expect(share).toMatchObject({ name: 'Team lunch', itemCount: 6 })
    const opened = await get(`/api/shares/${share.id}`)
    expect(opened.statusCode).toBe(200)
    expect(opened.json()).toMatchObject({ id: share.id, name: 'Team lunch', itemCount: 6, owned: false })
    // A snapshot: name, items, settings; no saved-wheel id or tally.
    expect(opened.json().wheel).toEqual({ ...wheelOf(6, 'Team lunch'), id: null })
    expect((await get('/api/shares/AAAAAAAAAAAA')).statusCode).toBe(404)
    expect((await get('/api/shares/not*an*id')).json()).toEqual({ error: SHARE_MESSAGES.notFound })
    const second = (await create(wheelOf(6, 'Team lunch'))).json().share.id
    expect(second).not.toBe(share.id)
  })

  it('refuses bad wheels and wheels over the plan’s limit with a clear message, storing nothing', async () => {
    const cases: [unknown, number, string][] = [
      [{ name: 'x' }, 400, SHARE_MESSAGES.invalid],
      [{ ...wheelOf(2), items: [{ id: 'a', text: '   ', color: '#ffffff' }] }, 400, SHARE_MESSAGES.invalid],
      [{ ...wheelOf(2), items: [{ id: 'a', text: 'A', color: 'red' }] }, 400, SHARE_MESSAGES.invalid],
      [wheelOf(0), 400, SHARE_MESSAGES.empty],
      [wheelOf(16), 403, SHARE_MESSAGES.overFreeLimit],
    ]
    for (const [wheel, status, error] of cases) {
      const res = await create(wheel)
      expect(res.statusCode, JSON.stringify(wheel).slice(0, 80)).toBe(status)
      expect(res.json()).toEqual({ error })
    }
    const free = await register(server.app)
    expect((await create(wheelOf(16), free.cookie)).statusCode).toBe(403)
    expect(await stored()).toBe(0)

    const { cookie } = await premium()
    expect((await create(wheelOf(10_000), cookie)).statusCode).toBe(201)
    expect((await create(wheelOf(10_001), cookie)).statusCode).toBe(400)
    const big = wheelOf(6000)
    for (const item of big.items) item.text = `${item.text} ${'x'.repeat(190)}`
    const tooBig = await create(big, cookie)
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toEqual({ error: SHARE_MESSAGES.tooLarge })
    expect(await stored()).toBe(1)
  })

  it('limits link creation per IP and per user with a 429 that says when to try again', async () => {
    const limited = await startApp(server.database, {}, { shares: { perIp: 2, perUser: 3 } })
    try {
      const post = (ip: string, cookie?: string) =>
        send(limited, '/api/shares', { wheel: wheelOf(2) }, { ip, cookie })
      expect((await post('10.9.0.1')).statusCode).toBe(201)
      expect((await post('10.9.0.1')).statusCode).toBe(201)
      const refused = await post('10.9.0.1')
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error).toMatch(/Please wait 10 minutes and try again/)
      const retryAfter = Number(refused.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(540)
      expect(retryAfter).toBeLessThanOrEqual(600)
      expect((await post('10.9.0.2')).statusCode).toBe(201)
      const user = await register(limited)
      for (const ip of ['10.9.1.1', '10.9.1.2', '10.9.1.3'])
        expect((await post(ip, user.cookie)).statusCode).toBe(201)
      expect((await post('10.9.1.4', user.cookie)).statusCode).toBe(429)
      expect(await stored()).toBe(6)
    } finally {
      await limited.close()
    }
  })

  it('counts IPv6 clients by their /64 network, so rotating addresses in one network gains nothing', async () => {
    const limited = await startApp(server.database, {}, { shares: { perIp: 2, perUser: 3 } })
    try {
      const post = (ip: string) => send(limited, '/api/shares', { wheel: wheelOf(2) }, { ip })
      expect((await post('2001:db8:1:2::1')).statusCode).toBe(201)
      expect((await post('2001:db8:1:2::2')).statusCode).toBe(201)
      const refused = await post('2001:db8:1:2:ffff:ffff:ffff:3')
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error).toMatch(/Please wait 10 minutes and try again/)
      expect((await post('2001:db8:1:3::1')).statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })

  it('lists a user’s links, and only the owner deletes one; a deleted link answers 410', async () => {
    const ada = await register(server.app)
    const bob = await register(server.app)
    const first = (await create(wheelOf(3, 'First'), ada.cookie)).json().share.id
    clock = new Date(clock.getTime() + 1000)
    const second = (await create(wheelOf(4, 'Second'), ada.cookie)).json().share.id
    await create(wheelOf(2, 'Visitor'))
    const list = (await get('/api/shares', ada.cookie)).json().shares
    expect(list.map((s: { name: string }) => s.name)).toEqual(['Second', 'First'])
    expect((await get('/api/shares', bob.cookie)).json().shares).toEqual([])
    expect((await get('/api/shares')).statusCode).toBe(401)

    expect((await remove(first, bob.cookie)).statusCode).toBe(403)
    expect((await remove(first)).statusCode).toBe(401)
    expect((await remove('AAAAAAAAAAAA', ada.cookie)).statusCode).toBe(404)
    expect((await get(`/api/shares/${first}`)).json().owned).toBe(true)
    expect((await remove(first, ada.cookie)).statusCode).toBe(204)
    const gone = await get(`/api/shares/${first}`)
    expect(gone.statusCode).toBe(410)
    expect(gone.json()).toEqual({ error: SHARE_MESSAGES.gone })
    expect((await get(`/api/shares/${first}/image.png`)).statusCode).toBe(410)
    expect((await get(`/w/${first}`)).statusCode).toBe(410)
    expect((await get('/api/shares', ada.cookie)).json().shares.map((s: { id: string }) => s.id)).toEqual([
      second,
    ])
    const rows = await server.database.db.select().from(shares)
    expect(rows.find((r) => r.id === first)?.snapshot).toBeNull()
  })

  it('expires a visitor’s link after 30 days without a visit; a visit keeps it; users’ links stay', async () => {
    const user = await register(server.app)
    const visited = (await create(wheelOf(2, 'Visited'))).json().share.id
    const idle = (await create(wheelOf(2, 'Idle'))).json().share.id
    const owned = (await create(wheelOf(2, 'Owned'), user.cookie)).json().share.id
    clock = new Date(clock.getTime() + 20 * DAY)
    expect((await get(`/api/shares/${visited}`)).statusCode).toBe(200)
    // The preview image is not a visit.
    expect((await get(`/api/shares/${idle}/image.png`)).statusCode).toBe(200)
    clock = new Date(clock.getTime() + 11 * DAY)
    expect((await get(`/api/shares/${idle}`)).statusCode).toBe(410)
    expect((await get(`/api/shares/${visited}`)).statusCode).toBe(200)
    expect((await get(`/api/shares/${owned}`)).statusCode).toBe(200)
  })
})
