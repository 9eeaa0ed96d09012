import { createHmac, randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { TRIAL_REMINDER_DAYS, type TrialStatus } from '../../core/billing/trial'
import { PREMIUM_PLAN } from '../../core/plan/definition'
import { users } from '../db/auth-schema'
import type { Db } from '../db/client'
import { billingSubscriptions, serverSecrets } from '../db/schema'
import { billingTrialEmails, billingTrialReservations, billingTrials } from '../db/trial-schema'
import type { BillingMail } from './mail-templates'
import type { ProviderSubscription } from './provider'

const DAY_MS = 86_400_000
/** Provider statuses of a subscription that started (was billed, or ran its trial). */
const STARTED = ['ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED']

const KEY_NAME = 'trial_email_key'
const keys = new WeakMap<Db, Promise<string>>()

/** The key of the email hashes: random, made once per database and kept in server_secrets. */
function trialEmailKey(db: Db): Promise<string> {
  let key = keys.get(db)
  if (!key) {
    key = (async () => {
      await db
        .insert(serverSecrets)
        .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing()
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME))
      if (!row) throw new Error('The trial email key could not be read back')
      return row.value
    })()
    keys.set(db, key)
    key.catch(() => keys.delete(db))
  }
  return key
}

/** An address as a keyed one-way hash: the same address (any case) always gives the same hash. */
async function emailHash(db: Db, email: string): Promise<string> {
  return createHmac('sha256', await trialEmailKey(db))
    .update(email.trim().toLowerCase())
    .digest('base64url')
}

/**
 * Whether the account's free trial is gone: reserved by a subscription (billing_trial_reservations),
 * started (billing_trials), or started with this email address by an account since deleted.
 */
async function trialUsed(db: Db, userId: string, email: string): Promise<boolean> {
  const [reserved] = await db
    .select({ userId: billingTrialReservations.userId })
    .from(billingTrialReservations)
    .where(eq(billingTrialReservations.userId, userId))
  if (reserved) return true
  const [trial] = await db
    .select({ userId: billingTrials.userId })
    .from(billingTrials)
    .where(eq(billingTrials.userId, userId))
  if (trial) return true
  const [usedBefore] = await db
    .select({ hash: billingTrialEmails.emailHash })
    .from(billingTrialEmails)
    .where(eq(billingTrialEmails.emailHash, await emailHash(db, email)))
  return Boolean(usedBefore)
}

/** The account's trial as the plans page needs it: still to be had, or used. */
async function trialStanding(
  db: Db,
  userId: string,
): Promise<{ eligible: boolean; used: boolean; needsVerification?: boolean }> {
  const [user] = await db
    .select({ verified: users.emailVerified, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) return { eligible: false, used: false }
  const used = await trialUsed(db, userId, user.email)
  if (used) return { eligible: false, used }
  const [ran] = await db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.userId, userId), inArray(billingSubscriptions.status, STARTED)))
    .limit(1)
  if (!user.verified)
    return ran ? { eligible: false, used } : { eligible: false, used, needsVerification: true }
  return { eligible: !ran, used: false }
}

/**
 * Whether the user's next subscription starts with the free trial: the email is verified
 * (better-auth's users.email_verified), no trial was ever reserved or started by this account or
 * started with this email address (also by an account since deleted), and no subscription ever ran.
 */
export async function isTrialEligible(db: Db, userId: string): Promise<boolean> {
  return (await trialStanding(db, userId)).eligible
}

const heldBy = async (db: Db, userId: string) =>
  (
    await db
      .select({ requestId: billingTrialReservations.requestId })
      .from(billingTrialReservations)
      .where(eq(billingTrialReservations.userId, userId))
  )[0]?.requestId ?? null

/**
 * Reserves the account's one free trial for the subscription about to be created with idempotency
 * key `requestId`; true when that subscription gets the trial. The insert on the primary key is the
 * reservation: of any number of creations at once, in any number of processes, exactly one wins.
 * The same creation retried (same key, so the provider answers the same subscription) keeps it.
 */
