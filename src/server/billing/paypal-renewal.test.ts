import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { longDate } from '../../core/billing/trial'
import { hasPremiumPlan } from '../../core/plan/plan'
import { billingMailEvents } from '../db/schema'
import { DATABASE_KINDS } from '../testing/harness'
import { usePaypalApp } from '../testing/paypal-app'

const DAY = 86_400_000

describe.each(DATABASE_KINDS)('a late PayPal renewal on %s', (kind) => {
  const t = usePaypalApp(kind)

  const mailsOf = (userId: string) =>
    t.database.db.select().from(billingMailEvents).where(eq(billingMailEvents.userId, userId))

  const premiumNow = async (userId: string) => {
    const row = await t.profileOf(userId)
    return hasPremiumPlan(
      row
        ? {
            planType: row.planType,
            subscriptionStatus: row.subscriptionStatus,
            subscriptionExpiresAt: row.subscriptionExpiresAt?.toISOString() ?? null,
          }
        : null,
      t.clock.now(),
    )
  }

  it('keeps premium for 3 days while PayPal retries, lapses after, and comes back when PayPal bills', async () => {
    const { profile, id } = await t.subscribed()
    const due = Date.parse(t.paypal.subscription(id)?.next_billing_time ?? '')

    // The renewal failed; PayPal keeps the subscription ACTIVE and retries.
    t.clock.advance(due - t.clock.now().getTime() + 3_600_000)
    t.paypal.failRenewal(id)
    await t.sweep()
    expect(await premiumNow(profile.userId)).toBe(true)
    expect((await t.profileOf(profile.userId))?.subscriptionExpiresAt?.getTime()).toBe(due + 3 * DAY)
    // One mail says so, however often the sweep looks: PayPal is retrying, and until when Premium stays.
    await t.sweep()
    const failed = (await mailsOf(profile.userId)).filter((m) => m.kind === 'renewal-failed')
    expect(failed).toHaveLength(1)
    expect(failed[0]?.subject).toBe('Your Whirl Premium payment did not go through')
    expect(failed[0]?.textBody).toContain('PayPal is trying again')
    expect(failed[0]?.textBody).toContain(`Premium stays until ${longDate(new Date(due + 3 * DAY))}`)
    expect(failed[0]?.htmlBody).toContain(longDate(new Date(due)))

    // Still not paid 3 days past next_billing_time: premium ends (PayPal still says ACTIVE).
    t.clock.advance(3 * DAY)
    t.paypal.failRenewal(id)
    expect(t.paypal.subscription(id)?.status).toBe('ACTIVE')
    await t.sweep()
    expect(await premiumNow(profile.userId)).toBe(false)
    expect(await t.profileOf(profile.userId)).toMatchObject({ planType: 'free' })

    // A later retry succeeds: the periodic check finds it ACTIVE with a new next_billing_time.
    t.paypal.renew(id)
    await t.sweep()
    expect(await premiumNow(profile.userId)).toBe(true)
    expect(await t.profileOf(profile.userId)).toMatchObject({
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: id,
    })
    // Each event told once: the failure, the end of Premium, the payment that came late (no test notice with PayPal).
    const kinds = (await mailsOf(profile.userId)).map((m) => m.kind).sort()
    expect(kinds).toEqual(['plan-ended', 'renewal-failed', 'renewal-received', 'welcome'])
    expect((await mailsOf(profile.userId)).every((m) => !m.textBody.includes('TEST MODE'))).toBe(true)
  })

  it('suspended at the plan’s failure threshold: premium ends', async () => {
    const { profile, id } = await t.subscribed()
    const due = Date.parse(t.paypal.subscription(id)?.next_billing_time ?? '')
    t.clock.advance(due - t.clock.now().getTime() + 3_600_000)
    for (let i = 0; i < 3; i++) t.paypal.failRenewal(id)
    expect(t.paypal.subscription(id)?.status).toBe('SUSPENDED')
    await t.sweep()
    expect(await premiumNow(profile.userId)).toBe(false)
  })
})
