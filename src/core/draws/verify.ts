import { english } from '../i18n/english'
import { msg } from '../i18n/message-id'
import { commitmentOf, type DrawEntry, drawWinner, isHex, SERVER_SEED_BYTES, wheelHashOf } from './protocol'

/** What a revealed draw publishes: everything needed to recompute it. */
export type RevealedDraw = {
  entries: DrawEntry[]
  wheelHash: string
  commitment: string
  serverSeed: string
  clientSeed: string
  winnerIndex: number
}

export type VerifyStep = 'commitment' | 'wheelHash' | 'winner'

/**
 * A failed check says why: `message` in English, and `source` with `values` for a page that shows
 * it in its own language (t(source, values)).
 */
export type Failure<Step> = {
  ok: false
  step: Step
  message: string
  source: string
  values?: Record<string, string | number>
}

export type Verification = { ok: true; winnerIndex: number; counter: number } | Failure<VerifyStep>

export const VERIFY_MESSAGES = {
  commitment: msg(
    'Commitment mismatch: the SHA-256 of the revealed server seed is not the commitment published before the spin.',
  ),
  wheelHash: msg(
    'wheelHash mismatch: the entries shown do not hash to the wheelHash committed before the spin.',
  ),
  winner: msg('Winner mismatch: the algorithm picks entry {position} ({entry}), not the announced winner.'),
} as const

/** A failed check of `step`, with its message in English and for t(). */
export function failure<Step>(
  step: Step,
  source: string,
  values?: Record<string, string | number>,
): Failure<Step> {
  const message = values ? english(source, values) : source
  return { ok: false, step, message, source, ...(values ? { values } : {}) }
}

/**
 * Recomputes a draw from its published parts, step by step, and says which step failed first:
 * the seed must hash to the commitment made before the spin, the entries must hash to wheelHash,
 * and the algorithm must pick the announced winner. Nothing here trusts the server's word.
 */
export async function verifyDraw(draw: RevealedDraw): Promise<Verification> {
  const commitment = isHex(draw.serverSeed, SERVER_SEED_BYTES) ? await commitmentOf(draw.serverSeed) : null
  if (commitment !== draw.commitment) return failure('commitment', VERIFY_MESSAGES.commitment)
  const wheelHash = await wheelHashOf(draw.entries)
  if (wheelHash !== draw.wheelHash) return failure('wheelHash', VERIFY_MESSAGES.wheelHash)
  const weights = draw.entries.map(([, weight]) => weight)
  const { winnerIndex, counter } = await drawWinner(draw.serverSeed, draw.clientSeed, wheelHash, weights)
  if (winnerIndex !== draw.winnerIndex) {
    const picked = draw.entries[winnerIndex]?.[0] ?? ''
    return failure('winner', VERIFY_MESSAGES.winner, { position: winnerIndex + 1, entry: picked })
  }
  return { ok: true, winnerIndex, counter }
}
