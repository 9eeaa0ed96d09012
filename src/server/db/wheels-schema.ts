// The cloud copy of saved wheels (re-exported by schema.ts for drizzle-kit).
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth-schema'

/**
 * The cloud copy of premium users' saved wheels (cloud sync). The browser keeps the working copy;
 * `id`, `createdAt` and `updatedAt` are the client's, so the newer `updatedAt` wins a conflict.
 * A delete leaves a tombstone (`deletedAt`) so other devices learn of it. `revision` is the user's
 * change number at the row's last write (one counter per user, writes serialised per user): the
 * sync cursor. `syncedAt` is when the server last wrote the row.
 */
export const wheels = pgTable(
  'wheels',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    /** The whole wheel as the client stores it (items, settings), validated before it is written. */
    data: jsonb('data').notNull(),
    /** The size of `data` as JSON text, written with it: the cloud quota adds these up. */
    dataBytes: integer('data_bytes').notNull().default(0),
    itemCount: integer('item_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    revision: integer('revision').notNull().default(1),
    syncedAt: timestamp('synced_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    // The sync queries read a user's rows by revision (changes after a cursor, the highest revision).
    index('wheels_user_revision_idx').on(t.userId, t.revision),
  ],
)

/**
 * Earlier versions of premium users' saved wheels (drizzle/0016_saved_wheel_versions.sql): the
 * content a wheel had before a change, written by a trigger on `wheels` and pruned by the rules of
 * src/core/wheel/versions.ts. `dataBytes` counts towards the storage quota.
 */
export const savedWheelVersions = pgTable(
  'saved_wheel_versions',
  {
    versionId: bigint('version_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wheelId: text('wheel_id').notNull(),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    dataBytes: integer('data_bytes').notNull(),
    itemCount: integer('item_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Both in the migration with INCLUDE (data_bytes): the quota's sum and the trigger's check of a
    // restore read the index alone.
    index('saved_wheel_versions_wheel_idx').on(t.userId, t.wheelId, t.createdAt),
    index('saved_wheel_versions_user_idx').on(t.userId, t.createdAt),
  ],
)
