import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { longDate } from '../../core/billing/trial'
import { billingMailEvents, billingTrialEmails, profiles, users } from '../db/schema'
import { register, send, startApp, type TestApp } from '../testing/auth'
import { decideOnSandbox } from '../testing/billing-harness'
import { DATABASE_KINDS } from '../testing/harness'
import { captureMails, parseWithPython } from '../testing/mail-capture'
import { useTestApp } from '../testing/test-app'
import { createBillingClock } from './clock'
import { MAIL_TEST_NOTICE } from './mail-templates'
import type { BillingService } from './service'

const DAY = 86_400_000

describe.each(DATABASE_KINDS)('billing mails on %s', (kind) => {
  const clock = createBillingClock()
  const capture = captureMails()
  const services: BillingService[] = []
  const server = useTestApp(kind, {
    env: { BILLING_TEST_CLOCK: '1' },
    build: () => ({
      mailer: capture.mailer,
      billing: { clock, expose: (service) => services.push(service) },
    }),
    cleanUp: async (database) => {
      await database.db.delete(billingTrialEmails)
      capture.sent.length = 0
    },
  })
  afterAll(() => capture.dispose())

  const billingMails = () => capture.sent.filter((mail) => !mail.subject.startsWith('Confirm'))
  const subjects = () => billingMails().map((mail) => mail.subject)
  const profileOf = async (userId: string) =>
    (await server.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]
  const moveClock = (cookie: string, advanceMs: number) =>
    send(server.app, '/api/billing/test/clock', { advanceMs }, { cookie })

  async function subscribe(app: TestApp, cookie: string) {
    const created = await send(app, '/api/billing/create-subscription', { plan_type: 'premium' }, { cookie })
    expect(created.statusCode).toBe(200)
    const id = created.json().subscription_id as string
    expect((await decideOnSandbox(app, 'subscription_id', id)).statusCode).toBe(303)
    const activated = await send(
      app,
      '/api/billing/activate-subscription',
      { subscription_id: id },
      { cookie },
    )
    expect(activated.statusCode).toBe(200)
    return activated.json().subscription as { id: string; next_billing_time: string }
  }

  /** The one mail with this subject, read back by Python's `email` package: both parts, no defects. */
  function parsed(subject: string) {
    const found = billingMails().filter((mail) => mail.subject === subject)
    expect(found).toHaveLength(1)
    const mail = parseWithPython(found[0]?.raw ?? Buffer.alloc(0))
    expect(mail).toMatchObject({ subject, contentType: 'multipart/alternative', defects: 0 })
    expect(mail.plain).toContain(MAIL_TEST_NOTICE)
    expect(mail.html).toContain(MAIL_TEST_NOTICE)
    expect(mail.html).not.toMatch(/<img|<link|@import|url\(|src=/i)
    return { plain: mail.plain ?? '', html: mail.html ?? '' }
  }

  it('tells a trial subscriber each step once: welcome, trial ending on day 5, receipt on day 7, cancellation, plan ended (two processes sweeping)', async () => {
    const { cookie, profile } = await register(server.app)
    await server.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, profile.userId))
    const sub = await subscribe(server.app, cookie)
    const trialEnd = new Date(sub.next_billing_time)

    const welcome = parsed('Welcome to Whirl Premium')
    for (const part of [welcome.plain, welcome.html]) {
      for (const words of ['Premium Plan', '$6.99 USD', sub.id, 'Cancel Subscription', longDate(trialEnd)]) {
        expect(part).toContain(words)
      }
      expect(part).toContain(longDate(clock.now()))
    }
    expect(welcome.html).toContain('$0.00 USD (free trial)')

    // Day 4: no reminder yet; day 5: the reminder, once however often the sweep runs.
    await moveClock(cookie, 4 * DAY + 60_000)
    expect(subjects()).toEqual(['Welcome to Whirl Premium'])
    await moveClock(cookie, DAY)
    await moveClock(cookie, DAY / 4)
    const ending = parsed(`Your Whirl free trial ends on ${longDate(trialEnd)}`)
    expect(ending.plain).toContain('$6.99 USD')
    expect(ending.html).toContain('/profile')

    // Day 7: the first payment, and its receipt.
    await moveClock(cookie, trialEnd.getTime() - clock.now().getTime() + 60_000)
    await moveClock(cookie, 0)
    const receipt = parsed('Your Whirl Premium receipt')
    for (const part of [receipt.plain, receipt.html]) {
      expect(part).toContain(longDate(trialEnd))
      expect(part).toContain(sub.id)
    }
    const paidUntil = new Date((await profileOf(profile.userId))?.subscriptionExpiresAt ?? 0)
    expect(paidUntil.getTime()).toBeGreaterThan(trialEnd.getTime() + 27 * DAY)

    // Cancel: the mail says when Premium ends.
    const cancelled = await send(
      server.app,
      '/api/billing/cancel-subscription',
      { subscription_id: sub.id },
      { cookie },
    )
    expect(cancelled.statusCode).toBe(200)
    const cancellation = parsed('Your Whirl Premium subscription is cancelled')
    expect(cancellation.plain).toContain(`Premium stays until ${longDate(paidUntil)}`)
    expect(cancellation.html).toContain(`Premium stays until ${longDate(paidUntil)}`)

    // The end passes; a second app on the same database sweeps at the same time: one mail.
    const second = await startApp(
      server.database,
      { BILLING_TEST_CLOCK: '1' },
      { mailer: capture.mailer, billing: { clock, expose: (service) => services.push(service) } },
    )
    try {
      clock.advance(paidUntil.getTime() - clock.now().getTime() + DAY)
      const lapsed = await Promise.all(services.map((service) => service.renewal.sweep()))
      expect(lapsed.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1)
      await Promise.all(services.map((service) => service.renewal.sweep()))
    } finally {
      await second.dispose()
      services.length = 1
    }
    expect(await profileOf(profile.userId)).toMatchObject({ planType: 'free' })
    const ended = parsed('Your Whirl Premium plan has ended')
    expect(ended.plain).toContain(`ended on ${longDate(paidUntil)}`)
    expect(ended.plain).toContain('Nothing is deleted')
    expect(ended.html).toContain('/subscription')

    expect(subjects()).toHaveLength(5)
    const rows = await server.database.db
      .select()
      .from(billingMailEvents)
      .where(eq(billingMailEvents.userId, profile.userId))
    expect(rows.map((row) => row.kind).sort()).toEqual([
      'cancelled',
      'plan-ended',
      'renewal-received',
      'trial-ending',
      'welcome',
    ])
    expect(rows.every((row) => row.sentAt !== null)).toBe(true)
  })

  it('Subscribe again before the paid end: the new subscription starts on that date, nothing is charged inside the paid period', async () => {
    const { cookie, profile } = await register(server.app)
    const first = await subscribe(server.app, cookie)
    const paidEnd = first.next_billing_time
    await moveClock(cookie, 10 * DAY)
    await send(server.app, '/api/billing/cancel-subscription', { subscription_id: first.id }, { cookie })
    expect(parsed('Your Whirl Premium subscription is cancelled').plain).toContain(longDate(paidEnd))

    const again = await subscribe(server.app, cookie)
    expect(again.next_billing_time).toBe(paidEnd)
    expect((await profileOf(profile.userId))?.subscriptionExpiresAt?.toISOString()).toBe(paidEnd)
    const welcomes = billingMails().filter((mail) => mail.subject === 'Welcome to Whirl Premium')
    expect(welcomes).toHaveLength(2)
    const second = parseWithPython(welcomes[1]?.raw ?? Buffer.alloc(0))
    expect(second.plain).toContain(`You have paid until ${longDate(paidEnd)}`)
    expect(second.html).toContain('$0.00 USD (already paid)')

    // The paid end passes: the new subscription's first payment, Premium goes on, no plan-ended mail.
    await moveClock(cookie, Date.parse(paidEnd) - clock.now().getTime() + DAY)
    expect(await profileOf(profile.userId)).toMatchObject({ planType: 'monthly', subscriptionId: again.id })
    const receipt = parsed('Your Whirl Premium receipt')
    expect(receipt.plain).toContain(longDate(paidEnd))
    expect(subjects()).not.toContain('Your Whirl Premium plan has ended')
  })
})
