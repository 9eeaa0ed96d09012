// The free trial's table (re-exported by schema.ts for drizzle-kit).
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One row per account that started its free trial: the primary key makes it one trial per account.
 * reminder_sent_at is set by the one process that claims the reminder (sent once).
 * (users.id foreign key, on delete cascade, is in the migration: no import of schema.ts here.)
 */
export const billingTrials = pgTable(
  'billing_trials',
  {
    userId: text('user_id').primaryKey(),
    subscriptionId: text('subscription_id').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_trials_reminder_idx').on(t.endsAt)],
)

/**
 * Email addresses that started a free trial, as a keyed one-way hash (billing/trial.ts): kept when
 * the account is deleted, so deleting and registering again does not give a second trial.
 */
export const billingTrialEmails = pgTable('billing_trial_emails', {
  emailHash: text('email_hash').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The free trial of an account, reserved when its first trial subscription is created (migration
 * 0018): the primary key lets exactly one creation win it, whichever process gets there first.
 * request_id is that creation's idempotency key (a retried click gets the same subscription and
 * keeps the trial); subscription_id is set once the provider answered.
 * (users.id foreign key, on delete cascade, is in the migration.)
 */
export const billingTrialReservations = pgTable('billing_trial_reservations', {
  userId: text('user_id').primaryKey(),
  requestId: text('request_id').notNull(),
  subscriptionId: text('subscription_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
