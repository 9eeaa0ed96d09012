// The account quota's running totals (re-exported by schema.ts for drizzle-kit).
import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { users } from './auth-schema'

/**
 * The bytes each account holds per store (share links, draws, custom themes), kept by a trigger on
 * each store's table (drizzle/0017_account_quota.sql). Saved wheels are not here: the sync push adds
 * them up itself. Read through the SQL function `account_usage(user_id)`.
 */
export const storedBytes = pgTable(
  'stored_bytes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    store: text('store').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.store] })],
)
