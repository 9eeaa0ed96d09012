import { and, eq, inArray, or } from 'drizzle-orm'
import { DELETION_MESSAGES } from '../../core/account/deletion'
import { WITHDRAWN } from '../billing/plan-renewal'
import { UNSETTLED_SUBSCRIPTION_STATUSES } from '../billing/settle-before-deletion'
import { lockUserBilling } from '../billing/user-lock'
import type { Db } from '../db/client'
import {
  accounts,
  authRateLimits,
  billingOrders,
  billingSubscriptions,
  contactMessages,
  loginFailures,
  sandboxPayments,
  sessions,
  users,
  verifications,
} from '../db/schema'
import { HttpError } from '../http/errors'
import { emailLimitKeys } from '../limits/rate-limit'
import { ownMessages } from './account-data'

/** The password hash of the user's email sign-in, or null for an account that only uses Google. */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
  return row?.password ?? null
}

/** When the session was created: a Google-only account proves itself with a fresh sign-in. */
export async function sessionStartedAt(db: Db, sessionId: string): Promise<Date | null> {
  const [row] = await db.select({ at: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId))
  return row?.at ?? null
}

/**
 * Removes every row of the user in one transaction, under the user's billing lock (so no new
 * subscription or order is recorded meanwhile). Refused (409) when a payment started since
 * settleBeforeDeletion looked. Deleting the user removes, through the foreign keys, the profile,
 * sessions (every device is signed out), sign-in accounts, saved wheels, share links, draws, final
 * subscriptions and the contact messages' link to the account. What has no foreign key goes by
 * hand: contact messages of the account, reset tokens, attempt and failure counters keyed by the
 * email, and the
 * sandbox provider's reference to the user. Orders stay, as billing law needs, with no owner; so do
 * subscriptions withdrawn before they started, so that PayPal's webhook can cancel one that starts.
 */
export async function deleteAccountRows(db: Db, user: { userId: string; email: string }): Promise<void> {
  const email = user.email.toLowerCase()
  await db.transaction(async (tx) => {
    await lockUserBilling(tx, user.userId)
    const [unsettled] = await tx
      .select({ id: billingSubscriptions.id })
      .from(billingSubscriptions)
      .where(
        and(
          eq(billingSubscriptions.userId, user.userId),
          inArray(
            billingSubscriptions.status,
            UNSETTLED_SUBSCRIPTION_STATUSES.filter((s) => s !== WITHDRAWN),
          ),
        ),
      )
      .limit(1)
    const [pending] = await tx
      .select({ id: billingOrders.id })
      .from(billingOrders)
      .where(and(eq(billingOrders.userId, user.userId), eq(billingOrders.status, 'PENDING')))
      .limit(1)
    if (unsettled || pending) throw new HttpError(409, DELETION_MESSAGES.paymentInFlight)
    await tx
      .update(billingSubscriptions)
      .set({ userId: null })
      .where(and(eq(billingSubscriptions.userId, user.userId), eq(billingSubscriptions.status, WITHDRAWN)))
    await tx.update(billingOrders).set({ userId: null }).where(eq(billingOrders.userId, user.userId))
    await tx.update(sandboxPayments).set({ customId: null }).where(eq(sandboxPayments.customId, user.userId))
    await tx.delete(contactMessages).where(ownMessages(user.userId))
    await tx
      .delete(verifications)
      .where(or(eq(verifications.value, user.userId), eq(verifications.identifier, email)))
    await tx.delete(authRateLimits).where(inArray(authRateLimits.key, emailLimitKeys(email)))
    await tx.delete(loginFailures).where(eq(loginFailures.email, email))
    await tx.delete(users).where(eq(users.id, user.userId))
  })
}
