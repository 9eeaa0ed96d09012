import { UpstreamError } from '../http/errors'

/**
 * What the billing service needs from a payment provider. Two implementations: `paypal` (PayPal's
 * REST API over fetch) and `sandbox` (built in, the default, charges nothing). The service never
 * trusts the browser: it asks the provider for every status it stores.
 */

/** PayPal's subscription statuses (Subscriptions v1, `status`). */
export type ProviderSubscriptionStatus =
  | 'APPROVAL_PENDING'
  | 'APPROVED'
  | 'ACTIVE'
  | 'SUSPENDED'
  | 'CANCELLED'
  | 'EXPIRED'

export type ProviderSubscription = {
  id: string
  status: ProviderSubscriptionStatus
  planId: string | null
  /** What we sent as custom_id when creating it: the user id of its owner. */
  customId: string | null
  /** ISO date-times, null when the provider has none (e.g. not yet approved, or cancelled). */
  startTime: string | null
  nextBillingTime: string | null
}

export type CreateSubscriptionInput = {
  /** The owner; sent as custom_id and checked again on activation. */
  userId: string
  /** Idempotency key (PayPal-Request-Id): the same key never creates a second subscription. */
  requestId: string
  subscriber?: { name?: string; email?: string }
  returnUrl: string
  cancelUrl: string
  /** Free days before the first payment (the account's first subscription); 0 or absent: none. */
  trialDays?: number
  /**
   * When billing starts (PayPal's start_time), absent: at approval. A subscription made while a
   * cancelled one's paid period runs starts when that period ends, so no day is paid twice.
   */
  startTime?: Date
}

export type CreatedSubscription = { id: string; approvalUrl: string }

export type CreateOrderInput = {
  userId: string
  requestId: string
  /** Decimal string, e.g. '6.99'. */
  amount: string
  currency: string
  description: string
  returnUrl: string
  cancelUrl: string
}

export type CreatedOrder = { id: string; approvalUrl: string }

/** PayPal's capture statuses (Orders v2, purchase_units[].payments.captures[].status). */
export type CaptureStatus =
  | 'COMPLETED'
  | 'DECLINED'
  | 'PARTIALLY_REFUNDED'
  | 'PENDING'
  | 'REFUNDED'
  | 'FAILED'

export type CapturedOrder = {
  id: string
  /** The order's status (COMPLETED once captured, whatever became of the money). */
  orderStatus: string
  /** The capture's own status: only COMPLETED means the money moved. null before a capture. */
  captureStatus: CaptureStatus | null
  /** status_details.reason of a PENDING capture (e.g. PENDING_REVIEW). */
  pendingReason: string | null
  amount: string
  currency: string
  customId: string | null
}

/** A webhook event whose signature the provider confirmed. */
export type VerifiedWebhookEvent = {
  id: string
  /** e.g. BILLING.SUBSCRIPTION.ACTIVATED, PAYMENT.SALE.COMPLETED */
  eventType: string
  /** The subscription the event is about (resource.id, or resource.billing_agreement_id for sales). */
  subscriptionId: string | null
  /** The order a PAYMENT.CAPTURE.* event is about (resource.supplementary_data.related_ids.order_id). */
  orderId: string | null
  resource: unknown
}

export interface PaymentProvider {
  readonly kind: 'paypal' | 'sandbox'
  /** Whether it can start a subscription with the free trial (PayPal: a trial plan is configured). */
  readonly offersTrial: boolean
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>
  /** null when the provider does not know the id (404). */
  getSubscription(id: string): Promise<ProviderSubscription | null>
  cancelSubscription(id: string, reason: string): Promise<void>
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>
  captureOrder(id: string): Promise<CapturedOrder>
  /** null when the provider does not know the id (404). */
  getOrder(id: string): Promise<CapturedOrder | null>
  /**
   * Confirms a webhook delivery with the provider (PayPal: verify-webhook-signature) and parses it;
   * null when it is not genuine. Never throws for a forged or malformed body; throws a
   * ProviderError when the provider cannot answer (the delivery then fails and is sent again).
   */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<VerifiedWebhookEvent | null>
}

/** The provider failed or could not be reached; the message is safe to show to the user. */
export class ProviderError extends UpstreamError {
  constructor(message: string, status?: number) {
    super(message, status)
    this.name = 'ProviderError'
  }
}
