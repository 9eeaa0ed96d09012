// The database schema. drizzle-kit turns changes here into SQL migrations under ./drizzle
// (`npm run db:generate`); the server applies them at start-up.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/** Contact messages are stored before they are mailed, so none is lost when mail is down. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailStatus: text('mail_status', { enum: ['pending', 'sending', 'sent'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_outbox_idx').on(t.mailStatus, t.nextAttemptAt)],
)
