import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { draws, rooms } from '../db/schema'
import type { DrawRow, NewDrawRow } from '../draws/repository'
import { hitStatement } from '../limits/counter'
import type { RoomRow } from './repository'

/** The spin's counters: per room (spins a minute) and per caller's address (host calls a minute). */
export type SpinCounters = {
  /** The room's spin counter's key and window; counted only for its host or remote. */
  spins: { key: string; windowMs: number }
  /** The caller's address counter (HTTP calls), counted whoever calls; none over the room's socket. */
  calls?: { key: string; windowMs: number }
}

export type SpinRead = {
  room: RoomRow | null
  /** The room's committed next draw, if it has one. */
  draw: DrawRow | null
  /** The room's spins in this window with this one; null when the caller is not its host or remote. */
  spins: number | null
  calls: { count: number; resetAt: Date } | null
}

/**
 * Everything a spin needs before its draw, in one statement (issue 35, decision 0056): the room, its
 * committed draw, and the counters of the spin limits. `tokenHash` is the caller's token's hash
 * (null: the caller is already known to be the host, over the room's socket); a caller who is
 * neither host nor remote is not counted against the room's spins, so a viewer cannot use them up.
 */
export async function readForSpin(
  db: Db,
  code: string,
  tokenHash: string | null,
  counters: SpinCounters | null,
): Promise<SpinRead> {
  const holder =
    tokenHash === null
      ? sql`true`
      : sql`exists (select 1 from ${rooms} where ${rooms.code} = ${code} and (${rooms.hostTokenHash} = ${tokenHash} or ${rooms.remoteSecretHash} = ${tokenHash}))`
  const ctes = []
  let spins: SQL = sql`null::int`
  let calls: SQL = sql`null::int`
  let callsReset: SQL = sql`null::timestamptz`
  if (counters) {
    const spinHit = db
      .$with('spin_hit', { count: sql<number>`count` })
      .as(hitStatement(counters.spins.key, counters.spins.windowMs, holder))
    ctes.push(spinHit)
    spins = sql`(select count from spin_hit)`
    if (counters.calls) {
      const callHit = db
        .$with('call_hit', { count: sql<number>`count` })
        .as(hitStatement(counters.calls.key, counters.calls.windowMs))
      ctes.push(callHit)
      calls = sql`(select count from call_hit)`
      callsReset = sql`(select reset_at from call_hit)`
    }
  }
  const [row] = await db
    .with(...ctes)
    .select({
      room: rooms,
      draw: draws,
      spins: sql<number | null>`${spins}`,
      calls: sql<number | null>`${calls}`,
      callsReset: sql<Date | string | null>`${callsReset}`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(rooms, eq(rooms.code, code))
    .leftJoin(draws, eq(draws.id, rooms.nextDrawId))
  return {
    room: row?.room ?? null,
    draw: row?.draw ?? null,
    spins: row?.spins == null ? null : Number(row.spins),
    calls:
      row?.calls == null || row.callsReset == null
        ? null
        : { count: Number(row.calls), resetAt: new Date(row.callsReset) },
  }
}

/** Why a spin's statement wrote nothing (it is rolled back whole). */
export type SpinConflict = 'room-changed' | 'draw-revealed'
const CONFLICTS: SpinConflict[] = ['room-changed', 'draw-revealed']

/** The conflict a failed spin statement reports, if that is why it failed. */
export function spinConflictOf(error: unknown): SpinConflict | null {
  const texts: string[] = []
  for (let e: unknown = error; e instanceof Error; e = e.cause) texts.push(e.message)
  return CONFLICTS.find((conflict) => texts.some((text) => text.includes(`"whirl:${conflict}"`))) ?? null
}

/**
 * The spin's writes in one statement, so one transaction and one round trip: the room's next version
 * (only if it is still `row.version` and open), the reveal of the draw (only if not revealed yet),
 * the next spin's commitment, and `announcement` (the NOTIFY, sent at this commit). If the room
 * changed or the draw was revealed meanwhile, the statement fails on purpose and nothing is written
 * (spinConflictOf says which): the draw is never revealed without the room saying so, or the reverse.
 */
export async function writeSpin(
  db: Db,
  input: {
    row: RoomRow
    changes: Pick<RoomRow, 'wheel' | 'spin' | 'history' | 'activeAt' | 'nextDrawId'>
    reveal: { drawId: string; clientSeed: string; winnerIndex: number }
    next: NewDrawRow & { id: string }
    announcement: SQL | null
  },
): Promise<void> {
  const { row, changes, reveal, next } = input
  const moved = db
    .update(rooms)
    .set({ ...changes, version: row.version + 1 })
    .where(and(eq(rooms.code, row.code), eq(rooms.version, row.version), isNull(rooms.endedAt)))
    .returning({ version: rooms.version })
  const revealed = db
    .update(draws)
    .set({ clientSeed: reveal.clientSeed, winnerIndex: reveal.winnerIndex, revealedAt: new Date() })
    .where(and(eq(draws.id, reveal.drawId), isNull(draws.revealedAt)))
    .returning({ id: draws.id })
  const committed = db.insert(draws).values(next).returning({ id: draws.id })
  // A failed check casts its name to a number: PostgreSQL stops the statement with it in the error.
  const check = (conflict: SpinConflict, cte: string) =>
    sql`cast((select ${`whirl:${conflict}`}::text where not exists (select 1 from ${sql.identifier(cte)})) as int)`
  await db.execute(sql`
    with moved as (${moved.getSQL()}), revealed as (${revealed.getSQL()}), committed as (${committed.getSQL()})
    select ${check('room-changed', 'moved')}, ${check('draw-revealed', 'revealed')},
      (select count(*) from committed) as committed
      ${input.announcement ? sql`, (select ${input.announcement} from moved) as announced` : sql``}`)
}
