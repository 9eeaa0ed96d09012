import { create } from 'zustand'
import type { Item } from '../../core/wheel/model'

/**
 * How a verifiable draw takes part in a spin, shared by the wheel (which spins) and the draws
 * feature (which commits and reveals). While a draw is on, the wheel asks `decideSpin` before it
 * spins: the answer is the revealed winner's index, or `cancel` when the reveal failed (the draws
 * panel then says why). Without a draw the answer is null and the spin picks its own winner.
 */
export type SpinDecision = { winnerIndex: number } | { cancel: true }

type Decider = (items: readonly Item[]) => Promise<SpinDecision>

let decider: Decider | null = null

/** Sets the decider; answers the one it replaces (a giveaway puts it back after its own spins). */
export function setSpinDecider(next: Decider | null): Decider | null {
  const before = decider
  decider = next
  return before
}

/** Whether a spin asks a draw first (a reveal that takes a round trip to the server). */
export const spinWaitsForDraw = () => decider !== null

/** Asks the active draw (if any) for the winner of the spin about to start, with the wheel's items. */
export function decideSpin(items: readonly Item[]): Promise<SpinDecision | null> {
  return decider ? decider(items) : Promise.resolve(null)
}

/** The draw revealed by the last spin (its /draw/<id> page), null when the last spin had none. */
export const useRevealedDraw = create<{ id: string | null }>(() => ({ id: null }))

/**
 * Why the Spin button waits, or null when it may spin. While a verifiable draw is on and its
 * entries are not committed yet ("Committing the entries…"), a spin could not be checked against a
 * commitment made before it, so the wheel does not spin (issue 33).
 */
export const useSpinGate = create<{ waiting: string | null }>(() => ({ waiting: null }))
