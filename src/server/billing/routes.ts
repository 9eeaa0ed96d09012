import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  cancelSubscriptionRequest,
  capturePaymentRequest,
  createPaymentRequest,
  createSubscriptionRequest,
  type PublicBillingConfig,
  subscriptionIdRequest,
} from '../../core/billing/protocol'
import { PREMIUM_PLAN } from '../../core/plan/definition'
import type { Accounts } from '../auth/accounts'
import {
  dataExceptionStatus,
  HttpError,
  INTERNAL_ERROR_MESSAGE,
  routeOf,
  UNSTORABLE_MESSAGE,
} from '../http/errors'
import { parseBody, type Schema } from '../http/parse-body'
import type { BillingClock } from './clock'
import { PAYMENT_MESSAGES } from './payments'
import type { PaymentProvider } from './provider'
import { ProviderError } from './provider'
import { BILLING_MESSAGES, type BillingService } from './service'

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
const INVALID = 'The request was not valid. Please check what you sent and try again.'

function parse<T>(schema: Schema<T>, body: unknown): T {
  return parseBody(schema, body ?? {}, INVALID)
}

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
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const thrown: unknown = error
      if (thrown instanceof ProviderError) {
        request.log.warn(
          { err: { message: thrown.message, status: thrown.status } },
          'payment provider failed',
        )
        return reply.status(502).send({ success: false, error: thrown.message })
      }
      if (dataExceptionStatus(error, request))
        return reply.status(400).send({ success: false, error: UNSTORABLE_MESSAGE })
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
      if (status >= 500) {
        request.log.error({ err: error, ...routeOf(request) }, 'billing request failed')
        return reply.status(500).send({ success: false, error: INTERNAL_ERROR_MESSAGE })
      }
      const message = error instanceof HttpError ? error.message : INVALID
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply.status(413).send({ success: false, error: 'The request is too large.' })
      return reply.status(status).send({ success: false, error: message })
    })
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })

    const post = { onRequest: accounts.checkOrigin, bodyLimit: 16 * 1024 }
    // Each creation calls the payment provider: a few per address per quarter hour is plenty.
    const creation = { ...post, config: { rateLimit: CREATION_RATE_LIMIT } }

    scope.get(
      '/api/billing/config',
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

    scope.post('/api/billing/create-subscription', creation, async (request) => {
      const user = await accounts.requireUser(request)
      const { attempt_id } = parse(createSubscriptionRequest, request.body)
      return { success: true, ...(await service.createSubscription(user, siteOrigin(request), attempt_id)) }
    })

    scope.post('/api/billing/activate-subscription', post, async (request, reply) => {
      const user = await accounts.requireUser(request)
      const { subscription_id } = parse(subscriptionIdRequest, request.body)
      const result = await service.activate(user, subscription_id)
      if (result.kind === 'approved') {
        const error = BILLING_MESSAGES.notActive('APPROVED')
        return reply.status(202).send({ success: false, pending: true, error })
      }
      return { success: true, subscription: result.subscription }
    })

    scope.post('/api/billing/verify-subscription', post, async (request) => {
      const user = await accounts.requireUser(request)
      const { subscription_id } = parse(subscriptionIdRequest, request.body)
      return { success: true, status: await service.verify(user, subscription_id) }
    })

    scope.post('/api/billing/cancel-subscription', post, async (request) => {
      const user = await accounts.requireUser(request)
      const body = parse(cancelSubscriptionRequest, request.body)
      const { message } = await service.cancel(
        user,
        body.subscription_id,
        body.reason || DEFAULT_CANCEL_REASON,
      )
      return { success: true, ...(message ? { message } : {}) }
    })

    scope.post('/api/billing/create-payment', creation, async (request) => {
      const user = await accounts.requireUser(request)
      const { attempt_id } = parse(createPaymentRequest, request.body)
      return { success: true, ...(await service.createPayment(user, siteOrigin(request), attempt_id)) }
    })

    scope.post('/api/billing/capture-payment', post, async (request, reply) => {
      const user = await accounts.requireUser(request)
      const { order_id } = parse(capturePaymentRequest, request.body)
      const result = await service.capturePayment(user, order_id)
      if (result.kind === 'pending') {
        // Accepted, not done: PayPal is reviewing the payment, and its webhook will finish it.
        return reply.status(202).send({ success: false, pending: true, error: PAYMENT_MESSAGES.pending })
      }
      return { success: true, payment: result.payment }
    })

    // The test page's calls: only while the sandbox provider is active (404 with PayPal).
    scope.post('/api/billing/test/simulate-monthly', post, async (request) => {
      const user = await accounts.requireUser(request)
      return { success: true, profile: await service.simulateMonthly(user) }
    })
    scope.post('/api/billing/test/clear', post, async (request) => {
      const user = await accounts.requireUser(request)
      return { success: true, profile: await service.clear(user) }
    })

    if (config.billing.testClock && config.env === 'test' && testMode) {
      scope.get('/api/billing/test/clock', async (request) => {
        await accounts.requireUser(request)
        return { success: true, now: clock.now().toISOString() }
      })
      scope.post('/api/billing/test/clock', post, async (request) => {
        await accounts.requireUser(request)
        const { advanceMs } = parse(clockBody, request.body)
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
      { config: { rateLimit: WEBHOOK_RATE_LIMIT } },
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
