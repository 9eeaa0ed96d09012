import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { $ZodType, output } from 'zod/v4/core'
import {
  activatedSubscriptionSchema,
  cancelSubscriptionRequest,
  capturedPaymentSchema,
  capturePaymentRequest,
  createPaymentRequest,
  createSubscriptionRequest,
  type PublicBillingConfig,
  publicBillingConfigSchema,
  subscriptionIdRequest,
} from '../../core/billing/protocol'
import { PREMIUM_PLAN } from '../../core/plan/definition'
import type { Accounts } from '../auth/accounts'
import { INTERNAL_ERROR_MESSAGE, INVALID_REQUEST_MESSAGE } from '../http/errors'
import { userBeforeBody } from '../http/guards'
import { answers, billingErrorSchema, noQuery } from '../http/openapi'
import type { BillingClock } from './clock'
import { BILLING_MESSAGES } from './messages'
import { PAYMENT_MESSAGES } from './payments'
import type { PaymentProvider } from './provider'
import { ProviderError } from './provider'
import type { BillingService } from './service'

const clockBody = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400_000),
})

export const CREATION_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 }
export const WEBHOOK_RATE_LIMIT = { max: 120, timeWindow: 60_000 }

export const DEFAULT_CANCEL_REASON = 'User requested cancellation'
const INVALID = INVALID_REQUEST_MESSAGE

/** Billing's answers: `success` and what the call returns (fields per call, core/billing/protocol). */
const ok = z.looseObject({ success: z.literal(true) })
const pending = z.object({ success: z.literal(false), pending: z.literal(true), error: z.string() })
const billing = { billing: true }
/** A POST's declared body and answers (its success, or `pending` while the provider reviews it). */
const declare = (body: $ZodType, answer: Record<number, $ZodType> = { 200: ok }) => ({
  schema: { body, response: answers(answer, billing) },
})
/** The body, already checked by its declared schema (an empty body reads as `{}`). */
const bodyOf = <S extends $ZodType>(_schema: S, body: unknown): output<S> => (body ?? {}) as output<S>

