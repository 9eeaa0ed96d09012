import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { MAX_SAVED_WHEELS } from '../../core/storage/persisted-state'
import { CONFLICT_SUFFIX, type ServerWheel, SYNC_MESSAGES, type SyncChange } from '../../core/sync/protocol'
import { MAX_WHEEL_NAME, type Wheel } from '../../core/wheel/model'
import type { Db } from '../db/client'
import { wheels } from '../db/schema'
import { HttpError } from '../http/errors'

type Row = typeof wheels.$inferSelect

const toServerWheel = (row: Row): ServerWheel => ({
  id: row.id,
  wheel: row.deletedAt ? null : (row.data as Wheel),
  updatedAt: row.updatedAt.toISOString(),
  revision: row.revision,
})

/** The losing side of a conflict, kept as a new wheel so that nothing is lost. */
function conflictCopy(wheel: Wheel): Wheel {
  const id = `${(wheel.id ?? 'w').slice(0, 48)}-c${randomBytes(4).toString('hex')}`
  return {
    ...wheel,
    id,
    name: `${wheel.name.slice(0, MAX_WHEEL_NAME - CONFLICT_SUFFIX.length)}${CONFLICT_SUFFIX}`,
  }
}

export type WheelRepository = ReturnType<typeof createWheelRepository>

/**
 * The cloud copy of a user's saved wheels. Every query names the user: a wheel id of another user
 * is simply another row. A user's writes run one at a time (an advisory lock per user), so the
 * per-user change number (`revision`) only ever grows and a cursor never skips a change.
 */
export function createWheelRepository(db: Db) {
  async function changedSince(tx: Db, userId: string, since: number) {
    const rows = await tx
      .select()
      .from(wheels)
      .where(and(eq(wheels.userId, userId), gt(wheels.revision, since)))
      .orderBy(wheels.revision)
    return rows.map(toServerWheel)
  }

  return {
    async pull(userId: string, since: number) {
      const list = await changedSince(db, userId, since)
      const [top] = await db
        .select({ max: sql<number>`coalesce(max(${wheels.revision}), 0)::int` })
        .from(wheels)
        .where(eq(wheels.userId, userId))
      return { wheels: list, cursor: Math.max(since, top?.max ?? 0) }
    },

    /** Applies a batch of changes all or nothing, then answers every row changed after `since`. */
    async push(userId: string, since: number, changes: readonly SyncChange[]) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wheels:${userId}`}))`)
        const [top] = await tx
          .select({ max: sql<number>`coalesce(max(${wheels.revision}), 0)::int` })
          .from(wheels)
          .where(eq(wheels.userId, userId))
        let revision = top?.max ?? 0
        const conflicts: { id: string; copyId: string }[] = []

        const write = async (wheel: Wheel, existing: Row | undefined) => {
          revision += 1
          const values = {
            name: wheel.name,
            data: wheel,
            itemCount: wheel.items.length,
            createdAt: new Date(wheel.createdAt as string),
            updatedAt: new Date(wheel.updatedAt as string),
            deletedAt: null,
            revision,
            syncedAt: new Date(),
          }
          if (existing) {
            await tx
              .update(wheels)
              .set(values)
              .where(and(eq(wheels.userId, userId), eq(wheels.id, existing.id)))
          } else {
            await tx.insert(wheels).values({ userId, id: wheel.id as string, ...values })
          }
        }

        for (const change of changes) {
          if (change.wheel && change.wheel.id !== change.id)
            throw new HttpError(400, SYNC_MESSAGES.idMismatch)
          const [row] = await tx
            .select()
            .from(wheels)
            .where(and(eq(wheels.userId, userId), eq(wheels.id, change.id)))
          const serverTime = row?.updatedAt.toISOString()
          if (change.wheel === null) {
            // A delete of the version the client saw; a wheel changed elsewhere since then stays.
            if (row && !row.deletedAt && serverTime === change.base) {
              revision += 1
              await tx
                .update(wheels)
                .set({ deletedAt: new Date(), revision, syncedAt: new Date() })
                .where(and(eq(wheels.userId, userId), eq(wheels.id, row.id)))
            }
            continue
          }
          const incoming = change.wheel
          if (!row || row.deletedAt || serverTime === change.base) {
            await write(incoming, row)
            continue
          }
          if (serverTime === incoming.updatedAt) continue
          // Both sides changed the wheel: the newer updatedAt keeps the id, the other is a copy.
          const server = row.data as Wheel
          const incomingNewer = Date.parse(incoming.updatedAt as string) > row.updatedAt.getTime()
          const loser = conflictCopy(incomingNewer ? server : incoming)
          if (incomingNewer) await write(incoming, row)
          await write(loser, undefined)
          conflicts.push({ id: change.id, copyId: loser.id as string })
        }

        const [live] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(wheels)
          .where(and(eq(wheels.userId, userId), isNull(wheels.deletedAt)))
        if ((live?.count ?? 0) > MAX_SAVED_WHEELS) throw new HttpError(409, SYNC_MESSAGES.tooMany)
        return { wheels: await changedSince(tx as unknown as Db, userId, since), cursor: revision, conflicts }
      })
    },
  }
}
