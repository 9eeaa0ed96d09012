import * as z from 'zod/mini'
import { profileSchema } from '../../core/account/profile'
import {
  activatedSubscriptionSchema,
  capturedPaymentSchema,
  publicBillingConfigSchema,
} from '../../core/billing/protocol'
import { trialStatusSchema } from '../../core/billing/trial'
import { msg } from '../../core/i18n/message-id'
import type { Schema } from '../../core/schema'
import { type FetchLike, request } from './client'

/**
 * One billing call, as spec §5 reads the server: an empty body is 'Empty response from server', a
 * body that is not JSON or not of the expected shape (which may be `{success: false, error}`)
 * 'Invalid response from server', a non-OK status the server's error or `defaultMessage`.
 */
export const billingRequest = <T>(
  method: 'GET' | 'POST',
  url: string,
  schema: Schema<T>,
  defaultMessage: string,
  body?: unknown,
  fetchFn?: FetchLike,
): Promise<T> => request(url, { method, schema, body, failure: defaultMessage, fetch: fetchFn })

// pending: a payment PayPal is still reviewing (HTTP 202), not a failure.
const failure = z.object({ success: z.literal(false), error: z.string(), pending: z.optional(z.boolean()) })
const answer = <T extends z.ZodMiniType>(success: T) => z.union([success, failure])

const createAnswer = answer(
  z.object({ success: z.literal(true), approval_url: z.string(), subscription_id: z.string() }),
)
const activateAnswer = answer(
  z.object({ success: z.literal(true), subscription: activatedSubscriptionSchema }),
)
const captureAnswer = answer(z.object({ success: z.literal(true), payment: capturedPaymentSchema }))
const verifyAnswer = answer(z.object({ success: z.literal(true), status: z.string() }))
const cancelAnswer = answer(z.object({ success: z.literal(true), message: z.optional(z.string()) }))
const profileAnswer = answer(z.object({ success: z.literal(true), profile: profileSchema }))

/** The reason the profile page sends with a cancellation (SPEC §4 Cancel subscription). */
export const PROFILE_CANCEL_REASON = 'User requested cancellation from profile page'

/**
 * The billing endpoints (/api/billing/*). Each call resolves with the server's answer, which may be
 * `{success: false, error}`, and throws an ApiError when the answer cannot be used (network,
 * empty or unreadable body, non-OK status with the server's error or the call's default message).
 * The user is always the session's: no call sends a user id.
 */
export const billingApi = {
  /** attemptId: one Subscribe Now intent, the same across its retries (one subscription at PayPal). */
  createSubscription: (attemptId?: string) =>
    billingRequest(
      'POST',
      '/api/billing/create-subscription',
      createAnswer,
      msg('Failed to create subscription'),
      { plan_type: 'premium', ...(attemptId ? { attempt_id: attemptId } : {}) },
    ),
  activateSubscription: (subscriptionId: string) =>
    billingRequest(
      'POST',
      '/api/billing/activate-subscription',
      activateAnswer,
      msg('Failed to activate subscription'),
      { subscription_id: subscriptionId },
    ),
  capturePayment: (orderId: string) =>
    billingRequest('POST', '/api/billing/capture-payment', captureAnswer, msg('Failed to capture payment'), {
      order_id: orderId,
      plan: 'premium',
    }),
  verifySubscription: (subscriptionId: string) =>
    billingRequest('POST', '/api/billing/verify-subscription', verifyAnswer, msg('Verification failed'), {
      subscription_id: subscriptionId,
    }),
  cancelSubscription: (subscriptionId: string, reason = PROFILE_CANCEL_REASON) =>
    billingRequest(
      'POST',
      '/api/billing/cancel-subscription',
      cancelAnswer,
      msg('Failed to cancel subscription'),
      {
        subscription_id: subscriptionId,
        reason,
      },
    ),
  /** Whether the signed-in user can still have the free trial, and the trial under way. */
  trial: () =>
    billingRequest('GET', '/api/billing/trial', trialStatusSchema, msg('Could not load the free trial')),
  config: () =>
    billingRequest(
      'GET',
      '/api/billing/config',
      publicBillingConfigSchema,
      msg('Could not load the billing settings'),
    ),
  simulateMonthly: () =>
    billingRequest(
      'POST',
      '/api/billing/test/simulate-monthly',
      profileAnswer,
      msg('Failed to simulate a subscription'),
    ),
  clearSubscription: () =>
    billingRequest('POST', '/api/billing/test/clear', profileAnswer, msg('Failed to clear the subscription')),
}
