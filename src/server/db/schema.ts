// The database schema, one file per module (auth, contact, wheels; billing's tables stay below
// until the PayPal work moves them to billing-schema.ts). drizzle-kit reads this file and turns
// changes into SQL migrations under ./drizzle (`npm run db:generate`); the server applies them at
// start-up. A module's new tables go in src/server/db/<module>-schema.ts, re-exported here.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth-schema'

export * from './auth-schema'
export * from './contact-schema'
export * from './themes-schema'
export * from './wheels-schema'

// Billing. The provider (PayPal, or the built-in sandbox) holds the truth about a subscription;
// these tables remember which user created which subscription or order, and which webhook events
// were handled, so a replay changes nothing.

/** Subscriptions created through Whirl: the owner of each provider subscription id. */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    /** Null once its owner deleted the account while it was withdrawn but not final (migration 0012). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['paypal', 'sandbox'] }).notNull(),
    /** The provider's last known status (ACTIVE, CANCELLED, …). */
    status: text('status').notNull(),
    nextBillingTime: timestamp('next_billing_time', { withTimezone: true }),
    /** Free days it was created with (7 for an account's first subscription, else 0). */
    trialDays: integer('trial_days').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_user_idx').on(t.userId)],
)

/**
 * One-time payments (Orders v2) created through Whirl, with their owner. Billing law keeps an
 * order after its owner deletes the account: the owner is then null (anonymised, migration 0009).
 */
export const billingOrders = pgTable(
  'billing_orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
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
  trialDays: integer('trial_days').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
export * from './billing-mail-schema'
export * from './cluster-schema'
export { draws } from './draws-schema'
export * from './quota-schema'
export * from './rooms-schema'
export * from './shares-schema'
export * from './trial-schema'
