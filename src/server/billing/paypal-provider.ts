import { createPaypalHttp, describeError, type PaypalHttpOptions } from './paypal-http'
import {
  captureResource,
  type OrderCaptureRequest,
  type OrderCreateRequest,
  orderResource,
  type SubscriptionCancelRequest,
  type SubscriptionCreateRequest,
  subscriptionResource,
  type VerifyWebhookSignatureFields,
  verifyWebhookSignatureResponse,
  webhookEvent,
} from './paypal-schemas'
import {
  type CapturedOrder,
  type PaymentProvider,
  ProviderError,
  type ProviderSubscription,
  type VerifiedWebhookEvent,
} from './provider'

export type PaypalOptions = PaypalHttpOptions & {
  planId: string
  /** The plan whose first cycle is the 7-day TRIAL at 0 (decision 0018); unset: no trial. */
  trialPlanId?: string
  webhookId: string
  brandName?: string
}

/** PayPal ids are letters, digits and dashes (I-…, order ids, event ids): nothing else reaches a URL. */
const ID = /^[A-Za-z0-9-]{1,64}$/

const linkOf = (links: { rel: string; href: string }[] | undefined, ...rels: string[]) => {
  for (const rel of rels) {
    const link = links?.find((l) => l.rel === rel)
    if (link) return link.href
  }
  return null
}

/**
 * The subscriber's name as PayPal's `name` has it: a surname is "required when the party is a
 * person", so a one-word name (no surname to tell) is not sent at all; PayPal asks the buyer.
 */
function splitName(name: string | undefined): { given_name: string; surname: string } | undefined {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean)
  if (parts.length < 2) return undefined
  return {
    given_name: parts.slice(0, -1).join(' ').slice(0, 140),
    surname: (parts.at(-1) as string).slice(0, 140),
  }
}

const readSubscription = (body: unknown): ProviderSubscription => {
  const parsed = subscriptionResource.safeParse(body)
  if (!parsed.success) throw new ProviderError('PayPal sent a subscription that could not be read.')
  const sub = parsed.data
  return {
    id: sub.id,
    status: sub.status,
    planId: sub.plan_id ?? null,
    customId: sub.custom_id ?? null,
    startTime: sub.start_time ?? null,
    nextBillingTime: sub.billing_info?.next_billing_time ?? null,
  }
}

const readOrder = (id: string, body: unknown): CapturedOrder => {
  const parsed = orderResource.safeParse(body)
  if (!parsed.success) throw new ProviderError('PayPal sent a payment that could not be read.')
  const unit = parsed.data.purchase_units?.[0]
  const capture = unit?.payments?.captures?.[0]
  return {
    id: parsed.data.id || id,
    orderStatus: parsed.data.status,
    captureStatus: capture?.status ?? null,
    pendingReason: capture?.status_details?.reason ?? null,
    amount: capture?.amount?.value ?? '',
    currency: capture?.amount?.currency_code ?? '',
    customId: capture?.custom_id ?? unit?.custom_id ?? null,
  }
}

