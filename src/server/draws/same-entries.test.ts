import { randomBytes } from 'node:crypto'
import { eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { entriesKeyOf } from '../../core/draws/entries-key'
import { authRateLimits, draws, users } from '../db/schema'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'
import { OPEN_COMMITMENT_REUSE_MS } from './routes'

/** Issue 33, finding 5: a host cannot hide a re-roll, and an honest host's reload is no re-roll. */
const GUESTS: [string, number][] = [
  ['Ann', 1],
  ['Bo', 2],
  ['Cy', 1],
  ['Di', 1],
]

describe.each(DATABASE_KINDS)('draws of the same entries on %s', (kind) => {
  const server = useTestApp(kind, {
    build: { draws: { entriesKeyEveryMs: 200 } },
    clean: [draws, users, authRateLimits],
  })

  const create = (cookie: string, body: unknown) => send(server.app, '/api/draws', body, { cookie })
  const reveal = (cookie: string, id: string, clientSeed: string) =>
    send(server.app, `/api/draws/${id}/reveal`, { clientSeed }, { cookie })
  const record = async (id: string) => (await send(server.app, `/api/draws/${id}`)).json()
  type Listed = { id: string; winner: string | null; revealedAt: string | null }
  const listedOf = async (id: string) =>
    new Map(((await record(id)).sameEntries.draws as Listed[]).map((d) => [d.id, d.winner]))

  it('lists a re-roll of the entries reordered or padded with spaces, and commitments never revealed', async () => {
    const host = await register(server.app)
    const first = (await create(host.cookie, { name: 'Prize', entries: GUESTS })).json()
    const firstResult = (await reveal(host.cookie, first.id, 'try one')).json()
    // Drawn again, reordered and with a trailing space: not the same wheelHash, the same entries.
    const reordered: [string, number][] = [
      ['Di', 1],
      ['Cy ', 1],
      ['  Ann', 1],
      ['Bo', 2],
    ]
    const second = (await create(host.cookie, { name: 'Prize', entries: reordered })).json()
    expect(second.wheelHash).not.toBe(first.wheelHash)
    await reveal(host.cookie, second.id, 'try two')
    // Committed once more, in yet another order, and never revealed.
    const open = (await create(host.cookie, { name: 'Prize', entries: [...GUESTS].reverse() })).json()
    // Not the same entries: a weight changed, an entry more, or another host.
    await create(host.cookie, { name: 'Prize', entries: GUESTS.map(([t], i) => [t, i === 0 ? 2 : 1]) })
    await create(host.cookie, { name: 'Prize', entries: [...GUESTS, ['Ed', 1]] })
    const stranger = await register(server.app)
    await create(stranger.cookie, { name: 'Prize', entries: GUESTS })

    expect(await listedOf(second.id)).toEqual(
      new Map([
        [first.id, firstResult.winner],
        [open.id, null],
      ]),
    )
    expect((await record(second.id)).sameEntries.total).toBe(2)
    expect(await listedOf(open.id)).toEqual(
      new Map([
        [first.id, firstResult.winner],
        [second.id, expect.any(String)],
      ]),
    )
  })

  it('gives the open commitment back when the host commits the same wheel again', async () => {
    const host = await register(server.app)
    const wheel = { name: 'Prize', entries: GUESTS }
    const made = await create(host.cookie, wheel)
    expect(made.statusCode).toBe(201)
    const again = await create(host.cookie, wheel)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(made.json())
    expect(await server.database.db.select().from(draws)).toHaveLength(1)
    expect((await record(made.json().id)).sameEntries).toEqual({ total: 0, draws: [] })

    // Another order, another name or another previous draw is another commitment.
    const reordered = await create(host.cookie, { ...wheel, entries: [...GUESTS].reverse() })
    const renamed = await create(host.cookie, { ...wheel, name: 'Prize 2' })
    const chained = await create(host.cookie, { ...wheel, previousDrawId: made.json().id })
    for (const other of [reordered, renamed, chained]) {
      expect(other.statusCode).toBe(201)
      expect(other.json().id).not.toBe(made.json().id)
    }
    expect((await create(host.cookie, { ...wheel, previousDrawId: made.json().id })).json().id).toBe(
      chained.json().id,
    )

    // Once revealed it is used: the next commit is a new one. Another host never gets it.
    expect((await reveal(host.cookie, made.json().id, 'spun')).statusCode).toBe(200)
    const next = await create(host.cookie, wheel)
    expect(next.statusCode).toBe(201)
    expect(next.json().id).not.toBe(made.json().id)
    const stranger = await register(server.app)
    const theirs = await create(stranger.cookie, wheel)
    expect(theirs.statusCode).toBe(201)
    expect(theirs.json().id).not.toBe(next.json().id)

    // An open commitment past its reuse window is not given back (it will soon be purged).
    await server.database.db
      .update(draws)
      .set({ createdAt: new Date(Date.now() - OPEN_COMMITMENT_REUSE_MS - 60_000) })
      .where(eq(draws.id, next.json().id))
    const fresh = await create(host.cookie, wheel)
    expect(fresh.statusCode).toBe(201)
    expect(fresh.json().id).not.toBe(next.json().id)
  })

  it('fills the entries key of draws made before it existed, and lists them', async () => {
    const host = await register(server.app)
    const old = {
      id: randomBytes(16).toString('base64url'),
      userId: host.profile.userId,
      name: 'Prize',
      entries: [
        ['Bo', 2],
        ['Ann ', 1],
        ['Cy', 1],
        ['Di', 1],
      ],
      wheelHash: 'an older wheel hash',
      serverSeed: 's',
      commitment: 'c',
      createdAt: new Date(Date.now() - 3_600_000),
    }
    await server.database.db.insert(draws).values(old)
    const deadline = Date.now() + 5_000
    while (Date.now() < deadline) {
      const left = await server.database.db
        .select({ id: draws.id })
        .from(draws)
        .where(isNull(draws.entriesKey))
      if (left.length === 0) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const [filled] = await server.database.db.select().from(draws).where(eq(draws.id, old.id))
    expect(filled?.entriesKey).toBe(await entriesKeyOf(GUESTS))
    const made = (await create(host.cookie, { name: 'Prize', entries: GUESTS })).json()
    expect(await listedOf(made.id)).toEqual(new Map([[old.id, null]]))
  })
})
