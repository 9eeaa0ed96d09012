import { computeGiveaway, type GiveawayResult, type GiveawaySpec } from './giveaway'
import type { RevealedDraw } from './verify'
import { verifyDraw } from './verify'

export type GiveawayVerification =
  | { ok: true; result: GiveawayResult }
  | { ok: false; step: 'commitment' | 'wheelHash' | 'winner' | 'result'; message: string }

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
    return {
      ok: false,
      step: 'result',
      message:
        draw.spec.kind === 'winners'
          ? 'Winners mismatch: the algorithm does not pick the winners and rerolls announced.'
          : 'Teams mismatch: the algorithm does not make the teams announced.',
    }
  return { ok: true, result }
}