/** PayPal's REST API (OAuth2 client credentials, Subscriptions v1, Orders v2, webhook verification). */
export function createPaypalProvider(options: PaypalOptions): PaymentProvider {
  const { api } = createPaypalHttp(options)
  const brand_name = options.brandName ?? 'Whirl'
  const fail = (res: { status: number; body: unknown }) =>
    new ProviderError(describeError(res.status, res.body), res.status)

  return {
    kind: 'paypal',
    offersTrial: Boolean(options.trialPlanId),

    async createSubscription(input) {
      const name = splitName(input.subscriber?.name)
      const email = input.subscriber?.email
      const body: SubscriptionCreateRequest = {
        plan_id: input.trialDays && options.trialPlanId ? options.trialPlanId : options.planId,
        custom_id: input.userId,
        ...(input.startTime ? { start_time: input.startTime.toISOString() } : {}),
        ...(name || email
          ? { subscriber: { ...(name ? { name } : {}), ...(email ? { email_address: email } : {}) } }
          : {}),
        application_context: {
          brand_name,
          shipping_preference: 'NO_SHIPPING',
          user_action: 'SUBSCRIBE_NOW',
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
      }
      const res = await api('POST', '/v1/billing/subscriptions', {
        body,
        requestId: input.requestId,
        representation: true,
      })
      if (!res.ok) throw fail(res)
      const parsed = subscriptionResource.safeParse(res.body)
      const approvalUrl = parsed.success ? linkOf(parsed.data.links, 'approve') : null
      if (!parsed.success || !approvalUrl)
        throw new ProviderError('PayPal did not send an approval link. Please try again.')
      return { id: parsed.data.id, approvalUrl }
    },

    async getSubscription(id) {
      if (!ID.test(id)) return null
      const res = await api('GET', `/v1/billing/subscriptions/${id}`)
      if (res.status === 404) return null
      if (!res.ok) throw fail(res)
      return readSubscription(res.body)
    },

    async cancelSubscription(id, reason) {
      if (!ID.test(id)) throw new ProviderError('Subscription not found', 404)
      const body: SubscriptionCancelRequest = {
        reason: reason.slice(0, 128) || 'Cancelled by the subscriber',
      }
      const res = await api('POST', `/v1/billing/subscriptions/${id}/cancel`, { body })
      if (res.status === 404) throw new ProviderError('Subscription not found', 404)
      if (!res.ok) throw fail(res)
    },

    async createOrder(input) {
      const body: OrderCreateRequest = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            amount: { currency_code: input.currency, value: input.amount },
            description: input.description.slice(0, 127),
            custom_id: input.userId,
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name,
              shipping_preference: 'NO_SHIPPING',
              user_action: 'PAY_NOW',
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
            },
          },
        },
      }
      const res = await api('POST', '/v2/checkout/orders', {
        body,
        requestId: input.requestId,
        representation: true,
      })
      if (!res.ok) throw fail(res)
      const parsed = orderResource.safeParse(res.body)
      const approvalUrl = parsed.success ? linkOf(parsed.data.links, 'payer-action', 'approve') : null
      if (!parsed.success || !approvalUrl)
        throw new ProviderError('PayPal did not send an approval link. Please try again.')
      return { id: parsed.data.id, approvalUrl }
    },

    async captureOrder(id): Promise<CapturedOrder> {
      if (!ID.test(id)) throw new ProviderError('Payment not found', 404)
      const body: OrderCaptureRequest = {}
      const res = await api('POST', `/v2/checkout/orders/${id}/capture`, {
        body,
        requestId: `capture-${id}`,
        representation: true,
      })
      if (res.ok) return readOrder(id, res.body)
      // Captured before (a replay): PayPal answers 422 ORDER_ALREADY_CAPTURED; read the order instead.
      if (res.status === 422 && JSON.stringify(res.body).includes('ORDER_ALREADY_CAPTURED')) {
        const again = await api('GET', `/v2/checkout/orders/${id}`)
        if (again.ok) return readOrder(id, again.body)
      }
      throw fail(res)
    },

    async getOrder(id) {
      if (!ID.test(id)) return null
      const res = await api('GET', `/v2/checkout/orders/${id}`)
      if (res.status === 404) return null
      if (!res.ok) throw fail(res)
      return readOrder(id, res.body)
    },

    async verifyWebhook(headers, rawBody): Promise<VerifiedWebhookEvent | null> {
      const header = (name: string) => {
        const value = headers[name]
        return typeof value === 'string' && value.length > 0 && value.length <= 2048 ? value : null
      }
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: options.webhookId,
      }
      if (Object.values(fields).some((v) => v === null)) return null
      let json: unknown
      try {
        json = JSON.parse(rawBody)
      } catch {
        return null
      }
      // webhookEvent is an object schema: the raw text is one JSON object, safe to splice in whole.
      const parsed = webhookEvent.safeParse(json)
      if (!parsed.success || !ID.test(parsed.data.id)) return null
      const event = parsed.data
      // PayPal checks the signature against the text it sent, so webhook_event must be that text,
      // byte for byte: re-encoding it would turn \u20ac into €, \/ into / and 1.0 into 1.
      const request: VerifyWebhookSignatureFields = fields as VerifyWebhookSignatureFields
      const raw = `${JSON.stringify(request).slice(0, -1)},"webhook_event":${rawBody}}`
      const res = await api('POST', '/v1/notifications/verify-webhook-signature', { raw })
      // FAILURE is PayPal's word that the delivery is not genuine; any other answer is an outage,
      // which throws, so the delivery fails and PayPal sends it again.
      const answer = verifyWebhookSignatureResponse.safeParse(res.body)
      if (!res.ok || !answer.success) {
        throw new ProviderError(`PayPal could not verify the webhook (HTTP ${res.status}).`, res.status)
      }
      if (answer.data.verification_status !== 'SUCCESS') return null
      const resource = event.resource ?? {}
      const text = (value: unknown) => (typeof value === 'string' ? value : null)
      const subscriptionId = event.event_type.startsWith('PAYMENT.SALE.')
        ? text(resource.billing_agreement_id)
        : event.event_type.startsWith('BILLING.SUBSCRIPTION.')
          ? text(resource.id)
          : null
      const capture = event.event_type.startsWith('PAYMENT.CAPTURE.')
        ? captureResource.safeParse(resource)
        : null
      const orderId = capture?.success
        ? (capture.data.supplementary_data?.related_ids?.order_id ?? null)
        : null
      return { id: event.id, eventType: event.event_type, subscriptionId, orderId, resource }
    },
  }
}
