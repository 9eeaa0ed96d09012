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

export type Verification =
  | { ok: true; winnerIndex: number; counter: number }
  | { ok: false; step: VerifyStep; message: string }

/**
 * Recomputes a draw from its published parts, step by step, and says which step failed first:
 * the seed must hash to the commitment made before the spin, the entries must hash to wheelHash,
 * and the algorithm must pick the announced winner. Nothing here trusts the server's word.
 */
export async function verifyDraw(draw: RevealedDraw): Promise<Verification> {
  const commitment = isHex(draw.serverSeed, SERVER_SEED_BYTES) ? await commitmentOf(draw.serverSeed) : null
  if (commitment !== draw.commitment)
    return {
      ok: false,
      step: 'commitment',
      message:
        'Commitment mismatch: the SHA-256 of the revealed server seed is not the commitment published before the spin.',
    }
  const wheelHash = await wheelHashOf(draw.entries)
  if (wheelHash !== draw.wheelHash)
    return {
      ok: false,
      step: 'wheelHash',
      message:
        'wheelHash mismatch: the entries shown do not hash to the wheelHash committed before the spin.',
    }
  const weights = draw.entries.map(([, weight]) => weight)
  const { winnerIndex, counter } = await drawWinner(draw.serverSeed, draw.clientSeed, wheelHash, weights)
  if (winnerIndex !== draw.winnerIndex) {
    const picked = draw.entries[winnerIndex]?.[0] ?? ''
    return {
      ok: false,
      step: 'winner',
      message: `Winner mismatch: the algorithm picks entry ${winnerIndex + 1} (${picked}), not the announced winner.`,
    }
  }
  return { ok: true, winnerIndex, counter }
}
