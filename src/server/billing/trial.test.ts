import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { longDate, TRIAL_MESSAGES } from '../../core/billing/trial'
import { billingTrialEmails, billingTrials, profiles, sandboxPayments, users } from '../db/schema'
import type { MailMessage } from '../mail/mailer'
import { APP_ORIGIN, register, send } from '../testing/auth'
import { useSandboxBillingApp } from '../testing/billing-harness'
import { DATABASE_KINDS } from '../testing/harness'
import { createBillingMails } from './mail-events'
import { sendTrialReminders } from './trial'

const DAY = 86_400_000

describe.each(DATABASE_KINDS)('the 7-day free trial on %s', (kind) => {
  const billing = useSandboxBillingApp(kind, async (database) => {
    await database.db.delete(billingTrialEmails)
  })

  const profileOf = async (userId: string) =>
    (await billing.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]
  const verifiedUser = async () => {
    const user = await register(billing.app)
    await billing.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, user.profile.userId))
    return user
  }
  const trialOf = async (cookie: string) =>
    (await send(billing.app, '/api/billing/trial', undefined, { cookie })).json()

  /** Create → approve on the sandbox page → activate; answers the activated subscription. */
  async function subscribe(cookie: string) {
    const created = await send(
      billing.app,
      '/api/billing/create-subscription',
      { plan_type: 'premium' },
      { cookie },
    )
    expect(created.statusCode).toBe(200)
    const id = created.json().subscription_id as string
    const approved = await billing.app.inject({
      method: 'POST',
      url: '/billing/sandbox/approve',
      headers: { origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ subscription_id: id, decision: 'approve' }).toString(),
    })
    expect(approved.statusCode).toBe(303)
    const activated = await send(
      billing.app,
      '/api/billing/activate-subscription',
      { subscription_id: id },
      { cookie },
    )
    expect(activated.statusCode).toBe(200)
    return activated.json().subscription as { id: string; start_time: string; next_billing_time: string }
  }
  const firstPaymentAfter = (sub: { start_time: string; next_billing_time: string }) =>
    Date.parse(sub.next_billing_time) - Date.parse(sub.start_time)

  it('gives a verified account one trial: 7 free days, then a paid month; a later subscription pays at once', async () => {
    const { cookie, profile } = await verifiedUser()
    expect(await trialOf(cookie)).toEqual({ eligible: true, used: false, trial: null })
    const sub = await subscribe(cookie)
    expect(firstPaymentAfter(sub)).toBe(7 * DAY)
    const trialEnd = Date.parse(sub.next_billing_time)
    expect(await trialOf(cookie)).toEqual({
      eligible: false,
      used: true,
      trial: {
        endsAt: new Date(trialEnd).toISOString(),
        firstPaymentAt: new Date(trialEnd).toISOString(),
        amount: '6.99',
        currency: 'USD',
      },
    })
    expect((await profileOf(profile.userId))?.subscriptionExpiresAt?.getTime()).toBe(trialEnd)

    // The trial's end passes: the first payment is taken and premium runs a paid month.
    await send(
      billing.app,
      '/api/billing/test/clock',
      { advanceMs: trialEnd - billing.clock.now().getTime() + DAY },
      { cookie },
    )
    const paid = await profileOf(profile.userId)
    expect(paid).toMatchObject({ planType: 'monthly', subscriptionStatus: 'active' })
    expect(paid?.subscriptionExpiresAt?.getTime()).toBeGreaterThan(trialEnd + 27 * DAY)
    expect((await trialOf(cookie)).trial).toBeNull()

    // Cancel, lapse, subscribe again: no second trial.
    await send(billing.app, '/api/billing/cancel-subscription', { subscription_id: sub.id }, { cookie })
    await send(billing.app, '/api/billing/test/clock', { advanceMs: 32 * DAY }, { cookie })
    expect((await profileOf(profile.userId))?.planType).toBe('free')
    expect((await trialOf(cookie)).eligible).toBe(false)
    expect(firstPaymentAfter(await subscribe(cookie))).toBeGreaterThanOrEqual(28 * DAY)
    expect(await billing.database.db.select().from(billingTrials)).toHaveLength(1)
  })

  it('one trial per email address: deleting the account and registering the same address again gives none', async () => {
    const first = await verifiedUser()
    const sub = await subscribe(first.cookie)
    expect(firstPaymentAfter(sub)).toBe(7 * DAY)
    const deleted = await send(
      billing.app,
      '/api/account/delete',
      { password: first.user.password },
      { cookie: first.cookie },
    )
    expect(deleted.statusCode).toBe(200)
    expect(await billing.database.db.select().from(users).where(eq(users.id, first.profile.userId))).toEqual(
      [],
    )

    // The same address, in other letter case, as a new verified account.
    const again = await register(billing.app, { ...first.user, email: first.user.email.toUpperCase() })
    await billing.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, again.profile.userId))
    expect(await trialOf(again.cookie)).toEqual({ eligible: false, used: true, trial: null })
    expect(firstPaymentAfter(await subscribe(again.cookie))).toBeGreaterThanOrEqual(28 * DAY)
    // What is kept is a keyed hash, not the address.
    const kept = await billing.database.db.select().from(billingTrialEmails)
    expect(kept).toHaveLength(1)
    expect(JSON.stringify(kept).toLowerCase()).not.toContain(first.user.email.toLowerCase())

    // Another address still gets its trial.
    const other = await verifiedUser()
    expect((await trialOf(other.cookie)).eligible).toBe(true)
  })

  it('gives no trial to an account whose email is not verified', async () => {
    const { cookie } = await register(billing.app)
    expect(await trialOf(cookie)).toEqual({
      eligible: false,
      used: false,
      needsVerification: true,
      trial: null,
    })
    expect(firstPaymentAfter(await subscribe(cookie))).toBeGreaterThanOrEqual(28 * DAY)
    expect(await billing.database.db.select().from(billingTrials)).toHaveLength(0)
  })

  it('a cancel in the trial charges nothing and keeps premium until the trial ends, and says so', async () => {
    const { cookie, profile } = await verifiedUser()
    const sub = await subscribe(cookie)
    const trialEnd = Date.parse(sub.next_billing_time)
    const cancelled = await send(
      billing.app,
      '/api/billing/cancel-subscription',
      { subscription_id: sub.id },
      { cookie },
    )
    expect(cancelled.json()).toEqual({
      success: true,
      message: TRIAL_MESSAGES.cancelledInTrial(new Date(trialEnd).toISOString()),
    })
    expect(cancelled.json().message).toContain('nothing is charged')
    expect(await profileOf(profile.userId)).toMatchObject({
      planType: 'monthly',
      subscriptionStatus: 'cancelled',
      subscriptionExpiresAt: new Date(trialEnd),
    })
    expect((await trialOf(cookie)).trial).toMatchObject({ firstPaymentAt: null })
    await send(
      billing.app,
      '/api/billing/test/clock',
      { advanceMs: trialEnd - billing.clock.now().getTime() + DAY },
      { cookie },
    )
    expect(await profileOf(profile.userId)).toMatchObject({ planType: 'free', subscriptionStatus: 'expired' })
    // Never billed: the sandbox's subscription stopped before its first billing time.
    const [row] = await billing.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, sub.id))
    expect(row).toMatchObject({ status: 'CANCELLED', nextBillingTime: new Date(trialEnd) })
  })

  it('ends premium when the first payment at the trial’s end fails, as any failed renewal', async () => {
    const { cookie, profile } = await verifiedUser()
    const sub = await subscribe(cookie)
    const trialEnd = Date.parse(sub.next_billing_time)
    // PayPal suspends a subscription whose payment failed past the plan's failure threshold.
    billing.clock.advance(trialEnd - billing.clock.now().getTime() + 1000)
    await billing.database.db
      .update(sandboxPayments)
      .set({ status: 'SUSPENDED' })
      .where(eq(sandboxPayments.id, sub.id))
    const moved = await send(billing.app, '/api/billing/test/clock', { advanceMs: 0 }, { cookie })
    expect(moved.json()).toMatchObject({ lapsed: 1 })
    expect(await profileOf(profile.userId)).toMatchObject({ planType: 'free', subscriptionStatus: 'expired' })
  })

  it('sends the reminder 2 days before the end, once, by exactly one of two processes', async () => {
    const { cookie } = await verifiedUser()
    const sub = await subscribe(cookie)
    const trialEnd = Date.parse(sub.next_billing_time)
    const sent: MailMessage[] = []
    const mailer = {
      kind: 'outbox' as const,
      async send(mail: MailMessage) {
        sent.push(mail)
        return { messageId: String(sent.length) }
      },
      close() {},
    }
    const mails = createBillingMails({
      db: billing.database.db,
      mailer,
      publicUrl: 'https://whirl.test',
      testMode: true,
      log: { warn() {}, error() {} },
    })
    const run = (at: number) => sendTrialReminders(billing.database.db, mails, new Date(at))
    expect(await run(trialEnd - 3 * DAY)).toBe(0)
    const results = await Promise.all([run(trialEnd - 2 * DAY), run(trialEnd - 2 * DAY)])
    expect(results.sort()).toEqual([0, 1])
    expect(await run(trialEnd - DAY)).toBe(0)
    expect(sent).toHaveLength(1)
    const [mail] = sent
    expect(mail?.subject).toBe(`Your Whirl free trial ends on ${longDate(new Date(trialEnd))}`)
    expect(mail?.text).toContain('$6.99 USD')
    expect(mail?.text).toContain('https://whirl.test/profile')
  })
})
