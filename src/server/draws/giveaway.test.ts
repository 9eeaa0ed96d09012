import { describe, expect, it } from 'vitest'
import { GIVEAWAY_MESSAGES } from '../../core/draws/giveaway'
import { verifyGiveaway } from '../../core/draws/giveaway-verify'
import { authRateLimits, draws, users } from '../db/schema'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

const entries = (n: number) => Array.from({ length: n }, (_, i) => [`Guest ${i + 1}`, 1])

describe.each(DATABASE_KINDS)('giveaway draws on %s', (kind) => {
  const server = useTestApp(kind, { clean: [draws, users, authRateLimits] })
  const create = (cookie: string, body: unknown) => send(server.app, '/api/draws', body, { cookie })
  const reveal = (cookie: string, id: string, clientSeed: string) =>
    send(server.app, `/api/draws/${id}/reveal`, { clientSeed }, { cookie })
  const reroll = (cookie: string, id: string, place: unknown) =>
    send(server.app, `/api/draws/${id}/reroll`, { place }, { cookie })
  const record = async (id: string) => (await send(server.app, `/api/draws/${id}`)).json()
  const verify = async (id: string) => {
    const r = await record(id)
    const draw = { ...r, rerollPlaces: [], spec: r.giveaway.spec }
    draw.rerollPlaces =
      r.giveaway.result.kind === 'winners'
        ? r.giveaway.result.rerolls.map((x: { place: number }) => x.place)
        : []
    return verifyGiveaway(draw, r.giveaway.result)
  }

  it('commits a count of winners, reveals them all at once, records rerolls in order, and the record verifies', async () => {
    const host = await register(server.app)
    const made = await create(host.cookie, {
      name: 'Giveaway',
      entries: entries(12),
      giveaway: { kind: 'winners', count: 5 },
    })
    expect(made.statusCode).toBe(201)
    expect(made.json().giveaway).toEqual({ kind: 'winners', count: 5 })
    const { id } = made.json()
    expect((await record(id)).giveaway).toEqual({
      spec: { kind: 'winners', count: 5 },
      result: null,
      rerolledAt: [],
    })
    // A reroll before the reveal is refused: there is nothing to replace yet.
    expect((await reroll(host.cookie, id, 1)).statusCode).toBe(409)

    const revealed = (await reveal(host.cookie, id, 'stream chat 17')).json()
    const winners = revealed.giveaway.result.winners as number[]
    expect(winners).toHaveLength(5)
    expect(new Set(winners).size).toBe(5)
    expect(revealed.winnerIndex).toBe(winners[0])
    expect(await verify(id)).toMatchObject({ ok: true })

    const stranger = await register(server.app)
    expect((await reroll(stranger.cookie, id, 2)).statusCode).toBe(403)
    const bad = await reroll(host.cookie, id, 6)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe(GIVEAWAY_MESSAGES.place)

    const first = await reroll(host.cookie, id, 2)
    expect(first.statusCode).toBe(200)
    const after = first.json()
    expect(after.result.rerolls).toHaveLength(1)
    expect(after.result.rerolls[0]).toMatchObject({ place: 2, replaced: winners[1] })
    expect(after.result.winners[1]).toBe(after.result.rerolls[0].winner)
    expect(after.result.winners).not.toContain(winners[1])
    await reroll(host.cookie, id, 2)
    const final = await record(id)
    expect(final.giveaway.result.rerolls.map((r: { place: number }) => r.place)).toEqual([2, 2])
    expect(final.giveaway.rerolledAt).toHaveLength(2)
    expect(await verify(id)).toMatchObject({ ok: true })
  })

  it('makes teams of 3 from 10 entries by one shuffle, and refuses a request it cannot draw', async () => {
    const host = await register(server.app)
    const made = await create(host.cookie, {
      name: 'Teams',
      entries: entries(10),
      giveaway: { kind: 'teams', size: 3 },
    })
    expect(made.statusCode).toBe(201)
    const revealed = (await reveal(host.cookie, made.json().id, 'kick-off')).json()
    const teams = revealed.giveaway.result.teams as number[][]
    expect(teams.map((t) => t.length)).toEqual([3, 3, 2, 2])
    expect(teams.flat().sort((a, b) => a - b)).toEqual([...Array(10).keys()])
    expect(await verify(made.json().id)).toMatchObject({ ok: true })
    expect((await reroll(host.cookie, made.json().id, 1)).statusCode).toBe(400)

    const tooMany = await create(host.cookie, {
      name: 'Teams',
      entries: entries(4),
      giveaway: { kind: 'winners', count: 5 },
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().error).toBe(GIVEAWAY_MESSAGES.count)
    const odd = await create(host.cookie, {
      name: 'Teams',
      entries: entries(4),
      giveaway: { kind: 'lottery' },
    })
    expect(odd.json().error).toBe(GIVEAWAY_MESSAGES.spec)
    expect(await server.database.db.select().from(draws)).toHaveLength(1)
  })

  it('gives an open commitment back only for the same request', async () => {
    const host = await register(server.app)
    const wheel = { name: 'Prize', entries: entries(6) }
    const three = (await create(host.cookie, { ...wheel, giveaway: { kind: 'winners', count: 3 } })).json()
    const again = await create(host.cookie, { ...wheel, giveaway: { kind: 'winners', count: 3 } })
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(three.id)
    const two = await create(host.cookie, { ...wheel, giveaway: { kind: 'winners', count: 2 } })
    expect(two.statusCode).toBe(201)
    const single = await create(host.cookie, wheel)
    expect(single.statusCode).toBe(201)
    expect(single.json().giveaway).toBeUndefined()
    expect((await record(single.json().id)).giveaway).toBeNull()
  })

  it('a reroll past the last entry is refused and changes nothing', async () => {
    const host = await register(server.app)
    const { id } = (
      await create(host.cookie, { name: 'Duo', entries: entries(3), giveaway: { kind: 'winners', count: 2 } })
    ).json()
    await reveal(host.cookie, id, 'seed')
    expect((await reroll(host.cookie, id, 1)).statusCode).toBe(200)
    const none = await reroll(host.cookie, id, 1)
    expect(none.statusCode).toBe(400)
    expect(none.json().error).toBe(GIVEAWAY_MESSAGES.noneLeft)
    expect((await record(id)).giveaway.rerolledAt).toHaveLength(1)
  })
})
