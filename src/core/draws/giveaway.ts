import { english, type Sourced } from '../i18n/english'
import { msg } from '../i18n/message-id'
import { fromHex, utf8 } from './protocol'

const TWO_32 = 2 ** 32

/**
 * The giveaway extension of the verifiable-draw protocol (issue 36, decision 0051): several winners
 * without replacement, rerolls, and teams, from the same commit–reveal.
 *
 * - The draw order: the winner rule is applied again and again with ONE counter that keeps
 *   counting (0, 1, 2, … across all picks, never restarting); each pick is made among the entries
 *   not drawn yet, in their order, with their weights. The first pick is exactly the single
 *   winner of the published protocol.
 * - k winners: the first k picks, in order (place 1 is the first pick).
 * - A reroll of place p: the next pick of the same order replaces the winner at place p. Rerolls
 *   are appended in the order they were made; the replaced winner stays drawn (never drawn again).
 * - Teams: the order in which the winner rule draws every entry with every weight taken as 1 (one
 *   shuffle); the entry at position i of that order joins team (i mod K). "Teams of N" means
 *   K = ceil(entries / N), so no team has more than N and sizes differ by at most one.
 */

export type GiveawaySpec =
  | { kind: 'winners'; count: number }
  | { kind: 'teams'; teams?: number; size?: number }

export const MAX_WINNERS = 100
export const MAX_REROLLS = 100
export const MAX_TEAMS = 100

type Hmac = (message: Uint8Array) => Promise<Uint8Array>

type Subtle = {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    usages: ['sign'],
  ): Promise<unknown>
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>
}

