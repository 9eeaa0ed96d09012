// The database schema. drizzle-kit turns changes here into SQL migrations under ./drizzle
// (`npm run db:generate`); the server applies them at start-up.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

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

// Accounts. users, sessions, accounts and verifications are better-auth's tables (its field names
// as the TypeScript keys, snake_case columns); profiles hold what the app adds to a user.

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_idx').on(t.providerId, t.accountId),
  ],
)

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
)

/** One per user. Only the server writes the plan fields; the user may change the display name. */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    planType: text('plan_type', { enum: ['free', 'monthly'] })
      .notNull()
      .default('free'),
    subscriptionStatus: text('subscription_status').notNull().default('inactive'),
    subscriptionId: text('subscription_id'),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profiles_subscription_id_idx').on(t.subscriptionId),
    check('profiles_plan_type_check', sql`${t.planType} in ('free', 'monthly')`),
  ],
)

/** Fixed-window counters for sign-in, sign-up and reset attempts, shared by every server process. */
export const authRateLimits = pgTable('auth_rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})

/** Secrets the server generates once and every process shares (the session signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

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
    itemCount: integer('item_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    revision: integer('revision').notNull().default(1),
    syncedAt: timestamp('synced_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('wheels_user_synced_idx').on(t.userId, t.syncedAt),
  ],
)

// Billing. The provider (PayPal, or the built-in sandbox) holds the truth about a subscription;
// these tables remember which user created which subscription or order, and which webhook events
// were handled, so a replay changes nothing.

/** Subscriptions created through Whirl: the owner of each provider subscription id. */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['paypal', 'sandbox'] }).notNull(),
    /** The provider's last known status (ACTIVE, CANCELLED, …). */
    status: text('status').notNull(),
    nextBillingTime: timestamp('next_billing_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_user_idx').on(t.userId)],
)

/** One-time payments (Orders v2) created through Whirl, with their owner. */
export const billingOrders = pgTable(
  'billing_orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['paypal', 'sandbox'] }).notNull(),
    status: text('status').notNull(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
  },
  (t) => [index('billing_orders_user_idx').on(t.userId)],
)

/** Webhook events already handled (by the provider's event id): a replay is answered and ignored. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  subscriptionId: text('subscription_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The built-in sandbox provider's own records: what PayPal would hold for a subscription or an
 * order. Only used while no PayPal settings are configured.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['subscription', 'order'] }).notNull(),
  requestId: text('request_id').notNull().unique(),
  customId: text('custom_id'),
  status: text('status').notNull(),
  amount: text('amount'),
  currency: text('currency'),
  startTime: timestamp('start_time', { withTimezone: true }),
  nextBillingTime: timestamp('next_billing_time', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
