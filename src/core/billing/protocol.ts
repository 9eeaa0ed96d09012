import * as z from 'zod/mini'
import { msg } from '../i18n/message-id'
import { storableString } from '../text/schema'

/**
 * The billing endpoints' requests and answers (/api/billing/*), shared by the server, which checks
 * what it receives, and the web app, which checks what it is answered. Every answer is either one of
 * the successes below or `{success: false, error}`.
 */

/**
 * One Subscribe Now intent, made by the browser and kept across its own retries of that click: the
 * server derives PayPal's idempotency key from it, so a retried request gets the same subscription.
 */
export const attemptIdSchema = z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/))

export const createSubscriptionRequest = z.object({
  plan_type: z.optional(z.literal('premium')),
  // The spec's client sends placeholder subscriber details: the profile's name and email are used.
  subscriber: z.optional(z.unknown()),
  attempt_id: z.optional(attemptIdSchema),
})
export const createPaymentRequest = z.object({ attempt_id: z.optional(attemptIdSchema) })
export const subscriptionIdRequest = z.object({
  subscription_id: storableString(64).check(z.minLength(1)),
})
export const cancelSubscriptionRequest = z.object({
  subscription_id: storableString(64).check(z.minLength(1)),
  reason: z.optional(storableString().check(z.trim(), z.maxLength(128))),
})
export const capturePaymentRequest = z.object({
  order_id: storableString(64).check(z.minLength(1)),
  plan: z.optional(storableString()),
})

export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequest>

/** The subscription as the payment success page shows it. */
export const activatedSubscriptionSchema = z.object({
  id: z.string(),
  plan: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  start_time: z.optional(z.nullable(z.string())),
  next_billing_time: z.optional(z.nullable(z.string())),
})
export type ActivatedSubscription = z.infer<typeof activatedSubscriptionSchema>

/** A completed one-time payment. */
export const capturedPaymentSchema = z.object({
  id: z.string(),
  plan: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
})
export type CapturedPayment = z.infer<typeof capturedPaymentSchema>

/** What the plans and payment pages say while the sandbox payment provider is active (issue 12). */
export const TEST_MODE_TEXT = msg('Test mode: payments are simulated. No money is charged.')

/**
 * GET /api/billing/config: what the browser is told of billing (the provider's kind, test mode, the
 * plan's price), not the server's provider settings.
 */
export const publicBillingConfigSchema = z.object({
  provider: z.enum(['sandbox', 'paypal']),
  testMode: z.boolean(),
  plan: z.object({
    key: z.string(),
    name: z.string(),
    price: z.string(),
    currency: z.string(),
    interval: z.string(),
  }),
})
export type PublicBillingConfig = z.infer<typeof publicBillingConfigSchema>
