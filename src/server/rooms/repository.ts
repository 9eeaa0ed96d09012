import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { RoomSpin, RoomState, RoomWheel, RoomWinner } from '../../core/rooms/protocol'
import type { Db } from '../db/client'
import { draws, rooms, roomViewers } from '../db/schema'

export type RoomRow = typeof rooms.$inferSelect
export type NewRoomRow = Pick<
  typeof rooms.$inferInsert,
  | 'code'
  | 'hostTokenHash'
  | 'remoteSecretHash'
  | 'userId'
  | 'address'
  | 'maxItems'
  | 'wheel'
  | 'permanent'
  | 'nextDrawId'
>

/** A process's count of a room's connections older than this is left out (that process is gone). */
export const VIEWER_COUNT_TTL_MS = 60_000

/** The state every screen is sent, from a row, the commitment of the next draw and the viewer count. */
export function roomState(row: RoomRow, next: RoomState['next'], viewers: number): RoomState {
  return {
    code: row.code,
    wheel: row.wheel as RoomWheel,
    version: row.version,
    next: row.endedAt ? null : next,
    spin: (row.spin as RoomSpin | null) ?? null,
    history: row.history as RoomWinner[],
    viewers,
    ended: row.endedAt !== null,
  }
}

export type RoomRepository = ReturnType<typeof createRoomRepository>

export function createRoomRepository(db: Db) {
  return {
    /** Stores a new room; false when the code is taken (the caller draws another). */
    async insert(values: NewRoomRow): Promise<RoomRow | null> {
      const [row] = await db.insert(rooms).values(values).onConflictDoNothing().returning()
      return row ?? null
    },

    async find(code: string): Promise<RoomRow | null> {
      const [row] = await db.select().from(rooms).where(eq(rooms.code, code))
      return row ?? null
    },

    /** The room and its next draw's commitment (null once revealed), in one statement. */
    async findWithNext(code: string): Promise<{ row: RoomRow; next: RoomState['next'] } | null> {
      const [found] = await db
        .select({
          row: rooms,
          next: { drawId: draws.id, commitment: draws.commitment, revealedAt: draws.revealedAt },
        })
        .from(rooms)
        .leftJoin(draws, eq(draws.id, rooms.nextDrawId))
        .where(eq(rooms.code, code))
      if (!found) return null
      const { next } = found
      return {
        row: found.row,
        next: next && !next.revealedAt ? { drawId: next.drawId, commitment: next.commitment } : null,
      }
    },

    /** Rooms still open that this address, or this account, opened. */
    async openCount(by: { address: string } | { userId: string }): Promise<number> {
      const who = 'address' in by ? eq(rooms.address, by.address) : eq(rooms.userId, by.userId)
      const [row] = await db
        .select({ n: count() })
        .from(rooms)
        .where(and(who, isNull(rooms.endedAt)))
      return row?.n ?? 0
    },

    /**
     * Writes a change made from `row` (version v) as version v + 1, only if nobody changed the
     * room meanwhile: null when another change came first (the caller reloads and tries again or
     * answers 409).
     */
    async update(
      row: RoomRow,
      changes: Partial<Pick<RoomRow, 'wheel' | 'nextDrawId' | 'spin' | 'history' | 'activeAt' | 'endedAt'>>,
    ): Promise<RoomRow | null> {
      const [updated] = await db
        .update(rooms)
        .set({ ...changes, version: row.version + 1 })
        .where(and(eq(rooms.code, row.code), eq(rooms.version, row.version), isNull(rooms.endedAt)))
        .returning()
      return updated ?? null
    },

    async setSecrets(code: string, secrets: { hostTokenHash?: string; remoteSecretHash?: string | null }) {
      const [row] = await db
        .update(rooms)
        .set(secrets)
        .where(and(eq(rooms.code, code), isNull(rooms.endedAt)))
        .returning({ code: rooms.code })
      return row !== undefined
    },

    /** Ends the rooms idle since `before` (permanent ones stay); returns their codes and versions. */
    async endIdle(before: Date): Promise<{ code: string; version: number }[]> {
      const ended = await db
        .update(rooms)
        .set({ endedAt: new Date(), version: sql`${rooms.version} + 1` })
        .where(and(isNull(rooms.endedAt), eq(rooms.permanent, false), lt(rooms.activeAt, before)))
        .returning({ code: rooms.code, version: rooms.version })
      return ended
    },

    /** Deletes rooms ended before `before` (their draws stay, with their proof pages). */
    async purgeEnded(before: Date): Promise<number> {
      const deleted = await db.delete(rooms).where(lt(rooms.endedAt, before)).returning({ code: rooms.code })
      return deleted.length
    },

    /** This process's count of a room's connections (0 removes it). */
    async setViewers(code: string, processId: string, viewers: number): Promise<void> {
      if (viewers === 0) {
        await db
          .delete(roomViewers)
          .where(and(eq(roomViewers.roomCode, code), eq(roomViewers.processId, processId)))
        return
      }
      await db
        .insert(roomViewers)
        .values({ roomCode: code, processId, viewers })
        .onConflictDoUpdate({
          target: [roomViewers.roomCode, roomViewers.processId],
          set: { viewers, updatedAt: new Date() },
        })
        .catch(() => {
          // The room was deleted meanwhile (the foreign key): nothing to count.
        })
    },

    /** Every process's connections to the room, counts not refreshed for VIEWER_COUNT_TTL_MS left out. */
    async viewers(code: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${roomViewers.viewers}), 0)::int` })
        .from(roomViewers)
        .where(
          and(
            eq(roomViewers.roomCode, code),
            gt(roomViewers.updatedAt, new Date(Date.now() - VIEWER_COUNT_TTL_MS)),
          ),
        )
      return Number(row?.n ?? 0)
    },
  }
}
