import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { PREMIUM_PLAN } from '../../core/plan/definition'
import type { Db } from '../db/client'
import { sandboxPayments } from '../db/schema'
import { addMonth, type BillingClock } from './clock'
import {
  type CapturedOrder,
  type PaymentProvider,
  ProviderError,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from './provider'

export const SANDBOX_PLAN_ID = 'P-SANDBOX-PREMIUM'
/** Where the sandbox's approval page lives (our own server; see sandbox-page.ts). */
export const SANDBOX_APPROVE_PATH = '/billing/sandbox/approve'

type Row = typeof sandboxPayments.$inferSelect

/** An id shaped like PayPal's (I-… for subscriptions, an order id of 17 characters). */
const newId = (prefix: string) => `${prefix}${randomBytes(9).toString('hex').toUpperCase().slice(0, 12)}`

/**
 * The built-in payment provider: behaves like PayPal's subscription API (statuses, approval
 * redirect with subscription_id, token and ba_token, monthly renewal, cancellation) and charges
 * nothing. Its records live in the sandbox_payments table, so they survive a restart.
 */
export type SandboxProvider = PaymentProvider & {
  /** The approval page's decision: ACTIVE (approved) or left pending (cancelled by the user). */
  approveSubscription(id: string): Promise<Row | null>
  approveOrder(id: string): Promise<Row | null>
  find(id: string): Promise<Row | null>
}

export function createSandboxProvider(db: Db, clock: BillingClock, publicUrl: string): SandboxProvider {
  const find = async (id: string) => {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id))
    return row ?? null
  }

  /** An active subscription renews itself each month while the clock passes its billing time. */
  const renewed = async (row: Row): Promise<Row> => {
    if (row.status !== 'ACTIVE' || !row.nextBillingTime) return row
    let next = row.nextBillingTime
    const now = clock.now()
    if (next > now) return row
    while (next <= now) next = addMonth(next)
    const [updated] = await db
      .update(sandboxPayments)
      .set({ nextBillingTime: next })
      .where(eq(sandboxPayments.id, row.id))
      .returning()
    return updated ?? row
  }

  const toSubscription = (row: Row): ProviderSubscription => ({
    id: row.id,
    status: row.status as ProviderSubscriptionStatus,
    planId: SANDBOX_PLAN_ID,
    customId: row.customId,
    startTime: row.startTime?.toISOString() ?? null,
    nextBillingTime: row.status === 'ACTIVE' ? (row.nextBillingTime?.toISOString() ?? null) : null,
  })

  const toOrder = (row: Row): CapturedOrder => ({
    id: row.id,
    orderStatus: row.status,
    captureStatus: row.status === 'COMPLETED' ? 'COMPLETED' : null,
    pendingReason: null,
    amount: row.amount ?? PREMIUM_PLAN.price,
    currency: row.currency ?? PREMIUM_PLAN.currency,
    customId: row.customId,
  })

  const approvalUrl = (base: string, param: string, id: string) =>
    `${base}${SANDBOX_APPROVE_PATH}?${param}=${encodeURIComponent(id)}`
  const originOf = (url: string) => {
    try {
      return new URL(url).origin
    } catch {
      return publicUrl
    }
  }

  const insertOnce = async (values: typeof sandboxPayments.$inferInsert): Promise<Row> => {
    const [created] = await db.insert(sandboxPayments).values(values).onConflictDoNothing().returning()
    if (created) return created
    const [existing] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.requestId, values.requestId))
    if (!existing) throw new ProviderError('The test payment could not be created. Please try again.')
    return existing
  }

  return {
    kind: 'sandbox',
    offersTrial: true,
    find,

    async createSubscription(input) {
      const row = await insertOnce({
        id: newId('I-'),
        kind: 'subscription',
        requestId: input.requestId,
        customId: input.userId,
        status: 'APPROVAL_PENDING',
        amount: PREMIUM_PLAN.price,
        currency: PREMIUM_PLAN.currency,
        trialDays: input.trialDays ?? 0,
        // As PayPal's start_time: billing starts then (kept here until the approval).
        startTime: input.startTime ?? null,
        createdAt: clock.now(),
      })
      return { id: row.id, approvalUrl: approvalUrl(originOf(input.returnUrl), 'subscription_id', row.id) }
    },

    async getSubscription(id) {
      const row = await find(id)
      if (row?.kind !== 'subscription') return null
      return toSubscription(await renewed(row))
    },

    async cancelSubscription(id) {
      const row = await find(id)
      if (row?.kind !== 'subscription') throw new ProviderError('Subscription not found', 404)
      // As PayPal: only ACTIVE or SUSPENDED subscriptions can be cancelled (else 422).
      if (row.status !== 'ACTIVE' && row.status !== 'SUSPENDED') {
        throw new ProviderError(`The subscription cannot be cancelled (status ${row.status}).`, 422)
      }
      await db.update(sandboxPayments).set({ status: 'CANCELLED' }).where(eq(sandboxPayments.id, id))
    },

    async approveSubscription(id) {
      const now = clock.now()
      const pending = await find(id)
      // A start time ahead (a subscription made before a cancelled one's paid end): billed first then.
      const later = pending?.startTime && pending.startTime > now ? pending.startTime : null
      const start = later ?? now
      // As PayPal's TRIAL cycle at 0: the first payment is due when the trial ends, then monthly.
      const firstBilling = pending?.trialDays
        ? new Date(start.getTime() + pending.trialDays * 86_400_000)
        : (later ?? addMonth(now))
      const [row] = await db
        .update(sandboxPayments)
        .set({ status: 'ACTIVE', startTime: start, nextBillingTime: firstBilling })
        .where(
          and(
            eq(sandboxPayments.id, id),
            eq(sandboxPayments.kind, 'subscription'),
            eq(sandboxPayments.status, 'APPROVAL_PENDING'),
          ),
        )
        .returning()
      return row ?? find(id)
    },

    async createOrder(input) {
      const row = await insertOnce({
        id: newId('O-'),
        kind: 'order',
        requestId: input.requestId,
        customId: input.userId,
        status: 'CREATED',
        amount: input.amount,
        currency: input.currency,
        createdAt: clock.now(),
      })
      return { id: row.id, approvalUrl: approvalUrl(originOf(input.returnUrl), 'order_id', row.id) }
    },

    async approveOrder(id) {
      const [row] = await db
        .update(sandboxPayments)
        .set({ status: 'APPROVED' })
        .where(
          and(
            eq(sandboxPayments.id, id),
            eq(sandboxPayments.kind, 'order'),
            eq(sandboxPayments.status, 'CREATED'),
          ),
        )
        .returning()
      return row ?? find(id)
    },

    async captureOrder(id): Promise<CapturedOrder> {
      const row = await find(id)
      if (row?.kind !== 'order') throw new ProviderError('Payment not found', 404)
      if (row.status === 'CREATED') throw new ProviderError('The payment has not been approved yet.', 422)
      if (row.status === 'APPROVED') {
        await db
          .update(sandboxPayments)
          .set({ status: 'COMPLETED', startTime: clock.now() })
          .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'APPROVED')))
      } else if (row.status !== 'COMPLETED') {
        throw new ProviderError(`The payment cannot be captured (status ${row.status}).`, 422)
      }
      return toOrder({ ...row, status: 'COMPLETED' })
    },

    async getOrder(id) {
      const row = await find(id)
      return row?.kind === 'order' ? toOrder(row) : null
    },

    // The sandbox sends no webhooks: every delivery that claims to come from it is refused.
    async verifyWebhook() {
      return null
    },
  }
}
