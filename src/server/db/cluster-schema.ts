import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** Periodic jobs (issue 20): the process that moves next_run_at forward runs the job, once per cluster. */
export const periodicJobs = pgTable('periodic_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunBy: text('last_run_by'),
})

/** Open profile streams, counted across processes; a lease that the stream's heartbeat renews. */
export const openStreams = pgTable(
  'open_streams',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    client: text('client').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('open_streams_user_idx').on(t.userId), index('open_streams_client_idx').on(t.client)],
)

/** Failed sign-ins per (email, client address); successful ones are never counted. */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    client: text('client').notNull(),
    count: integer('count').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.client] }), index('login_failures_last_idx').on(t.lastFailedAt)],
)
