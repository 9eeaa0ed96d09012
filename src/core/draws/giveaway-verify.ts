import { msg } from '../i18n/message-id'
import { computeGiveaway, type GiveawayResult, type GiveawaySpec } from './giveaway'
import type { Failure, RevealedDraw } from './verify'
import { failure, verifyDraw } from './verify'

export type GiveawayVerification =
  | { ok: true; result: GiveawayResult }
  | Failure<'commitment' | 'wheelHash' | 'winner' | 'result'>

export const GIVEAWAY_VERIFY_MESSAGES = {
  winners: msg('Winners mismatch: the algorithm does not pick the winners and rerolls announced.'),
  teams: msg('Teams mismatch: the algorithm does not make the teams announced.'),
} as const

/** The result in one key order (a stored copy may come back with its keys in another order). */
const canonical = (r: GiveawayResult) =>
  JSON.stringify(
    r.kind === 'winners'
      ? [r.winners, r.rerolls.map(({ place, replaced, winner }) => [place, replaced, winner])]
      : [r.teams],
  )
const same = (a: GiveawayResult, b: GiveawayResult) => a.kind === b.kind && canonical(a) === canonical(b)

/**
 * Recomputes a giveaway draw (several winners with their rerolls, or teams) from its published
 * parts: the commitment and the wheelHash as for a single draw, then every winner, every reroll in
 * order and every team (decision 0051). Only this recomputation says "Verified".
 */
export async function verifyGiveaway(
  draw: Omit<RevealedDraw, 'winnerIndex'> & { spec: GiveawaySpec; rerollPlaces: number[] },
  announced: GiveawayResult,
): Promise<GiveawayVerification> {
  // The first winner (or the first of the shuffle) is the published single draw: its checks come first.
  const first = await verifyDraw({ ...draw, winnerIndex: -1 })
  if (!first.ok && first.step !== 'winner') return first
  const weights = draw.entries.map(([, weight]) => weight)
  const result = await computeGiveaway(draw.spec, draw, weights, draw.rerollPlaces)
  if (!same(result, announced))
    return failure(
      'result',
      draw.spec.kind === 'winners' ? GIVEAWAY_VERIFY_MESSAGES.winners : GIVEAWAY_VERIFY_MESSAGES.teams,
    )
  return { ok: true, result }
}
