import { z } from 'zod'
import { WEBHOOK_ID_PATTERN } from '../config/config'

/**
 * PayPal's REST API, as far as Whirl uses it, transcribed into zod from PayPal's published OpenAPI
 * files: github.com/paypal/paypal-rest-api-specifications at commit
 * ec4d8f36a6ab0abcc3865e1072aaddc85ea14d5c (openapi/billing_subscriptions_v1.json,
 * checkout_orders_v2.json, notifications_webhooks_v1.json, payments_payment_v2.json).
 *
 * The production provider builds its requests with these types and reads PayPal's answers with the
 * response schemas; the PayPal stand-in of the tests checks every request against the request
 * schemas and answers 400 INVALID_REQUEST on a mismatch. The objects we send are strict (an unknown
 * field is refused), which is stricter than PayPal, so a misspelt field is found here.
 */

// Common types (the `date_time`, `money`, `currency_code`, `email`, `name`, `language` components).
const DATE_TIME =
  /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])[Tt,]([0-1][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$/
export const dateTime = z.string().min(20).max(64).regex(DATE_TIME)
export const money = z.object({
  currency_code: z.string().length(3),
  value: z
    .string()
    .max(32)
    .regex(/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/),
})
const email = z
  .string()
  .max(254)
  .regex(
    /(?:[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*)@(?:(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)/,
  )
const language = z
  .string()
  .min(2)
  .max(10)
  .regex(/^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/)
/** `surname` is "required when the party is a person": a given name alone is not a person's name. */
export const personName = z
  .strictObject({
    prefix: z.string().max(140).optional(),
    given_name: z.string().max(140).optional(),
    surname: z.string().max(140).optional(),
    middle_name: z.string().max(140).optional(),
    suffix: z.string().max(140).optional(),
    full_name: z.string().max(300).optional(),
  })
  .refine((n) => n.given_name === undefined || n.surname !== undefined, {
    message: 'surname is required when the party is a person',
    path: ['surname'],
  })
const returnUrl = z.url().min(10).max(4000)
const shippingPreference = z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'])
const linkDescription = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() })

// Headers (the `prefer` and `paypal_request_id` parameters).
export const preferHeader = z
  .string()
  .min(1)
  .max(25)
  .regex(/^[a-zA-Z=]*$/)
export const subscriptionRequestIdHeader = z.string().min(1)
export const orderRequestIdHeader = z.string().min(1).max(108)
export const bearerHeader = z.string().regex(/^Bearer \S+$/)

// Subscriptions v1.
export const subscriptionStatus = z.enum([
  'APPROVAL_PENDING',
  'APPROVED',
  'ACTIVE',
  'SUSPENDED',
  'CANCELLED',
  'EXPIRED',
])

/** POST /v1/billing/subscriptions (`subscription_request_post`). */
export const subscriptionCreateRequest = z.strictObject({
  plan_id: z.string().min(3).max(50),
  start_time: dateTime.optional(),
  quantity: z.string().min(1).max(32).optional(),
  custom_id: z
    .string()
    .min(1)
    .max(127)
    .regex(/^[\x20-\x7E]+$/)
    .optional(),
  subscriber: z.strictObject({ name: personName.optional(), email_address: email.optional() }).optional(),
  application_context: z
    .strictObject({
      brand_name: z.string().min(1).max(127).optional(),
      locale: language.optional(),
      shipping_preference: shippingPreference.optional(),
      user_action: z.enum(['CONTINUE', 'SUBSCRIBE_NOW']).optional(),
      return_url: returnUrl,
      cancel_url: returnUrl,
    })
    .optional(),
})
export type SubscriptionCreateRequest = z.infer<typeof subscriptionCreateRequest>

/** POST /v1/billing/subscriptions/{id}/cancel (`subscription_cancel_request`). */
export const subscriptionCancelRequest = z.strictObject({ reason: z.string().min(1).max(128) })
export type SubscriptionCancelRequest = z.infer<typeof subscriptionCancelRequest>

/** `subscription_billing_info`: PayPal sends it for any subscription that was once active. */
export const subscriptionBillingInfo = z.object({
  outstanding_balance: money,
  cycle_executions: z.array(z.unknown()).max(3).optional(),
  last_payment: z.object({ amount: money, time: dateTime }).optional(),
  next_billing_time: dateTime.optional(),
  final_payment_time: dateTime.optional(),
  failed_payments_count: z.number().int().min(0).max(999),
  last_failed_payment: z
    .object({ amount: money, time: dateTime, next_payment_retry_time: dateTime.optional() })
    .optional(),
})

/** The `subscription` resource (show, create with return=representation, webhook resource). */
export const subscriptionResource = z.object({
  id: z.string().min(3).max(50),
  status: subscriptionStatus,
  status_update_time: dateTime.optional(),
  plan_id: z.string().min(3).max(50).optional(),
  start_time: dateTime.optional(),
  custom_id: z.string().optional(),
  billing_info: subscriptionBillingInfo.optional(),
  create_time: dateTime.optional(),
  links: z.array(linkDescription).optional(),
})
export type SubscriptionResource = z.infer<typeof subscriptionResource>

// Orders v2.
const experienceContext = z.strictObject({
  brand_name: z.string().min(1).max(127).optional(),
  locale: language.optional(),
  shipping_preference: shippingPreference.optional(),
  return_url: z.url().optional(),
  cancel_url: z.url().optional(),
  landing_page: z.enum(['LOGIN', 'GUEST_CHECKOUT', 'NO_PREFERENCE']).optional(),
  user_action: z.enum(['CONTINUE', 'PAY_NOW']).optional(),
})

/** POST /v2/checkout/orders (`order_request`). */
export const orderCreateRequest = z.strictObject({
  intent: z.enum(['CAPTURE', 'AUTHORIZE']),
  purchase_units: z
    .array(
      z.strictObject({
        reference_id: z.string().min(1).max(256).optional(),
        amount: money,
        description: z.string().min(1).max(127).optional(),
        custom_id: z.string().min(1).max(127).optional(),
        invoice_id: z.string().min(1).max(127).optional(),
        soft_descriptor: z.string().min(1).max(22).optional(),
      }),
    )
    .min(1)
    .max(10),
  payment_source: z
    .strictObject({ paypal: z.strictObject({ experience_context: experienceContext.optional() }) })
    .optional(),
})
export type OrderCreateRequest = z.infer<typeof orderCreateRequest>

/** POST /v2/checkout/orders/{id}/capture (`order_capture_request`): we send no payment source. */
export const orderCaptureRequest = z.strictObject({})
export type OrderCaptureRequest = z.infer<typeof orderCaptureRequest>

export const captureStatus = z.enum([
  'COMPLETED',
  'DECLINED',
  'PARTIALLY_REFUNDED',
  'PENDING',
  'REFUNDED',
  'FAILED',
])
/** A `capture` (Orders v2 payments.captures[], and the PAYMENT.CAPTURE.* webhook resource). */
export const captureResource = z.object({
  id: z.string(),
  status: captureStatus,
  status_details: z.object({ reason: z.string().min(1).max(64) }).optional(),
  amount: money.optional(),
  custom_id: z.string().max(127).optional(),
  final_capture: z.boolean().optional(),
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().min(1).max(20).optional() }).optional() })
    .optional(),
})
export type CaptureResource = z.infer<typeof captureResource>