async function hmacWith(serverSeed: string): Promise<Hmac> {
  const subtle = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle
  if (!subtle) throw new Error('WebCrypto (crypto.subtle) is not available here')
  const key = await subtle.importKey('raw', fromHex(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  return async (message) => new Uint8Array(await subtle.sign('HMAC', key, message))
}

/**
 * The first `picks` indexes of the draw order (entries drawn one by one without replacement, one
 * counter across all picks). `weights` of the entries in order; stops early when none remain.
 */
export async function drawOrder(
  serverSeed: string,
  clientSeed: string,
  wheelHash: string,
  weights: readonly number[],
  picks: number,
): Promise<number[]> {
  const hmac = await hmacWith(serverSeed)
  // The entries not drawn yet keep their places with their weights; a drawn entry's weight becomes
  // 0, which gives the same pick as taking it out of the list (decision 0051, "Figures").
  const left = createWeightTree(weights)
  let remaining = weights.length
  const order: number[] = []
  let counter = 0
  while (order.length < picks && remaining > 0) {
    const h = await hmac(utf8(`${clientSeed}:${wheelHash}:${counter}`))
    counter++
    const v =
      (h[0] as number) * 2 ** 24 + (((h[1] as number) << 16) | ((h[2] as number) << 8) | (h[3] as number))
    const total = left.total()
    // The published rule (pickByValue): a value past the last whole multiple of the total is skipped.
    if (!(v < Math.floor(TWO_32 / total) * total)) continue
    const at = left.firstAbove(v % total)
    order.push(at)
    left.take(at)
    remaining--
  }
  return order
}

/**
 * Running sums of weights in a Fenwick tree: the entry whose running sum first exceeds t, and
 * taking an entry out, each in O(log n) rather than O(n) (teams draw every entry).
 */
function createWeightTree(weights: readonly number[]) {
  const n = weights.length
  const tree = new Float64Array(n + 1)
  const own = Float64Array.from(weights)
  for (let i = 1; i <= n; i++) {
    tree[i] = (tree[i] as number) + (own[i - 1] as number)
    const parent = i + (i & -i)
    if (parent <= n) tree[parent] = (tree[parent] as number) + (tree[i] as number)
  }
  let sum = own.reduce((a, b) => a + b, 0)
  let top = 1
  while (top * 2 <= n) top *= 2
  return {
    total: () => sum,
    /** The first index whose running sum exceeds t (0 ≤ t < total). */
    firstAbove(t: number): number {
      let pos = 0
      let rest = t
      for (let step = top; step > 0; step >>= 1) {
        const next = pos + step
        if (next <= n && (tree[next] as number) <= rest) {
          pos = next
          rest -= tree[next] as number
        }
      }
      return pos
    },
    take(index: number) {
      const weight = own[index] as number
      own[index] = 0
      sum -= weight
      for (let i = index + 1; i <= n; i += i & -i) tree[i] = (tree[i] as number) - weight
    },
  }
}

export type Reroll = { place: number; replaced: number; winner: number }
export type WinnersResult = { winners: number[]; rerolls: Reroll[] }

/**
 * Winners and rerolls from a draw order: `order` holds at least count + rerollPlaces.length picks.
 * Places count from 1.
 */
export function winnersFromOrder(
  order: readonly number[],
  count: number,
  rerollPlaces: readonly number[],
): WinnersResult {
  const winners = order.slice(0, count)
  const rerolls: Reroll[] = []
  rerollPlaces.forEach((place, i) => {
    const next = order[count + i]
    const replaced = winners[place - 1]
    if (next === undefined || replaced === undefined) throw new RangeError('No entry is left to reroll')
    winners[place - 1] = next
    rerolls.push({ place, replaced, winner: next })
  })
  return { winners, rerolls }
}

/** How many teams a teams spec makes of `entries` entries. */
export function teamCountOf(spec: { teams?: number; size?: number }, entries: number): number {
  if (spec.teams !== undefined) return spec.teams
  return Math.ceil(entries / (spec.size ?? entries))
}

/** Deals a shuffled order round-robin into K teams. */
export function dealTeams(order: readonly number[], teams: number): number[][] {
  const out: number[][] = Array.from({ length: teams }, () => [])
  order.forEach((entry, i) => {
    out[i % teams]?.push(entry)
  })
  return out
}

export type GiveawayResult =
  | { kind: 'winners'; winners: number[]; rerolls: Reroll[] }
  | { kind: 'teams'; teams: number[][] }

/** The whole result of a giveaway draw, recomputed from its seeds (what the proof page checks). */
export async function computeGiveaway(
  spec: GiveawaySpec,
  seeds: { serverSeed: string; clientSeed: string; wheelHash: string },
  weights: readonly number[],
  rerollPlaces: readonly number[] = [],
): Promise<GiveawayResult> {
  const { serverSeed, clientSeed, wheelHash } = seeds
  if (spec.kind === 'winners') {
    const order = await drawOrder(
      serverSeed,
      clientSeed,
      wheelHash,
      weights,
      spec.count + rerollPlaces.length,
    )
    return { kind: 'winners', ...winnersFromOrder(order, spec.count, rerollPlaces) }
  }
  const ones = weights.map(() => 1)
  const order = await drawOrder(serverSeed, clientSeed, wheelHash, ones, ones.length)
  return { kind: 'teams', teams: dealTeams(order, teamCountOf(spec, weights.length)) }
}

/** The messages with values: [source, values] for t(); GIVEAWAY_MESSAGES holds their English. */
export const GIVEAWAY_MESSAGE_SOURCES = {
  count: [
    msg('The number of winners must be a whole number from 1 to {max}, and at most the number of entries.'),
    { max: MAX_WINNERS },
  ],
  teams: [
    msg('The number of teams must be a whole number from 2 to {max}, and at most the number of entries.'),
    { max: MAX_TEAMS },
  ],
  tooManyRerolls: [msg('A draw can have at most {max} rerolls.'), { max: MAX_REROLLS }],
} as const satisfies Record<string, Sourced>

export const GIVEAWAY_MESSAGES = {
  // For API callers: names the body's shape (its braces are not a message's placeholders).
  spec: 'Send { kind: "winners", count } or { kind: "teams", teams } or { kind: "teams", size }.',
  count: english(...GIVEAWAY_MESSAGE_SOURCES.count),
  teams: english(...GIVEAWAY_MESSAGE_SOURCES.teams),
  size: msg('The team size must be a whole number from 1 to one less than the number of entries.'),
  place: msg('Reroll a place that has a winner: a whole number from 1 to the number of winners.'),
  noneLeft: msg('Every entry has been drawn: there is no one left to reroll.'),
  tooManyRerolls: english(...GIVEAWAY_MESSAGE_SOURCES.tooManyRerolls),
} as const

type Checked<T> = { ok: true; value: T } | { ok: false; error: string }
const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n)

/** A giveaway spec for a draw of `entries` entries, as the host sent it. */
export function checkGiveawaySpec(spec: unknown, entries: number): Checked<GiveawaySpec> {
  if (typeof spec !== 'object' || spec === null) return { ok: false, error: GIVEAWAY_MESSAGES.spec }
  const { kind, count, teams, size } = spec as Record<string, unknown>
  if (kind === 'winners') {
    if (!whole(count) || count < 1 || count > MAX_WINNERS || count > entries)
      return { ok: false, error: GIVEAWAY_MESSAGES.count }
    return { ok: true, value: { kind, count } }
  }
  if (kind !== 'teams' || (teams === undefined) === (size === undefined))
    return { ok: false, error: GIVEAWAY_MESSAGES.spec }
  if (teams !== undefined) {
    if (!whole(teams) || teams < 2 || teams > MAX_TEAMS || teams > entries)
      return { ok: false, error: GIVEAWAY_MESSAGES.teams }
    return { ok: true, value: { kind, teams } }
  }
  if (!whole(size) || size < 1 || size >= entries || Math.ceil(entries / size) > MAX_TEAMS)
    return { ok: false, error: GIVEAWAY_MESSAGES.size }
  return { ok: true, value: { kind, size } }
}

/** Whether one more reroll of `place` is possible for a winners draw. */
export function checkReroll(
  spec: GiveawaySpec,
  entries: number,
  rerollsSoFar: number,
  place: unknown,
): Checked<number> {
  if (spec.kind !== 'winners' || !whole(place) || place < 1 || place > spec.count)
    return { ok: false, error: GIVEAWAY_MESSAGES.place }
  if (rerollsSoFar >= MAX_REROLLS) return { ok: false, error: GIVEAWAY_MESSAGES.tooManyRerolls }
  if (spec.count + rerollsSoFar >= entries) return { ok: false, error: GIVEAWAY_MESSAGES.noneLeft }
  return { ok: true, value: place }
}