export async function reserveTrial(db: Db, userId: string, requestId: string): Promise<boolean> {
  const held = await heldBy(db, userId)
  if (held !== null) return held === requestId
  if (!(await isTrialEligible(db, userId))) return false
  await db.insert(billingTrialReservations).values({ userId, requestId }).onConflictDoNothing()
  return (await heldBy(db, userId)) === requestId
}

/** The provider created the reserved subscription: the reservation names it. */
export async function noteTrialSubscription(
  db: Db,
  userId: string,
  requestId: string,
  subscriptionId: string,
): Promise<void> {
  await db
    .update(billingTrialReservations)
    .set({ subscriptionId })
    .where(
      and(eq(billingTrialReservations.userId, userId), eq(billingTrialReservations.requestId, requestId)),
    )
}

/** The provider created no subscription for the reservation: nothing holds the trial, it is free again. */
export async function releaseTrial(db: Db, userId: string, requestId: string): Promise<void> {
  await db
    .delete(billingTrialReservations)
    .where(
      and(
        eq(billingTrialReservations.userId, userId),
        eq(billingTrialReservations.requestId, requestId),
        isNull(billingTrialReservations.subscriptionId),
      ),
    )
}

/**
 * Records the trial once its subscription is ACTIVE: it ends at the first billing time. The
 * primary key on user_id keeps it to one per account, whichever process gets there first.
 */
export async function recordTrial(
  db: Db,
  row: { userId: string; trialDays: number },
  sub: ProviderSubscription,
): Promise<void> {
  if (row.trialDays <= 0 || sub.status !== 'ACTIVE' || !sub.nextBillingTime) return
  await db
    .insert(billingTrials)
    .values({ userId: row.userId, subscriptionId: sub.id, endsAt: new Date(sub.nextBillingTime) })
    .onConflictDoNothing()
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId))
  if (user)
    await db
      .insert(billingTrialEmails)
      .values({ emailHash: await emailHash(db, user.email) })
      .onConflictDoNothing()
}

/** The trial under way for the user (its end still ahead), null when there is none. */
export async function currentTrial(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({
      endsAt: billingTrials.endsAt,
      status: billingSubscriptions.status,
    })
    .from(billingTrials)
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.id, billingTrials.subscriptionId))
    .where(eq(billingTrials.userId, userId))
  if (!row || row.endsAt <= now) return null
  return { endsAt: row.endsAt, cancelled: row.status !== 'ACTIVE' }
}

export async function trialStatus(db: Db, userId: string, now: Date): Promise<TrialStatus> {
  const trial = await currentTrial(db, userId, now)
  return {
    ...(await trialStanding(db, userId)),
    trial: trial && {
      endsAt: trial.endsAt.toISOString(),
      firstPaymentAt: trial.cancelled ? null : trial.endsAt.toISOString(),
      amount: PREMIUM_PLAN.price,
      currency: PREMIUM_PLAN.currency,
    },
  }
}

/**
 * Sends the reminder of every trial ending within TRIAL_REMINDER_DAYS whose subscription is still
 * active. Each is claimed with one UPDATE … WHERE reminder_sent_at IS NULL RETURNING, so of any
 * number of processes running this at once exactly one takes it; its mail is recorded once (the
 * billing mails' key) and sent again later if sending fails. Returns how many were recorded.
 */
export async function sendTrialReminders(
  db: Db,
  mails: { record(userId: string, keyed: { key: string; mail: BillingMail }): Promise<boolean> },
  now: Date,
): Promise<number> {
  const horizon = new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS)
  const claimed = await db
    .update(billingTrials)
    .set({ reminderSentAt: now })
    .where(
      and(
        sql`${billingTrials.reminderSentAt} is null`,
        sql`${billingTrials.endsAt} > ${now.toISOString()}`,
        sql`${billingTrials.endsAt} <= ${horizon.toISOString()}`,
        sql`${billingTrials.subscriptionId} in (select id from ${billingSubscriptions} where status = 'ACTIVE')`,
      ),
    )
    .returning()
  let sent = 0
  for (const trial of claimed) {
    const mail = { kind: 'trial-ending', subscriptionId: trial.subscriptionId, endsAt: trial.endsAt } as const
    if (await mails.record(trial.userId, { key: trial.subscriptionId, mail })) sent++
  }
  return sent
}
