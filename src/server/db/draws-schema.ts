import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Verifiable draws (issue 14). A row is made when the host commits (entries, wheelHash, the secret
 * serverSeed and its commitment) and completed once, on reveal (clientSeed, winnerIndex,
 * revealedAt). The foreign keys (user_id → users, previous_draw_id → draws) are in the migration,
 * so this file does not import schema.ts (which re-exports it).
 */
export const draws = pgTable(
  'draws',
  {
    id: text('id').primaryKey(),
    /** Null for a live room's draws (migration 0022): rooms are for everyone. */
    userId: text('user_id'),
    name: text('name').notNull(),
    /** The [text, weight] pairs exactly as committed. */
    entries: jsonb('entries').notNull(),
    wheelHash: text('wheel_hash').notNull(),
    /**
     * The normalised multiset of the entries (core/draws/entries-key.ts): the host's other draws of
     * these entries share it. Null only for rows from before migration 0019 until the
     * draw-entries-key job has filled them.
     */
    entriesKey: text('entries_key'),
    serverSeed: text('server_seed').notNull(),
    commitment: text('commitment').notNull(),
    clientSeed: text('client_seed'),
    winnerIndex: integer('winner_index'),
    /** In elimination mode, the draw this one follows. */
    previousDrawId: text('previous_draw_id'),
    /**
     * Several winners or teams (issue 36, migration 0023): the request committed with the entries,
     * as canonical JSON text of core/draws/giveaway's GiveawaySpec; null for a single winner.
     */
    giveaway: text('giveaway'),
    /** The giveaway's result (GiveawayResult), from the reveal on, recomputed after each reroll. */
    giveawayResult: jsonb('giveaway_result'),
    /** The rerolls in the order they were made, { place, at }: appended, never removed. */
    rerolls: jsonb('rerolls').notNull().default([]),
    rerollCount: integer('reroll_count').notNull().default(0),
    /** The entries and name as stored, and DRAW_ROW_BYTES for the rest: counts towards the quota. */
    dataBytes: integer('data_bytes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('draws_user_idx').on(t.userId),
    index('draws_previous_idx').on(t.previousDrawId),
    index('draws_user_entries_key_idx').on(t.userId, t.entriesKey),
    index('draws_open_idx').on(t.userId, t.wheelHash).where(sql`${t.revealedAt} is null`),
    index('draws_entries_key_missing_idx').on(t.id).where(sql`${t.entriesKey} is null`),
  ],
)
