// The contact module's table (re-exported by schema.ts for drizzle-kit).
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth-schema'

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
    /** The account that sent it while signed in (null when signed out, or once the account is deleted). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sent by a signed-in premium user: "[Priority]" subject, mailed before other messages. */
    priority: boolean('priority').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'failed': retried for MAIL_RETRY_DAYS without success; the message is kept (gaveUpAt says when). */
    mailStatus: text('mail_status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_messages_outbox_idx').on(t.mailStatus, t.nextAttemptAt),
    index('contact_messages_user_idx').on(t.userId),
  ],
)