/** The `order` resource. */
export const orderResource = z.object({
  id: z.string(),
  status: z.enum(['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED']),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        payments: z.object({ captures: z.array(captureResource).optional() }).optional(),
      }),
    )
    .optional(),
  links: z.array(linkDescription).optional(),
})
export type OrderResource = z.infer<typeof orderResource>

// Webhooks v1.
const transmissionToken = z
  .string()
  .max(500)
  .regex(/^(?!\d+$)\w+\S+/)
/** The `event` of a webhook delivery. */
export const webhookEvent = z.object({
  id: z.string().min(1),
  create_time: z.string().optional(),
  resource_type: z.string().optional(),
  event_version: z
    .string()
    .regex(/^([0-9]+.[0-9]+)$/)
    .optional(),
  event_type: z.string().min(1),
  summary: z.string().optional(),
  resource_version: z
    .string()
    .regex(/^([0-9]+.[0-9]+)$/)
    .optional(),
  resource: z.record(z.string(), z.unknown()).optional(),
  links: z.array(linkDescription).optional(),
})

/** POST /v1/notifications/verify-webhook-signature (`verify_webhook_signature`). */
export const verifyWebhookSignatureRequest = z.strictObject({
  auth_algo: z
    .string()
    .max(100)
    .regex(/^[a-zA-Z0-9]+$/),
  cert_url: z.url().max(500),
  transmission_id: transmissionToken.max(50),
  transmission_sig: transmissionToken,
  transmission_time: z
    .string()
    .max(100)
    .pipe(z.iso.datetime({ offset: true })),
  webhook_id: z.string().regex(WEBHOOK_ID_PATTERN),
  webhook_event: webhookEvent,
})
/** Everything but the event, which is spliced in as the exact text received. */
export type VerifyWebhookSignatureFields = Omit<
  z.infer<typeof verifyWebhookSignatureRequest>,
  'webhook_event'
>
export const verifyWebhookSignatureResponse = z.object({
  verification_status: z.enum(['SUCCESS', 'FAILURE']),
})

// OAuth2 and errors.
export const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
})
/** PayPal's error shape (`error_400`, `error_422`, …), and OAuth's `{error, error_description}`. */
export const errorResponse = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  error: z.string().optional(),
  details: z
    .array(z.object({ issue: z.string(), field: z.string().optional(), description: z.string().optional() }))
    .optional(),
})
export type ErrorResponse = z.infer<typeof errorResponse>
