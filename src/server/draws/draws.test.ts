import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { drawWinner } from '../../core/draws/protocol'
import { verifyDraw } from '../../core/draws/verify'
import { loadConfig } from '../config/config'
import { authRateLimits, draws, users } from '../db/schema'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'
import { DRAW_RATE_LIMIT } from './routes'

const entries = (n: number) => Array.from({ length: n }, (_, i) => [`Guest ${i + 1}`, 1])

describe.each(DATABASE_KINDS)('verifiable draws on %s', (kind) => {
  const server = useTestApp(kind, { clean: [draws, users, authRateLimits] })

  const create = (cookie: string, body: unknown) => send(server.app, '/api/draws', body, { cookie })
  const reveal = (cookie: string, id: string, clientSeed: unknown) =>
    send(server.app, `/api/draws/${id}/reveal`, { clientSeed }, { cookie })
  const stored = () => server.database.db.select().from(draws)

  it('commits, keeps the seed secret until the reveal, reveals once, and the record verifies', async () => {
    const { cookie } = await register(server.app)
    const made = await create(cookie, {
      name: 'Raffle',
      entries: [
        ['Ann', 1],
        ['Bo', 3],
        ['Cy', 1],
      ],
    })
    expect(made.statusCode).toBe(201)
    const { id, commitment, wheelHash, createdAt } = made.json()
    expect(commitment).toMatch(/^[0-9a-f]{64}$/)
    expect(Object.keys(made.json()).sort()).toEqual(['commitment', 'createdAt', 'id', 'wheelHash'])

    const before = (await send(server.app, `/api/draws/${id}`)).json()
    expect(before).toMatchObject({ name: 'Raffle', commitment, wheelHash, createdAt, serverSeed: null })
    expect(before.winnerIndex).toBeNull()

    const first = await reveal(cookie, id, 'chat says hello')
    expect(first.statusCode).toBe(200)
    const result = first.json()
    expect(result).toMatchObject({ id, commitment, wheelHash, clientSeed: 'chat says hello', createdAt })
    expect(result.winner).toBe(['Ann', 'Bo', 'Cy'][result.winnerIndex])
    const recomputed = await drawWinner(result.serverSeed, 'chat says hello', wheelHash, [1, 3, 1])
    expect(recomputed.winnerIndex).toBe(result.winnerIndex)

    const again = await reveal(cookie, id, 'another seed')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject(result)
    expect(again.json().error).toMatch(/already been revealed/)

    // Anyone, signed in or not, can read and check it.
    const record = (await send(server.app, `/api/draws/${id}`)).json()
    expect(record).toMatchObject({ serverSeed: result.serverSeed, revealedAt: result.revealedAt })
    expect(await verifyDraw(record)).toMatchObject({ ok: true })
  })

  it('each draw lists the host’s other draws of the same entries, never another host’s nor other entries', async () => {
    const host = await register(server.app)
    const wheel = { name: 'Prize', entries: entries(4) }
    // Two drawn (the host kept spinning), one only committed. (A commitment is given back while it
    // is open, so each draw is revealed before the next is committed.)
    const ids: string[] = []
    ids.push((await create(host.cookie, wheel)).json().id)
    const first = (await reveal(host.cookie, ids[0] as string, 'first try')).json()
    ids.push((await create(host.cookie, wheel)).json().id)
    const second = (await reveal(host.cookie, ids[1] as string, 'second try')).json()
    ids.push((await create(host.cookie, wheel)).json().id)
    expect(new Set(ids).size).toBe(3)
    await create(host.cookie, { name: 'Prize', entries: entries(5) })
    const stranger = await register(server.app)
    await create(stranger.cookie, wheel)

    const record = (await send(server.app, `/api/draws/${ids[1]}`)).json()
    expect(record.sameEntries.total).toBe(2)
    const listed = new Map(
      (record.sameEntries.draws as { id: string; winner: string | null }[]).map((d) => [d.id, d.winner]),
    )
    expect(listed).toEqual(
      new Map([
        [ids[0], first.winner],
        [ids[2], null],
      ]),
    )
    expect(second.winner).toBeTruthy()
    // A draw with nothing alike says so.
    const alone = (await create(stranger.cookie, { name: 'Solo', entries: entries(9) })).json().id
    expect((await send(server.app, `/api/draws/${alone}`)).json().sameEntries).toEqual({
      total: 0,
      draws: [],
    })
  })

  it('gives exactly one result to 10 concurrent reveals; the others answer 409 with it', async () => {
    const { cookie } = await register(server.app)
    const { id } = (await create(cookie, { name: 'Race', entries: entries(7) })).json()
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => reveal(cookie, id, `seed number ${i}`)),
    )
    const ok = answers.filter((a) => a.statusCode === 200)
    expect(ok).toHaveLength(1)
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9)
    const winner = ok[0]?.json()
    for (const a of answers) expect(a.json()).toMatchObject(winner)
    const [row] = await stored()
    expect(row?.clientSeed).toBe(winner.clientSeed)
  })

  it('lets only the owner reveal, and only signed-in users create', async () => {
    const ada = await register(server.app)
    const bob = await register(server.app)
    const { id } = (await create(ada.cookie, { name: 'Mine', entries: entries(3) })).json()
    const theirs = await reveal(bob.cookie, id, 'bob wants it')
    expect(theirs.statusCode).toBe(403)
    expect(theirs.json().error).toBe('Only the person who made this draw can reveal it.')
    expect((await reveal('', id, 'visitor')).statusCode).toBe(401)
    expect((await create('', { name: 'X', entries: entries(2) })).statusCode).toBe(401)
    expect(
      (
        await send(
          server.app,
          '/api/draws',
          { name: 'X', entries: entries(2) },
          { cookie: ada.cookie, origin: 'https://evil.example' },
        )
      ).statusCode,
    ).toBe(403)
    const [row] = await stored()
    expect(row?.revealedAt).toBeNull()
    expect((await send(server.app, '/api/draws/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404)
    expect((await send(server.app, '/api/draws/nope')).statusCode).toBe(404)
  })

  it('refuses bad bodies with a clear message and stores nothing', async () => {
    const { cookie, profile } = await register(server.app)
    const refused = async (body: unknown, message: string | RegExp) => {
      const res = await create(cookie, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatch(message)
    }
    await refused({ name: 'Big', entries: entries(16) }, /only add up to 15 items per wheel/)
    await refused(
      {
        name: 'Empty',
        entries: [
          ['A', 1],
          ['   ', 1],
        ],
      },
      'Entry 2 has no text.',
    )
    await refused(
      { name: 'Zero', entries: [['A', 0]] },
      /Entry 1 has the weight 0: weights are whole numbers from 1 to 100/,
    )
    await refused({ name: 'Much', entries: [['A', 101]] }, /weight 101/)
    await refused({ name: 'Long', entries: [['x'.repeat(201), 1]] }, 'Entry 1 is longer than 200 characters.')
    await refused({ name: 'None', entries: [] }, 'A draw needs at least one entry.')
    await refused(
      { name: 'Chain', entries: entries(2), previousDrawId: 'AAAAAAAAAAAAAAAAAAAAAA' },
      /previous draw/,
    )
    expect(await stored()).toEqual([])

    const { id } = (await create(cookie, { name: 'Ok', entries: entries(2) })).json()
    const long = await reveal(cookie, id, 'x'.repeat(201))
    expect(long.statusCode).toBe(400)
    expect(long.json().error).toBe('The client seed must be 1 to 200 characters long.')
    expect((await reveal(cookie, id, '')).statusCode).toBe(400)
    const [row] = await server.database.db.select().from(draws).where(eq(draws.id, id))
    expect(row).toMatchObject({ clientSeed: null, winnerIndex: null, revealedAt: null })
    expect((await reveal(cookie, id, 'x'.repeat(200))).statusCode).toBe(200)

    // Premium lifts the 15-item limit.
    await server.app.accounts.profiles.updatePlan(profile.userId, {
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: 'TEST-1',
      subscriptionExpiresAt: new Date(Date.now() + 30 * 86_400_000),
    })
    expect((await create(cookie, { name: 'Big', entries: entries(500) })).statusCode).toBe(201)
  })

  it('chains draws in elimination mode, only from the user’s own draws', async () => {
    const ada = await register(server.app)
    const bob = await register(server.app)
    const first = (await create(ada.cookie, { name: 'Round 1', entries: entries(3) })).json()
    // A commitment dropped after an edit names the first draw too, and comes first in time.
    const chain = { name: 'Round 2', previousDrawId: first.id }
    const dropped = (await create(ada.cookie, { ...chain, entries: entries(1) })).json()
    const second = await create(ada.cookie, { ...chain, entries: entries(2) })
    expect(second.statusCode).toBe(201)
    const record = (await send(server.app, `/api/draws/${second.json().id}`)).json()
    expect(record.previousDrawId).toBe(first.id)
    expect((await send(server.app, `/api/draws/${first.id}`)).json().nextDrawId).toBe(dropped.id)
    // Once a draw of the chain is revealed, the link goes to the one drawn.
    expect((await reveal(ada.cookie, second.json().id, 'round two')).statusCode).toBe(200)
    expect((await send(server.app, `/api/draws/${first.id}`)).json().nextDrawId).toBe(second.json().id)
    const stolen = await create(bob.cookie, { name: 'Bob', entries: entries(2), previousDrawId: first.id })
    expect(stolen.statusCode).toBe(400)
  })

  it('limits how many draws one address makes per minute', async () => {
    const { cookie } = await register(server.app)
    // Each with another name: the same wheel again would get its open commitment back.
    const make = (i: number) =>
      send(server.app, '/api/draws', { name: `Spam ${i}`, entries: entries(2) }, { cookie, ip: '10.9.9.9' })
    for (let i = 0; i < DRAW_RATE_LIMIT.max; i++) expect((await make(i)).statusCode).toBe(201)
    const refused = await make(DRAW_RATE_LIMIT.max)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toMatch(/^Too many attempts\. Please wait/)
    expect(await stored()).toHaveLength(DRAW_RATE_LIMIT.max)
  })

  it('has no route that changes a stored seed unless DRAWS_TEST_TAMPER is set, which needs NODE_ENV=test', async () => {
    const { cookie } = await register(server.app)
    const { id } = (await create(cookie, { name: 'Safe', entries: entries(2) })).json()
    const tamper = await send(
      server.app,
      `/api/draws/${id}/test/server-seed`,
      { serverSeed: '00' },
      { cookie },
    )
    expect(tamper.statusCode).toBe(404)
    expect(() => loadConfig({ NODE_ENV: 'production', DRAWS_TEST_TAMPER: '1' })).toThrow(/DRAWS_TEST_TAMPER/)
  })
})
