import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { TRIAL_MESSAGES } from '../../core/billing/trial'
import { billingSubscriptions, billingTrialEmails, profiles, sandboxPayments, users } from '../db/schema'
import { register, send, startApp, type TestApp } from '../testing/auth'
import { decideOnSandbox, useSandboxBillingApp } from '../testing/billing-harness'
import { DATABASE_KINDS } from '../testing/harness'

const DAY = 86_400_000

describe.each(DATABASE_KINDS)('one free trial per account, ever, on %s', (kind) => {
  const billing = useSandboxBillingApp(kind, async (database) => {
    await database.db.delete(billingTrialEmails)
  })

  const verifiedUser = async () => {
    const user = await register(billing.app)
    await billing.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, user.profile.userId))
    return user
  }
  const create = async (cookie: string, app: TestApp = billing.app, ip = '10.1.0.1') => {
    const res = await send(app, '/api/billing/create-subscription', { plan_type: 'premium' }, { cookie, ip })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().subscription_id as string
  }
  const activate = async (cookie: string, id: string) => {
    expect((await decideOnSandbox(billing.app, 'subscription_id', id)).statusCode).toBe(303)
    const res = await send(
      billing.app,
      '/api/billing/activate-subscription',
      { subscription_id: id },
      { cookie },
    )
    expect(res.statusCode, res.body).toBe(200)
    return res.json().subscription as { start_time: string; next_billing_time: string }
  }
  const trialDaysOf = async (ids: string[]) => {
    const rows = await billing.database.db
      .select({ id: sandboxPayments.id, trialDays: sandboxPayments.trialDays })
      .from(sandboxPayments)
      .where(inArray(sandboxPayments.id, ids))
    return ids.map((id) => rows.find((row) => row.id === id)?.trialDays)
  }

  it('three subscriptions created while eligible: only the first has the trial; approving the next after a cancel on day 6 charges at once', async () => {
    const { cookie, profile } = await verifiedUser()
    const ids = [await create(cookie), await create(cookie), await create(cookie)]
    expect(await trialDaysOf(ids)).toEqual([7, 0, 0])
    const ours = await billing.database.db
      .select({ id: billingSubscriptions.id, trialDays: billingSubscriptions.trialDays })
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, profile.userId))
    expect(ours.map((row) => row.trialDays).sort()).toEqual([0, 0, 7])

    const first = await activate(cookie, ids[0] as string)
    expect(Date.parse(first.next_billing_time) - Date.parse(first.start_time)).toBe(7 * DAY)
    billing.clock.advance(6 * DAY)
    await send(billing.app, '/api/billing/cancel-subscription', { subscription_id: ids[0] }, { cookie })
    // The second one, created while the account was eligible, starts without a trial: billed today.
    const second = await activate(cookie, ids[1] as string)
    expect(Date.parse(second.next_billing_time) - Date.parse(second.start_time)).toBeGreaterThanOrEqual(
      28 * DAY,
    )
    const [row] = await billing.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, ids[1] as string))
    expect(row).toMatchObject({ status: 'ACTIVE', trialDays: 0 })
    const [after] = await billing.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, profile.userId))
    expect(after?.subscriptionId).toBe(ids[1])
  })

  it('the plans page is told the trial is used as soon as a trial subscription is created', async () => {
    const { cookie } = await verifiedUser()
    const before = (await send(billing.app, '/api/billing/trial', undefined, { cookie })).json()
    expect(before).toEqual({ eligible: true, used: false, trial: null })
    await create(cookie)
    const after = (await send(billing.app, '/api/billing/trial', undefined, { cookie })).json()
    expect(after).toEqual({ eligible: false, used: true, trial: null })
    expect(TRIAL_MESSAGES.used).toBe('Your free trial has been used: Premium starts at $6.99 a month today.')
  })

  it('two server processes creating subscriptions at the same moment give the trial to exactly one', async () => {
    const second = await startApp(
      billing.database,
      { BILLING_TEST_CLOCK: '1' },
      { billing: { clock: billing.clock } },
    )
    try {
      for (let round = 0; round < 3; round++) {
        const { cookie } = await verifiedUser()
        const ids = await Promise.all(
          [billing.app, second, billing.app, second].map((app, i) =>
            create(cookie, app, `10.2.${round}.${i}`),
          ),
        )
        const days = await trialDaysOf(ids)
        expect(days.filter((d) => d === 7)).toHaveLength(1)
        expect(days.filter((d) => d === 0)).toHaveLength(3)
      }
    } finally {
      await second.dispose()
    }
  })
})
