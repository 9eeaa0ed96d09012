import type { SQL } from 'drizzle-orm'
import type { RandomSource } from '../../core/random/random'
import { afterSpin } from '../../core/rooms/outcome'
import {
  ROOM_MESSAGES,
  type RoomSpin,
  type RoomState,
  type RoomWheel,
  type RoomWinner,
} from '../../core/rooms/protocol'
import { normalizeAngle } from '../../core/wheel/spin'
import { planItemsSpin } from '../../core/wheel/weighted-spin'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import { tooManyAttempts } from '../limits/rate-limit'
import type { RoomDraws } from './draws'
import { type RoomRow, roomState } from './repository'
import { readForSpin, type SpinRead, spinConflictOf, writeSpin } from './spin-store'

/**
 * A room just written, with its next draw's commitment when the writer knows it; `announced`: the
 * change's notification went out with its commit (only this process's screens are left to tell).
 */
export type KnownRoom = { row: RoomRow; next: RoomState['next'] | undefined; announced?: boolean }
/** An HTTP spin's caller: its bearer token, and its address's counter of host calls and its limit. */
export type SpinCaller = {
  token: string | null
  callsKey: string
  callsLimit: { max: number; timeWindow: number }
}
/** The room's limits a spin reads. */
type SpinLimits = { spinsPerMinute: number; leadMs: number; history: number }
/** A room's spins are counted in windows of a minute. */
const SPIN_WINDOW_MS = 60_000
/** Tries of a spin whose room changed between its read and its write (an edit of the wheel). */
const SPIN_TRIES = 3

export const lastSpin = (row: RoomRow) => (row.spin as RoomSpin | null) ?? null
/** From the request until the wheel rests: announced (not turning yet) or turning. */
export const spinning = (row: RoomRow, now: number) => {
  const spin = lastSpin(row)
  return spin !== null && now < spin.start + spin.duration
}
/** The room, if it exists and is open; else the answer that says why not. */
export const openRow = (row: RoomRow | null): RoomRow => {
  if (!row) throw new HttpError(404, ROOM_MESSAGES.notFound)
  if (row.endedAt) throw new HttpError(410, ROOM_MESSAGES.ended)
  return row
}

/**
 * A room's spin (issue 35) in two round trips (decision 0056): one statement reads the room and its
 * committed draw and counts the limits; the server decides the winner; one statement writes the
 * room's next version, the reveal and the next spin's commitment, with the NOTIFY sent at its
 * commit. This process's screens are sent the spin as soon as it is stored. An HTTP `caller` (its
 * token's hash) is checked here; over the room's socket the role was checked when the socket said
 * who it is.
 */
export function createRoomSpin(options: {
  db: Db
  source: RandomSource
  limits: SpinLimits
  draws: RoomDraws
  publish: (code: string, version: number, known?: KnownRoom) => Promise<void>
  announcement: (code: string, version: number, state: RoomState) => SQL | null
}) {
  const { db, source, limits, draws, publish, announcement } = options

  /** One try from the room as read: refused, written, or failed with a conflict (nothing written). */
  const spinOnce = async (code: string, read: SpinRead) => {
    const first = openRow(read.room)
    const now = Date.now()
    if (spinning(first, now)) throw new HttpError(409, ROOM_MESSAGES.spinning)
    // A refused spin still counts towards the room's limit (null: not counted again on a retry).
    if (read.spins !== null && read.spins > limits.spinsPerMinute)
      // The room's window is a minute at most away from starting again.
      throw new HttpError(429, ROOM_MESSAGES.tooManySpins, undefined, SPIN_WINDOW_MS / 1000)
    const spun = first.wheel as RoomWheel
    const committed = read.draw
    const draw =
      committed && !committed.revealedAt && committed.id === first.nextDrawId
        ? committed
        : await draws.commit(spun, null)
    const { clientSeed, winnerIndex } = await draws.decide(draw)
    // The draw's entries are the items of the wheel it was committed for.
    const wheel = afterSpin(spun, winnerIndex)
    // The same entries as the spun draw's unless the winner left: its hashes serve again.
    const next = await draws.prepare(wheel, spun.mode === 'elimination' ? draw.id : null, draw)
    const plan = planItemsSpin(source, spun.items, normalizeAngle(lastSpin(first)?.to ?? 0), winnerIndex)
    // The lead is counted from just before the one write: all of it goes to the fan-out.
    const start = Date.now() + limits.leadMs
    const spin: RoomSpin = {
      drawId: draw.id,
      start,
      duration: spun.spinDuration,
      from: plan.startRotation,
      to: plan.finalRotation,
      winnerIndex,
      items: spun.items,
    }
    const item = spun.items[winnerIndex]
    const winner: RoomWinner = {
      text: item?.text ?? '',
      color: item?.color ?? '#000000',
      drawId: draw.id,
      at: start + spun.spinDuration,
    }
    const changes = {
      wheel,
      spin,
      nextDrawId: next.id,
      history: [winner, ...(first.history as RoomWinner[])].slice(0, limits.history),
      activeAt: new Date(now),
    }
    const room: RoomRow = { ...first, ...changes, version: first.version + 1 }
    const nextDraw = { drawId: next.id, commitment: next.commitment }
    // The other processes are sent the state itself when it is small (each adds its viewer count).
    const announced = announcement(code, room.version, roomState(room, nextDraw, 0))
    await writeSpin(db, {
      row: first,
      changes,
      reveal: { drawId: draw.id, clientSeed, winnerIndex },
      next,
      announcement: announced,
    })
    await publish(code, room.version, { row: room, next: nextDraw, announced: announced !== null })
    return { spin, winner, room }
  }

  return async function spin(
    code: string,
    caller?: SpinCaller & { tokenHash: string | null },
  ): Promise<{ spin: RoomSpin; winner: RoomWinner; room: RoomRow }> {
    const tokenHash = caller?.tokenHash ?? null
    const spins = { key: `room-spin:${code}`, windowMs: SPIN_WINDOW_MS }
    const calls = caller ? { key: caller.callsKey, windowMs: caller.callsLimit.timeWindow } : undefined
    let read = await readForSpin(db, code, tokenHash, { spins, calls })
    if (read.calls && caller && read.calls.count > caller.callsLimit.max)
      throw tooManyAttempts(read.calls.resetAt.getTime() - Date.now())
    const room = openRow(read.room)
    if (tokenHash !== null && tokenHash !== room.hostTokenHash && tokenHash !== room.remoteSecretHash)
      throw new HttpError(403, ROOM_MESSAGES.badToken)
    for (let attempt = 1; ; attempt++) {
      try {
        return await spinOnce(code, read)
      } catch (error) {
        const conflict = spinConflictOf(error)
        if (!conflict) throw error
        // The draw was revealed, or the room changed and is tried again (a spin made meanwhile
        // now answers "spinning").
        if (conflict === 'draw-revealed' || attempt === SPIN_TRIES)
          throw new HttpError(409, ROOM_MESSAGES.spinning)
        read = await readForSpin(db, code, null, null)
      }
    }
  }
}
