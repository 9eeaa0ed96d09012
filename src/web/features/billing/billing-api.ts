import * as z from 'zod/mini'
import { profileSchema } from '../../../core/account'
import { billingRequest } from './billing-request'

const failure = z.object({ success: z.literal(false), error: z.string() })
const answer = <T extends z.ZodMiniType>(success: T) => z.union([success, failure])

const createAnswer = answer(
  z.object({ success: z.literal(true), approval_url: z.string(), subscription_id: z.string() }),
)
const subscriptionSchema = z.object({
  id: z.string(),
  plan: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  start_time: z.optional(z.nullable(z.string())),
  next_billing_time: z.optional(z.nullable(z.string())),
})
const activateAnswer = answer(z.object({ success: z.literal(true), subscription: subscriptionSchema }))
const paymentSchema = z.object({
  id: z.string(),
  plan: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
})
const captureAnswer = answer(z.object({ success: z.literal(true), payment: paymentSchema }))
const verifyAnswer = answer(z.object({ success: z.literal(true), status: z.string() }))
const doneAnswer = answer(z.object({ success: z.literal(true) }))
const profileAnswer = answer(z.object({ success: z.literal(true), profile: profileSchema }))
const configSchema = z.object({
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

export type ActivatedSubscription = z.infer<typeof subscriptionSchema>
export type BillingConfig = z.infer<typeof configSchema>

/** The reason the profile page sends with a cancellation (SPEC §4 Cancel subscription). */
export const PROFILE_CANCEL_REASON = 'User requested cancellation from profile page'

/**
 * The billing endpoints (/api/billing/*). Each call resolves with the server's answer, which may be
 * `{success: false, error}`, and throws a BillingApiError when the answer cannot be used (network,
 * empty or unreadable body, non-OK status with the server's error or the call's default message).
 * The user is always the session's: no call sends a user id.
 */
export const billingApi = {
  createSubscription: () =>
    billingRequest(
      'POST',
      '/api/billing/create-subscription',
      createAnswer,
      'Failed to create subscription',
      {
        plan_type: 'premium',
      },
    ),
  activateSubscription: (subscriptionId: string) =>
    billingRequest(
      'POST',
      '/api/billing/activate-subscription',
      activateAnswer,
      'Failed to activate subscription',
      { subscription_id: subscriptionId },
    ),
  capturePayment: (orderId: string) =>
    billingRequest('POST', '/api/billing/capture-payment', captureAnswer, 'Failed to capture payment', {
      order_id: orderId,
      plan: 'premium',
    }),
  verifySubscription: (subscriptionId: string) =>
    billingRequest('POST', '/api/billing/verify-subscription', verifyAnswer, 'Verification failed', {
      subscription_id: subscriptionId,
    }),
  cancelSubscription: (subscriptionId: string, reason = PROFILE_CANCEL_REASON) =>
    billingRequest('POST', '/api/billing/cancel-subscription', doneAnswer, 'Failed to cancel subscription', {
      subscription_id: subscriptionId,
      reason,
    }),
  config: () =>
    billingRequest('GET', '/api/billing/config', configSchema, 'Could not load the billing settings'),
  simulateMonthly: () =>
    billingRequest(
      'POST',
      '/api/billing/test/simulate-monthly',
      profileAnswer,
      'Failed to simulate a subscription',
    ),
  clearSubscription: () =>
    billingRequest('POST', '/api/billing/test/clear', profileAnswer, 'Failed to clear the subscription'),
}
