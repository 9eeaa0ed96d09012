import { and, eq, isNull } from 'drizzle-orm'
import { drawEntriesOf } from '../../core/draws/entries'
import { entriesKeyOf } from '../../core/draws/entries-key'
import { commitmentOf, drawWinner, newServerSeed, wheelHashOf } from '../../core/draws/protocol'
import { randomSeedWords } from '../../core/draws/seed-words'
import type { RandomSource } from '../../core/random/random'
import type { RoomWheel } from '../../core/rooms/protocol'
import type { Db } from '../db/client'
import { draws } from '../db/schema'
import {
  createDrawRepository,
  type DrawRow,
  drawBytes,
  type NewDrawRow,
  newDrawId,
} from '../draws/repository'

const getRandomValues = (array: Uint8Array<ArrayBuffer>) => globalThis.crypto.getRandomValues(array)

/**
 * A room's spins are verifiable draws (issue 14's protocol, table and proof page): the draw of the
 * next spin is committed as soon as the wheel is known, its commitment is shown to every screen,
 * and the spin reveals it. Room draws belong to no account (rooms are for everyone).
 */
export function createRoomDraws(db: Db, source: RandomSource) {
  const repository = createDrawRepository(db)
  /** `drawn`: a draw that may have the same entries (the spun one): its hashes are reused then. */
  const prepare = async (
    wheel: RoomWheel,
    previousDrawId: string | null,
    drawn?: DrawRow,
  ): Promise<NewDrawRow & { id: string }> => {
    const entries = drawEntriesOf(wheel.items)
    const serverSeed = newServerSeed(getRandomValues)
    const same = drawn?.entriesKey && JSON.stringify(drawn.entries) === JSON.stringify(entries)
    const [wheelHash, entriesKey, commitment] = await Promise.all([
      same ? drawn.wheelHash : wheelHashOf(entries),
      same ? drawn.entriesKey : entriesKeyOf(entries),
      commitmentOf(serverSeed),
    ])
    return {
      id: newDrawId(),
      userId: null,
      name: wheel.name,
      entries,
      wheelHash,
      entriesKey,
      serverSeed,
      commitment,
      previousDrawId,
      dataBytes: drawBytes(wheel.name, entries),
    }
  }
  return {
    find: repository.find,

    /** Commits the draw of the next spin of `wheel` (chained to `previousDrawId` in elimination). */
    async commit(wheel: RoomWheel, previousDrawId: string | null): Promise<DrawRow> {
      const { id: _id, ...values } = await prepare(wheel, previousDrawId)
      return repository.insert(values)
    },

    /** The draw `commit` would store, not stored yet (a spin stores it in its own statement). */
    prepare,

    /** The winner of the committed draw with a fresh client seed (computed here, not stored yet). */
    async decide(draw: DrawRow): Promise<{ clientSeed: string; winnerIndex: number }> {
      const clientSeed = randomSeedWords(source)
      const weights = (draw.entries as [string, number][]).map(([, weight]) => weight)
      const { winnerIndex } = await drawWinner(draw.serverSeed, clientSeed, draw.wheelHash, weights)
      return { clientSeed, winnerIndex }
    },

    /** Drops a room's commitment that was never spun (the wheel changed before a spin). */
    async drop(id: string | null): Promise<void> {
      if (!id) return
      await db.delete(draws).where(and(eq(draws.id, id), isNull(draws.userId), isNull(draws.revealedAt)))
    },
  }
}

export type RoomDraws = ReturnType<typeof createRoomDraws>
