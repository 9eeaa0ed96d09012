// The billing mails' table (re-exported by schema.ts for drizzle-kit).
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth-schema'

/**
 * One row per billing mail (drizzle/0021_billing_mail_events.sql), keyed by the user, the kind and
 * the event it tells of: the insert that wins the key is the only one that sends it, whichever
 * process saw the event first. claimed_at is set while one process sends it, sent_at once sent.
 */
export const billingMailEvents = pgTable(
  'billing_mail_events',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'billing_mail_events_pkey', columns: [t.userId, t.kind, t.eventKey] }),
    index('billing_mail_events_unsent_idx').on(t.createdAt),
  ],
)
