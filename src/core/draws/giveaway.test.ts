import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkGiveawaySpec,
  checkReroll,
  computeGiveaway,
  dealTeams,
  drawOrder,
  GIVEAWAY_MESSAGES,
  teamCountOf,
  winnersFromOrder,
} from './giveaway'
import { GIVEAWAY_VECTORS } from './giveaway-vectors'
import { verifyGiveaway } from './giveaway-verify'
import { commitmentOf, drawWinner, pickByValue, wheelHashOf } from './protocol'
import { TEST_VECTORS } from './test-vectors'

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'))
const weightsArb = fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 30 })
const HASH = 'a'.repeat(64)
/** A draw order: a permutation of 0 … n − 1. */
const orderArb = fc
  .integer({ min: 2, max: 40 })
  .chain((n) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }))

describe('the giveaway test vectors', () => {
  it.each(GIVEAWAY_VECTORS)('recomputes $clientSeed', async (v) => {
    expect(await commitmentOf(v.serverSeed)).toBe(v.commitment)
    expect(await wheelHashOf(v.entries)).toBe(v.wheelHash)
    const result = await computeGiveaway(
      v.spec,
      v,
      v.entries.map(([, w]) => w),
      v.rerollPlaces,
    )
    expect(result).toEqual(v.result)
  })

  it('the first pick of the order is the published single winner', async () => {
    for (const v of TEST_VECTORS) {
      const order = await drawOrder(
        v.serverSeed,
        v.clientSeed,
        v.wheelHash,
        v.entries.map(([, w]) => w),
        1,
      )
      expect(order).toEqual([v.winnerIndex])
    }
  })
})

