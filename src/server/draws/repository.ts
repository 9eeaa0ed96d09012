import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import {
  type GiveawayRecord,
  type PublicDraw,
  type RevealResult,
  SAME_ENTRIES_LISTED,
  type SameEntries,
} from '../../core/draws/api'
import { entriesKeyOf } from '../../core/draws/entries-key'
import type { GiveawayResult, GiveawaySpec } from '../../core/draws/giveaway'
import type { DrawEntry } from '../../core/draws/protocol'
import type { Db } from '../db/client'
import { draws } from '../db/schema'

export type DrawRow = typeof draws.$inferSelect
export type NewDrawRow = Omit<typeof draws.$inferInsert, 'id' | 'createdAt' | 'revealedAt'>

/** What a draw's row holds besides its entries and name (seeds, hashes, times), as the quota counts it. */
export const DRAW_ROW_BYTES = 256

/** The bytes a draw of these entries and name takes from the account's quota. */
export const drawBytes = (name: string, entries: unknown) =>
  Buffer.byteLength(JSON.stringify(entries)) + Buffer.byteLength(name) + DRAW_ROW_BYTES

const entriesOf = (row: DrawRow) => row.entries as DrawEntry[]

/** A giveaway draw's record (issue 36): null for a single winner. */
export function giveawayOf(row: DrawRow): GiveawayRecord | null {
  if (row.giveaway === null) return null
  return {
    spec: JSON.parse(row.giveaway) as GiveawaySpec,
    result: row.revealedAt ? (row.giveawayResult as GiveawayResult | null) : null,
    rerolledAt: (row.rerolls as { at: string }[]).map((r) => r.at),
  }
}

/** The places rerolled, in order. */
export const rerollPlacesOf = (row: DrawRow) => (row.rerolls as { place: number }[]).map((r) => r.place)

/** The reveal's answer, from a revealed row. */
export function revealResult(row: DrawRow): RevealResult {
  const winnerIndex = row.winnerIndex as number
  const giveaway = giveawayOf(row)
  return {
    ...(giveaway ? { giveaway } : {}),
    id: row.id,
    winnerIndex,
    winner: entriesOf(row)[winnerIndex]?.[0] ?? '',
    serverSeed: row.serverSeed,
    clientSeed: row.clientSeed as string,
    commitment: row.commitment,
    wheelHash: row.wheelHash,
    createdAt: row.createdAt.toISOString(),
    revealedAt: (row.revealedAt as Date).toISOString(),
  }
}

/** The public record: the server seed stays secret until the reveal. */
export function publicDraw(row: DrawRow, nextDrawId: string | null, sameEntries: SameEntries): PublicDraw {
  const revealed = row.revealedAt !== null
  return {
    id: row.id,
    name: row.name,
    entries: entriesOf(row),
    commitment: row.commitment,
    wheelHash: row.wheelHash,
    createdAt: row.createdAt.toISOString(),
    serverSeed: revealed ? row.serverSeed : null,
    clientSeed: revealed ? row.clientSeed : null,
    winnerIndex: revealed ? row.winnerIndex : null,
    revealedAt: row.revealedAt?.toISOString() ?? null,
    previousDrawId: row.previousDrawId,
    giveaway: giveawayOf(row),
    nextDrawId,
    sameEntries,
  }
}

/** A new draw's id (unguessable: its proof page is public). */
export const newDrawId = () => randomBytes(16).toString('base64url')

/** Rows whose entries key one step of the draw-entries-key job fills. */
export const ENTRIES_KEY_BATCH = 100

export type DrawRepository = ReturnType<typeof createDrawRepository>

