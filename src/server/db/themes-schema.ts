// The cloud copy of premium users' custom themes (re-exported by schema.ts for drizzle-kit).
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth-schema'

/**
 * One row per user: the custom themes (at most 50, each a name and 2–12 colours, validated before
 * they are written) and the ids of removed ones, so a device still holding one does not restore it.
 */
export const customThemes = pgTable('custom_themes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  themes: jsonb('themes').notNull().default([]),
  deleted: jsonb('deleted').notNull().default([]),
  /** The themes and removed ids as JSON text: counts towards the account's quota. */
  dataBytes: integer('data_bytes').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})