describe('the draw order (property tests)', () => {
  it('draws distinct entries, the first one the single winner, and every entry when asked for all', async () => {
    await fc.assert(
      fc.asyncProperty(
        seedArb,
        fc.string({ minLength: 1, maxLength: 20 }),
        weightsArb,
        async (seed, client, weights) => {
          const order = await drawOrder(seed, client, HASH, weights, weights.length)
          expect([...order].sort((a, b) => a - b)).toEqual(weights.map((_, i) => i))
          const single = await drawWinner(seed, client, HASH, weights)
          expect(order[0]).toBe(single.winnerIndex)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('k winners are the first k of k + 1 (drawing more never changes the earlier places)', async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, weightsArb, fc.nat(29), async (seed, weights, k) => {
        const fewer = await drawOrder(seed, 'x', HASH, weights, k)
        const more = await drawOrder(seed, 'x', HASH, weights, k + 1)
        expect(more.slice(0, fewer.length)).toEqual(fewer)
        expect(fewer.length).toBe(Math.min(k, weights.length))
      }),
      { numRuns: 60 },
    )
  })
})

/** The draw order as decision 0051 words it: each pick among the entries left, taken out of the list. */
async function listOrder(seed: string, client: string, weights: number[], picks: number) {
  const key = await crypto.subtle.importKey(
    'raw',
    Buffer.from(seed, 'hex'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const left = weights.map((_, i) => i)
  const leftWeights = [...weights]
  const order: number[] = []
  for (let counter = 0; order.length < picks && left.length > 0; counter++) {
    const h = new Uint8Array(
      await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${client}:${HASH}:${counter}`)),
    )
    const at = pickByValue(Buffer.from(h.subarray(0, 4)).readUInt32BE(0), leftWeights)
    if (at === null) continue
    order.push(left[at] as number)
    left.splice(at, 1)
    leftWeights.splice(at, 1)
  }
  return order
}

describe('the draw order in O(log n) a pick', () => {
  it('is the order of taking each pick out of the list, for any weights', async () => {
    await fc.assert(
      fc.asyncProperty(
        seedArb,
        fc.array(fc.integer({ min: 1, max: 2 ** 20 }), { minLength: 1, maxLength: 70 }),
        fc.nat(80),
        async (seed, weights, picks) => {
          expect(await drawOrder(seed, 'y', HASH, weights, picks)).toEqual(
            await listOrder(seed, 'y', weights, picks),
          )
        },
      ),
      { numRuns: 80 },
    )
  })

  it('shuffles 10,000 entries: every one once, the first 300 as the list gives them', async () => {
    const ones = Array.from({ length: 10_000 }, () => 1)
    const order = await drawOrder('0'.repeat(64), 'z', HASH, ones, ones.length)
    expect(new Set(order).size).toBe(10_000)
    expect(order.slice(0, 300)).toEqual(await listOrder('0'.repeat(64), 'z', ones, 300))
  })
})

describe('rerolls', () => {
  it('replace the place rerolled with the next pick; winners stay distinct and a replaced winner never returns', () => {
    fc.assert(
      fc.property(
        orderArb,
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (order, k0, raw) => {
          const n = order.length
          const k = Math.min(k0, n)
          const places = raw.slice(0, n - k).map((r) => (r % k) + 1)
          const { winners, rerolls } = winnersFromOrder(order, k, places)
          expect(new Set(winners).size).toBe(k)
          expect(rerolls.map((r) => r.place)).toEqual(places)
          for (const r of rerolls) expect(winners).not.toContain(r.replaced)
          expect(rerolls.map((r) => r.winner)).toEqual(order.slice(k, k + places.length))
        },
      ),
    )
  })

  it('are refused past the last entry, for a place without a winner, and for a teams draw', () => {
    const spec = { kind: 'winners', count: 2 } as const
    expect(checkReroll(spec, 3, 0, 1)).toEqual({ ok: true, value: 1 })
    expect(checkReroll(spec, 3, 1, 1)).toEqual({ ok: false, error: GIVEAWAY_MESSAGES.noneLeft })
    expect(checkReroll(spec, 9, 0, 3)).toEqual({ ok: false, error: GIVEAWAY_MESSAGES.place })
    expect(checkReroll(spec, 9, 0, '1')).toEqual({ ok: false, error: GIVEAWAY_MESSAGES.place })
    expect(checkReroll({ kind: 'teams', teams: 2 }, 9, 0, 1).ok).toBe(false)
  })
})

describe('teams', () => {
  it('put every entry in exactly one team, sizes differing by at most one, none over N', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 200 }), fc.integer({ min: 1, max: 199 }), (n, size0) => {
        const size = Math.min(size0, n - 1)
        const k = teamCountOf({ size }, n)
        const teams = dealTeams([...Array(n).keys()], k)
        expect(teams.flat().sort((a, b) => a - b)).toEqual([...Array(n).keys()])
        const sizes = teams.map((t) => t.length)
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
        expect(Math.max(...sizes)).toBeLessThanOrEqual(size)
      }),
    )
  })

  it('ignore the weights: one shuffle of every entry', async () => {
    const seeds = { serverSeed: '00'.repeat(32), clientSeed: 'x', wheelHash: HASH }
    const heavy = await computeGiveaway({ kind: 'teams', teams: 2 }, seeds, [100, 1, 1, 1])
    const plain = await computeGiveaway({ kind: 'teams', teams: 2 }, seeds, [1, 1, 1, 1])
    expect(heavy).toEqual(plain)
  })
})

describe('checkGiveawaySpec', () => {
  it('accepts 1–100 winners up to the number of entries, 2+ teams, or teams of 1 to n − 1', () => {
    expect(checkGiveawaySpec({ kind: 'winners', count: 5 }, 20).ok).toBe(true)
    expect(checkGiveawaySpec({ kind: 'winners', count: 21 }, 20)).toEqual({
      ok: false,
      error: GIVEAWAY_MESSAGES.count,
    })
    expect(checkGiveawaySpec({ kind: 'winners', count: 101 }, 500).ok).toBe(false)
    expect(checkGiveawaySpec({ kind: 'winners', count: 0 }, 5).ok).toBe(false)
    expect(checkGiveawaySpec({ kind: 'winners', count: 1.5 }, 5).ok).toBe(false)
    expect(checkGiveawaySpec({ kind: 'teams', size: 3 }, 10)).toEqual({
      ok: true,
      value: { kind: 'teams', size: 3 },
    })
    expect(checkGiveawaySpec({ kind: 'teams', size: 10 }, 10).ok).toBe(false)
    expect(checkGiveawaySpec({ kind: 'teams', teams: 1 }, 10).ok).toBe(false)
    expect(checkGiveawaySpec({ kind: 'teams', teams: 2, size: 2 }, 10).ok).toBe(false)
    expect(checkGiveawaySpec({ kind: 'teams' }, 10).ok).toBe(false)
    expect(checkGiveawaySpec('winners', 10).ok).toBe(false)
  })
})

describe('verifyGiveaway', () => {
  const [v] = GIVEAWAY_VECTORS
  if (!v) throw new Error('no vector')
  const draw = { ...v }
  it('says Verified for the published vector and names the step that fails', async () => {
    expect((await verifyGiveaway(draw, v.result)).ok).toBe(true)
    const swapped = {
      ...v.result,
      winners: [...(v.result.kind === 'winners' ? v.result.winners : [])].reverse(),
    }
    expect(await verifyGiveaway(draw, swapped)).toMatchObject({ ok: false, step: 'result' })
    expect(await verifyGiveaway({ ...draw, rerollPlaces: [] }, v.result)).toMatchObject({
      ok: false,
      step: 'result',
    })
    expect(await verifyGiveaway({ ...draw, commitment: 'b'.repeat(64) }, v.result)).toMatchObject({
      ok: false,
      step: 'commitment',
    })
    expect(await verifyGiveaway({ ...draw, entries: [...v.entries].reverse() }, v.result)).toMatchObject({
      ok: false,
      step: 'wheelHash',
    })
  })
})