export function createDrawRepository(db: Db) {
  return {
    /** Stores a new draw, in `tx` when given (the account quota's transaction). */
    async insert(values: NewDrawRow, tx: Db = db): Promise<DrawRow> {
      const id = newDrawId()
      const [row] = await tx
        .insert(draws)
        .values({ ...values, id })
        .returning()
      return row as DrawRow
    },

    async find(id: string): Promise<DrawRow | null> {
      const [row] = await db.select().from(draws).where(eq(draws.id, id))
      return row ?? null
    },

    /**
     * The draw that follows this one in an elimination chain, if any: the first one revealed
     * (commitments dropped after an edit were never drawn), else the first one committed.
     */
    async nextOf(id: string): Promise<string | null> {
      const [row] = await db
        .select({ id: draws.id })
        .from(draws)
        .where(eq(draws.previousDrawId, id))
        .orderBy(sql`${draws.revealedAt} is null`, draws.revealedAt, draws.createdAt)
        .limit(1)
      return row?.id ?? null
    },

    /**
     * The host's open commitment (committed after `since`, not revealed) of exactly these entries
     * (wheelHash), name and previous draw, newest first: committing the same wheel again, after a
     * reload or a switch toggle, gets it back instead of a new one (issue 33).
     */
    async findOpen(
      open: Pick<DrawRow, 'name' | 'wheelHash' | 'previousDrawId' | 'giveaway'> & { userId: string },
      since: Date,
    ): Promise<DrawRow | null> {
      const [row] = await db
        .select()
        .from(draws)
        .where(
          and(
            eq(draws.userId, open.userId),
            eq(draws.wheelHash, open.wheelHash),
            isNull(draws.revealedAt),
            eq(draws.name, open.name),
            open.previousDrawId === null
              ? isNull(draws.previousDrawId)
              : eq(draws.previousDrawId, open.previousDrawId),
            open.giveaway === null ? isNull(draws.giveaway) : eq(draws.giveaway, open.giveaway),
            gt(draws.createdAt, since),
          ),
        )
        .orderBy(desc(draws.createdAt))
        .limit(1)
      return row ?? null
    },

    /**
     * The host's other draws of the same entries, newest first, with their winners, commitments
     * never revealed included: the same normalised multiset of entries (entriesKey: any order, any
     * padding), or the same wheelHash for rows whose key is not filled in yet.
     */
    async sameEntries(row: DrawRow): Promise<SameEntries> {
      // A live room's draws have no host account to compare with (issue 35).
      if (row.userId === null) return { total: 0, draws: [] }
      const alike: SQL | undefined = row.entriesKey
        ? or(eq(draws.entriesKey, row.entriesKey), eq(draws.wheelHash, row.wheelHash))
        : eq(draws.wheelHash, row.wheelHash)
      const same = and(eq(draws.userId, row.userId), alike, ne(draws.id, row.id))
      const [[total], listed] = await Promise.all([
        db.select({ n: count() }).from(draws).where(same),
        db.select().from(draws).where(same).orderBy(desc(draws.createdAt)).limit(SAME_ENTRIES_LISTED),
      ])
      return {
        total: total?.n ?? 0,
        draws: listed.map((other) => ({
          id: other.id,
          createdAt: other.createdAt.toISOString(),
          revealedAt: other.revealedAt?.toISOString() ?? null,
          winner: other.revealedAt ? revealResult(other).winner : null,
        })),
      }
    },

    /**
     * Fills the entries key of up to `batch` rows made before migration 0019 (or by an older
     * process during a rolling deploy). Returns how many it filled.
     */
    async fillEntriesKeys(batch = ENTRIES_KEY_BATCH): Promise<number> {
      const missing = await db
        .select({ id: draws.id })
        .from(draws)
        .where(isNull(draws.entriesKey))
        .limit(batch)
      // One row's entries at a time: a 10,000-entry draw holds about 2 MB.
      for (const { id } of missing) {
        const [row] = await db.select({ entries: draws.entries }).from(draws).where(eq(draws.id, id))
        if (!row) continue
        const entriesKey = await entriesKeyOf(row.entries as DrawEntry[])
        await db
          .update(draws)
          .set({ entriesKey })
          .where(and(eq(draws.id, id), isNull(draws.entriesKey)))
      }
      return missing.length
    },

    /** The user's draws committed but not revealed (kept at most DRAW_RETENTION_DAYS). */
    async unrevealedCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(draws)
        .where(and(eq(draws.userId, userId), isNull(draws.revealedAt)))
      return row?.n ?? 0
    },

    /**
     * Deletes draws never revealed that are older than `olderThanMs`, in batches of `batch` (a
     * draw that follows one keeps its record; its previousDrawId becomes null). Returns how many.
     */
    async purgeUnrevealed(olderThanMs: number, batch = 500): Promise<number> {
      const before = new Date(Date.now() - olderThanMs)
      let total = 0
      for (;;) {
        const old = db
          .select({ id: draws.id })
          .from(draws)
          .where(and(isNull(draws.revealedAt), lt(draws.createdAt, before)))
          .limit(batch)
        const deleted = await db.delete(draws).where(inArray(draws.id, old)).returning({ id: draws.id })
        total += deleted.length
        if (deleted.length < batch) return total
      }
    },

    /**
     * Completes a draw once: the update only matches while revealed_at is still null, so of any
     * number of concurrent reveals exactly one writes; the others get null.
     */
    async reveal(
      id: string,
      clientSeed: string,
      winnerIndex: number,
      giveawayResult: GiveawayResult | null = null,
    ): Promise<DrawRow | null> {
      const [row] = await db
        .update(draws)
        .set({ clientSeed, winnerIndex, giveawayResult, revealedAt: new Date() })
        .where(and(eq(draws.id, id), isNull(draws.revealedAt)))
        .returning()
      return row ?? null
    },

    /**
     * Appends a reroll of `place` with its new result, once: the update only matches while the
     * draw still has the rerolls it had when read, so of two concurrent rerolls one writes, the other gets null.
     */
    async reroll(row: DrawRow, place: number, giveawayResult: GiveawayResult): Promise<DrawRow | null> {
      const rerolls = [...(row.rerolls as unknown[]), { place, at: new Date().toISOString() }]
      const [updated] = await db
        .update(draws)
        .set({ rerolls, giveawayResult, rerollCount: row.rerollCount + 1 })
        .where(and(eq(draws.id, row.id), eq(draws.rerollCount, row.rerollCount)))
        .returning()
      return updated ?? null
    },
  }
}
