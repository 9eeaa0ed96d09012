import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/**
 * Live spin rooms (issue 35, migration 0022). The foreign keys (user_id → users, next_draw_id →
 * draws, room_viewers.room_code → rooms) are in the migration, so this file imports no other schema.
 */
export const rooms = pgTable(
  'rooms',
  {
    /** The 6-character code (core/rooms/code.ts). */
    code: text('code').primaryKey(),
    /** SHA-256 (hex) of the host's token; of the remote's secret, null once revoked. */
    hostTokenHash: text('host_token_hash').notNull(),
    remoteSecretHash: text('remote_secret_hash'),
    /** The signed-in host, if any (counts towards the rooms per account). */
    userId: text('user_id'),
    /** The creator's address as the limits count it (limits/client-address.ts). */
    address: text('address').notNull(),
    /** The host's plan's item limit when the room was opened. */
    maxItems: integer('max_items').notNull(),
    /** The mirrored wheel (core/rooms/protocol.ts RoomWheel). */
    wheel: jsonb('wheel').notNull(),
    version: integer('version').notNull().default(1),
    /** The committed draw of the next spin. */
    nextDrawId: text('next_draw_id'),
    /** The last spin as announced (RoomSpin), null before the first. */
    spin: jsonb('spin'),
    /** The room's winners, newest first (RoomWinner[]). */
    history: jsonb('history').notNull().default(sql`'[]'::jsonb`),
    /** A Premium host's room does not close when idle. */
    permanent: boolean('permanent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The last spin (or the creation): the room closes ROOM_LIMITS.idleMs after it. */
    activeAt: timestamp('active_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('rooms_host_token_idx').on(t.hostTokenHash),
    index('rooms_open_address_idx').on(t.address).where(sql`${t.endedAt} is null`),
    index('rooms_open_user_idx').on(t.userId).where(sql`${t.endedAt} is null`),
    index('rooms_active_idx').on(t.activeAt).where(sql`${t.endedAt} is null`),
  ],
)

/** Each server process's count of a room's connections, refreshed while it has any. */
export const roomViewers = pgTable(
  'room_viewers',
  {
    roomCode: text('room_code').notNull(),
    processId: text('process_id').notNull(),
    viewers: integer('viewers').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'room_viewers_pk', columns: [t.roomCode, t.processId] })],
)
