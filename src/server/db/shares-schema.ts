import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Share links (/w/<id>): a frozen snapshot of a wheel. `ownerId` is null for a visitor's link,
 * which is removed after 30 days without a visit (`lastVisitedAt`). A deleted or expired link
 * keeps its row with `deletedAt` set and the snapshot cleared, so its address answers 410.
 */
export const shares = pgTable(
  'shares',
  {
    id: text('id').primaryKey(),
    /** users.id (the foreign key, on delete cascade, is in the migration: no import of schema.ts here). */
    ownerId: text('owner_id'),
    name: text('name').notNull(),
    itemCount: integer('item_count').notNull(),
    /** The wheel as shared (name, items, settings), validated before it is written; null once deleted. */
    snapshot: jsonb('snapshot'),
    /** The snapshot's size as JSON text (0 once deleted): an owner's links count towards the quota. */
    dataBytes: integer('data_bytes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('shares_owner_idx').on(t.ownerId, t.createdAt),
    index('shares_visitor_visited_idx').on(t.lastVisitedAt),
  ],
)