/**
 * /api/billing/*: JSON in and out, every answer `{success, …}` or `{success: false, error}`. Every
 * route but the webhook belongs to the signed-in user and changes only that user's plan; POSTs from
 * other sites are refused.
 */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: {
    accounts: Accounts
    service: BillingService
    provider: PaymentProvider
    clock: BillingClock
    /** Periodic work to run at once after the test clock moves (the trial reminder). */
    afterClock?: () => Promise<unknown>
  },
): void {
  const { accounts, service, provider, clock } = deps
  const { config } = app
  const testMode = provider.kind === 'sandbox'

  /** Where the provider sends the user back: the page's own origin when we trust it. */
  const siteOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin
    return origin && config.auth.trustedOrigins.includes(origin) ? origin : config.publicUrl
  }

  app.register(async (scope) => {
    // Errors come from the one handler (http/errors.ts), with the spec's `success: false` beside them.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, successFlag: true, invalid: INVALID }
    })
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })

    // The session first (401), then the body (400).
    const post = { onRequest: accounts.checkOrigin, preValidation: userBeforeBody, bodyLimit: 16 * 1024 }
    // Each creation calls the payment provider: a few per address per quarter hour is plenty.
    const creation = { ...post, config: { rateLimit: CREATION_RATE_LIMIT } }

    scope.get(
      '/api/billing/config',
      { schema: { querystring: noQuery, response: answers({ 200: publicBillingConfigSchema }, billing) } },
      async (): Promise<PublicBillingConfig> => ({
        provider: provider.kind,
        testMode,
        plan: {
          key: PREMIUM_PLAN.key,
          name: PREMIUM_PLAN.name,
          price: PREMIUM_PLAN.price,
          currency: PREMIUM_PLAN.currency,
          interval: PREMIUM_PLAN.interval,
        },
      }),
    )

    scope.post(
      '/api/billing/create-subscription',
      { ...creation, ...declare(z.optional(createSubscriptionRequest)) },
      async (request) => {
        const user = await accounts.requireUser(request)
        const { attempt_id } = bodyOf(createSubscriptionRequest, request.body)
        return { success: true, ...(await service.createSubscription(user, siteOrigin(request), attempt_id)) }
      },
    )

    scope.post(
      '/api/billing/activate-subscription',
      {
        ...post,
        ...declare(subscriptionIdRequest, {
          200: z.object({ success: z.literal(true), subscription: activatedSubscriptionSchema }),
          202: pending,
        }),
      },
      async (request, reply) => {
        const user = await accounts.requireUser(request)
        const { subscription_id } = bodyOf(subscriptionIdRequest, request.body)
        const result = await service.activate(user, subscription_id)
        if (result.kind === 'approved') {
          const error = BILLING_MESSAGES.notActive('APPROVED')
          return reply.status(202).send({ success: false, pending: true, error })
        }
        return { success: true, subscription: result.subscription }
      },
    )

    scope.post(
      '/api/billing/verify-subscription',
      { ...post, ...declare(subscriptionIdRequest) },
      async (request) => {
        const user = await accounts.requireUser(request)
        const { subscription_id } = bodyOf(subscriptionIdRequest, request.body)
        return { success: true, status: await service.verify(user, subscription_id) }
      },
    )

    scope.post(
      '/api/billing/cancel-subscription',
      { ...post, ...declare(cancelSubscriptionRequest) },
      async (request) => {
        const user = await accounts.requireUser(request)
        const body = bodyOf(cancelSubscriptionRequest, request.body)
        const { message } = await service.cancel(
          user,
          body.subscription_id,
          body.reason || DEFAULT_CANCEL_REASON,
        )
        return { success: true, ...(message ? { message } : {}) }
      },
    )

    scope.post(
      '/api/billing/create-payment',
      { ...creation, ...declare(z.optional(createPaymentRequest)) },
      async (request) => {
        const user = await accounts.requireUser(request)
        const { attempt_id } = bodyOf(createPaymentRequest, request.body)
        return { success: true, ...(await service.createPayment(user, siteOrigin(request), attempt_id)) }
      },
    )

    scope.post(
      '/api/billing/capture-payment',
      {
        ...post,
        ...declare(capturePaymentRequest, {
          200: z.object({ success: z.literal(true), payment: capturedPaymentSchema }),
          202: pending,
        }),
      },
      async (request, reply) => {
        const user = await accounts.requireUser(request)
        const { order_id } = bodyOf(capturePaymentRequest, request.body)
        const result = await service.capturePayment(user, order_id)
        if (result.kind === 'pending') {
          // Accepted, not done: PayPal is reviewing the payment, and its webhook will finish it.
          return reply.status(202).send({ success: false, pending: true, error: PAYMENT_MESSAGES.pending })
        }
        return { success: true, payment: result.payment }
      },
    )

    // The test page's calls: only while the sandbox provider is active (404 with PayPal).
    scope.post(
      '/api/billing/test/simulate-monthly',
      { ...post, schema: { querystring: noQuery, response: answers({ 200: ok }, billing) } },
      async (request) => {
        const user = await accounts.requireUser(request)
        return { success: true, profile: await service.simulateMonthly(user) }
      },
    )
    scope.post(
      '/api/billing/test/clear',
      { ...post, schema: { querystring: noQuery, response: answers({ 200: ok }, billing) } },
      async (request) => {
        const user = await accounts.requireUser(request)
        return { success: true, profile: await service.clear(user) }
      },
    )

    if (config.billing.testClock && config.env === 'test' && testMode) {
      const clockAnswer = { querystring: noQuery, response: answers({ 200: ok }, billing) }
      scope.get('/api/billing/test/clock', { schema: clockAnswer }, async (request) => {
        await accounts.requireUser(request)
        return { success: true, now: clock.now().toISOString() }
      })
      scope.post('/api/billing/test/clock', { ...post, ...declare(clockBody) }, async (request) => {
        await accounts.requireUser(request)
        const { advanceMs } = bodyOf(clockBody, request.body)
        clock.advance(advanceMs)
        const lapsed = await service.renewal.sweep()
        await deps.afterClock?.()
        return { success: true, now: clock.now().toISOString(), lapsed }
      })
    }
  })

  // The webhook reads its body as text: the signature check needs exactly what was sent.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_r, body, done) => done(null, body),
    )
    // Every event is verified with PayPal: a flood of forged events must not become a flood of calls.
    scope.post(
      '/api/billing/webhook',
      {
        config: { rateLimit: WEBHOOK_RATE_LIMIT, successFlag: true, invalid: INVALID },
        schema: {
          body: z
            .string()
            .meta({ description: 'A PayPal webhook event, read as text (its signature is checked)' }),
          response: answers(
            { 200: z.object({ success: z.literal(true), duplicate: z.boolean() }), 503: billingErrorSchema },
            billing,
          ),
        },
      },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : ''
        try {
          const result = await service.handleWebhook(request.headers, raw)
          if (!result.genuine) {
            request.log.warn('billing webhook refused: not genuine (forged, altered or unsigned)')
            return reply.status(400).send({ success: false, error: 'The webhook could not be verified.' })
          }
          return reply.send({ success: true, duplicate: result.duplicate })
        } catch (error) {
          if (error instanceof ProviderError) {
            // An outage, not a forgery: 503 makes PayPal deliver the event again later.
            request.log.warn(
              { err: { message: error.message, status: error.status } },
              'billing webhook not handled: PayPal unavailable (outage); it will be delivered again',
            )
            return reply.status(503).send({ success: false, error: 'Please try again later.' })
          }
          // A failure here makes the provider deliver the event again later.
          request.log.error({ err: error }, 'billing webhook failed')
          return reply.status(500).send({ success: false, error: INTERNAL_ERROR_MESSAGE })
        }
      },
    )
  })
}
