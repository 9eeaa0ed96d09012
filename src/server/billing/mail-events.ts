import { and, asc, eq, isNull, lt, or } from 'drizzle-orm'
import { DEFAULT_LOCALE } from '../../core/i18n/locales'
import { profiles, users } from '../db/auth-schema'
import { billingMailEvents } from '../db/billing-mail-schema'
import type { Db } from '../db/client'
import { storedLocale } from '../i18n/translate'
import type { Mailer } from '../mail/mailer'
import { type BillingMail, billingMailContent } from './mail-templates'
import { type PlanChange, RENEWAL_GRACE_MS } from './plan-renewal'

/** A claim older than this is taken to be a process that died while sending: sent again. */
const CLAIM_MS = 10 * 60_000
const FLUSH_BATCH = 50

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

/** Each mail with the key of the event it tells of: one mail per user, kind and key, ever. */
export type KeyedMail = { mail: BillingMail; key: string }

const date = (iso: string | null) => (iso ? new Date(iso) : null)

/**
 * The mails one look at a subscription calls for. Transitions (started, cancelled, ended) are read
 * from the stored state before it; a renewal from the billing time moving on; a failed renewal from
 * a billing time passed while the provider still calls the subscription ACTIVE (it retries).
 */
export function mailsFor(change: PlanChange): KeyedMail[] {
  const { sub, previous, before, after, now } = change
  const out: KeyedMail[] = []
  const own = sub !== null && after?.subscriptionId === sub.id && after.planType === 'monthly'
  const next = date(sub?.nextBillingTime ?? null)
  if (sub && own && sub.status === 'ACTIVE') {
    if (previous && previous.status !== 'ACTIVE' && previous.status !== 'CANCELLED') {
      const started = date(sub.startTime) ?? now
      const deferred = started.getTime() > now.getTime() ? started : null
      const trialEndsAt = previous.trialDays > 0 && !deferred ? next : null
      out.push({
        key: sub.id,
        mail: {
          kind: 'welcome',
          subscriptionId: sub.id,
          startedAt: now,
          trialEndsAt,
          deferredTo: deferred,
          nextPaymentAt: next,
        },
      })
    }
    const paid = previous?.status === 'ACTIVE' ? previous.nextBillingTime : null
    if (paid && next && next.getTime() > paid.getTime()) {
      out.push({
        key: `${sub.id}@${paid.toISOString()}`,
        mail: { kind: 'renewal-received', subscriptionId: sub.id, paidAt: paid, nextPaymentAt: next },
      })
    }
    if (next && next.getTime() <= now.getTime()) {
      out.push({
        key: `${sub.id}@${next.toISOString()}`,
        mail: {
          kind: 'renewal-failed',
          subscriptionId: sub.id,
          dueAt: next,
          premiumUntil: new Date(next.getTime() + RENEWAL_GRACE_MS),
        },
      })
    }
  }
  const ends = date(after?.subscriptionExpiresAt ?? null)
  if (
    sub &&
    own &&
    sub.status === 'CANCELLED' &&
    previous &&
    previous.status !== 'CANCELLED' &&
    after?.subscriptionStatus === 'cancelled' &&
    ends &&
    ends.getTime() > now.getTime()
  ) {
    out.push({ key: sub.id, mail: { kind: 'cancelled', subscriptionId: sub.id, endsAt: ends } })
  }
  if (before.planType === 'monthly' && after?.planType === 'free') {
    const endedAt = date(before.subscriptionExpiresAt) ?? now
    out.push({
      key: `${before.subscriptionId ?? 'plan'}@${endedAt.toISOString()}`,
      mail: { kind: 'plan-ended', endedAt },
    })
  }
  return out
}

export type BillingMails = ReturnType<typeof createBillingMails>

/**
 * Billing's mails, sent once per event: the insert that wins the row's key (user, kind, event) is
 * the only one that sends it, in any number of processes and across restarts. A mail whose sending
 * failed (or whose process died) stays unsent in the table and is sent by `flush` on a later run.
 */
export function createBillingMails(deps: {
  db: Db
  mailer: Mailer
  publicUrl: string
  testMode: boolean
  log: Log
}) {
  const { db, mailer, log } = deps
  const keyOf = (row: { userId: string; kind: string; eventKey: string }) =>
    and(
      eq(billingMailEvents.userId, row.userId),
      eq(billingMailEvents.kind, row.kind),
      eq(billingMailEvents.eventKey, row.eventKey),
    )

  /** Claims one unsent mail and sends it; true when this call sent it. */
  async function deliver(row: { userId: string; kind: string; eventKey: string }): Promise<boolean> {
    const [claimed] = await db
      .update(billingMailEvents)
      .set({ claimedAt: new Date() })
      .where(
        and(
          keyOf(row),
          isNull(billingMailEvents.sentAt),
          or(
            isNull(billingMailEvents.claimedAt),
            lt(billingMailEvents.claimedAt, new Date(Date.now() - CLAIM_MS)),
          ),
        ),
      )
      .returning()
    if (!claimed) return false
    try {
      await mailer.send({
        to: claimed.recipient,
        subject: claimed.subject,
        text: claimed.textBody,
        html: claimed.htmlBody,
      })
    } catch (error) {
      log.warn({ err: error, kind: row.kind }, 'billing mail failed; sent again later')
      await db.update(billingMailEvents).set({ claimedAt: null }).where(keyOf(row))
      return false
    }
    await db.update(billingMailEvents).set({ sentAt: new Date() }).where(keyOf(row))
    return true
  }

  /** Records the mail of one event and sends it; true when this call recorded it (the first to). */
  async function record(userId: string, { mail, key }: KeyedMail): Promise<boolean> {
    const [user] = await db
      .select({ email: users.email, name: users.name, locale: profiles.locale })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
    if (!user) return false
    // In the user's language: these mails follow events (webhooks, the clock), not the user's requests.
    const content = billingMailContent(mail, {
      locale: storedLocale(user.locale) ?? DEFAULT_LOCALE,
      name: user.name,
      publicUrl: deps.publicUrl,
      testMode: deps.testMode,
    })
    const [row] = await db
      .insert(billingMailEvents)
      .values({
        userId,
        kind: mail.kind,
        eventKey: key,
        recipient: user.email,
        subject: content.subject,
        textBody: content.text,
        htmlBody: content.html,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return false
    await deliver(row)
    return true
  }

  return {
    record,
    /** The mails a plan change calls for; never throws (a billing action does not fail for its mail). */
    async observe(change: PlanChange): Promise<void> {
      for (const keyed of mailsFor(change)) {
        try {
          await record(change.userId, keyed)
        } catch (error) {
          log.error({ err: error, kind: keyed.mail.kind }, 'billing mail could not be recorded')
        }
      }
    },
    /** Sends mails left unsent by a failure; how many went out. */
    async flush(): Promise<number> {
      const unsent = await db
        .select({
          userId: billingMailEvents.userId,
          kind: billingMailEvents.kind,
          eventKey: billingMailEvents.eventKey,
        })
        .from(billingMailEvents)
        .where(isNull(billingMailEvents.sentAt))
        .orderBy(asc(billingMailEvents.createdAt))
        .limit(FLUSH_BATCH)
      let sent = 0
      for (const row of unsent) if (await deliver(row)) sent++
      return sent
    },
  }
}
