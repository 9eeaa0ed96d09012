import { and, eq, inArray } from 'drizzle-orm'
import { DELETION_MESSAGES } from '../../core/account/deletion'
import type { Db } from '../db/client'
import { billingOrders, billingSubscriptions } from '../db/schema'
import { HttpError } from '../http/errors'
import type { BillingClock } from './clock'
import type { createOnePayments } from './payments'
import { type createPlanRenewal, WITHDRAWN } from './plan-renewal'
import type { PaymentProvider } from './provider'

/** Our statuses of a subscription that is not final: it could still start, or still bill. */
export const UNSETTLED_SUBSCRIPTION_STATUSES = [
  'ACTIVE',
  'SUSPENDED',
  'APPROVAL_PENDING',
  'APPROVED',
  WITHDRAWN,
]

/**
 * Before its owner's account is deleted, every payment still under way is read back from the
 * provider. A capture PayPal is still reviewing, or a subscription the buyer approved that PayPal
 * is about to start, refuses the deletion (409): nothing is cancelled then. Otherwise every
 * subscription that can bill is cancelled at the provider (`cancel`), and one that never started
 * is withdrawn (kept without an owner by the deletion, so its webhook can still cancel it).
 */
export async function settleBeforeDeletion(
  deps: {
    db: Db
    provider: PaymentProvider
    clock: BillingClock
    payments: ReturnType<typeof createOnePayments>
    renewal: ReturnType<typeof createPlanRenewal>
  },
  userId: string,
  cancel: (subscriptionId: string) => Promise<unknown>,
): Promise<void> {
  const { db, provider, clock, payments, renewal } = deps
  const pendingOrders = () =>
    db
      .select({ id: billingOrders.id })
      .from(billingOrders)
      .where(and(eq(billingOrders.userId, userId), eq(billingOrders.status, 'PENDING')))
  for (const { id } of await pendingOrders()) await payments.onCaptureEvent(id)
  if ((await pendingOrders()).length > 0) throw new HttpError(409, DELETION_MESSAGES.paymentInFlight)
  const rows = await db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.userId, userId),
        inArray(billingSubscriptions.status, UNSETTLED_SUBSCRIPTION_STATUSES),
      ),
    )
  const read = await Promise.all(
    rows.map(async ({ id }) => ({ id, sub: await provider.getSubscription(id) })),
  )
  if (read.some(({ sub }) => sub?.status === 'APPROVED')) {
    throw new HttpError(409, DELETION_MESSAGES.paymentInFlight)
  }
  for (const { id, sub } of read) {
    if (!sub) {
      // The provider does not know it, so it cannot bill: kept without an owner like a withdrawn one.
      await db
        .update(billingSubscriptions)
        .set({ status: WITHDRAWN, updatedAt: clock.now() })
        .where(eq(billingSubscriptions.id, id))
      continue
    }
    if (sub.status === 'CANCELLED' || sub.status === 'EXPIRED') await renewal.apply(sub)
    else await cancel(id)
  }
}
