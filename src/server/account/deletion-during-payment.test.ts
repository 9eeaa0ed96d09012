import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { lockUserBilling } from '../billing/user-lock'
import { billingOrders, billingSubscriptions, users } from '../db/schema'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { usePaypalApp } from '../testing/paypal-app'

const IN_FLIGHT =
  'A payment is still being processed, so your account was not deleted. Try again in a few minutes.'

describe.each(DATABASE_KINDS)('deleting an account while a payment is under way, on %s', (kind) => {
  const t = usePaypalApp(kind)

  async function withSubscription() {
    const user = await register(t.app)
    const res = await send(t.app, '/api/billing/create-subscription', {}, { cookie: user.cookie })
    return { ...user, id: res.json().subscription_id as string }
  }
  const remove = (cookie: string, password: string) =>
    send(t.app, '/api/account/delete', { password }, { cookie })
  const userExists = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id))).length === 1

  it('APPROVED at PayPal (about to start): refused with a clear message, nothing deleted', async () => {
    const { cookie, profile, user, id } = await withSubscription()
    t.paypal.approveOnly(id)
    const res = await remove(cookie, user.password)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe(IN_FLIGHT)
    expect(await userExists(profile.userId)).toBe(true)
    // Once PayPal has started it, deletion cancels it at PayPal and goes through.
    t.paypal.approve(id)
    expect((await remove(cookie, user.password)).statusCode).toBe(200)
    expect(t.paypal.subscription(id)?.status).toBe('CANCELLED')
  })

  it('APPROVAL_PENDING, or withdrawn before it started: kept without an owner, and cancelled at PayPal should it start', async () => {
    const pending = await withSubscription()
    const withdrawn = await withSubscription()
    expect(
      (
        await send(
          t.app,
          '/api/billing/cancel-subscription',
          { subscription_id: withdrawn.id },
          { cookie: withdrawn.cookie },
        )
      ).statusCode,
    ).toBe(200)
    for (const { cookie, user, profile, id } of [pending, withdrawn]) {
      expect((await remove(cookie, user.password)).statusCode).toBe(200)
      expect(await userExists(profile.userId)).toBe(false)
      const [row] = await t.database.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.id, id))
      expect(row).toMatchObject({ userId: null, status: 'WITHDRAWN' })
      // The buyer approves at PayPal after all and PayPal starts it: the webhook cancels it.
      t.paypal.approve(id)
      const event = t.paypal.signedWebhook(t.paypal.subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', id))
      expect((await t.webhook(event)).statusCode).toBe(200)
      expect(t.paypal.subscription(id)?.status).toBe('CANCELLED')
    }
  })

  it('a PENDING one-time capture: refused until PayPal settles it', async () => {
    const { cookie, user, profile } = await register(t.app).then(async (u) => u)
    const created = await send(t.app, '/api/billing/create-payment', {}, { cookie })
    const orderId = created.json().order_id as string
    t.paypal.approveOrder(orderId)
    t.paypal.setCaptureOutcome({ status: 'PENDING', reason: 'PENDING_REVIEW' })
    expect(
      (await send(t.app, '/api/billing/capture-payment', { order_id: orderId }, { cookie })).statusCode,
    ).toBe(202)
    const res = await remove(cookie, user.password)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe(IN_FLIGHT)
    expect(await userExists(profile.userId)).toBe(true)
    // PayPal completes it (its webhook lost): deletion reads it back and goes through.
    t.paypal.completeCapture(orderId)
    expect((await remove(cookie, user.password)).statusCode).toBe(200)
    const [order] = await t.database.db.select().from(billingOrders).where(eq(billingOrders.id, orderId))
    expect(order).toMatchObject({ userId: null, status: 'COMPLETED' })
  })

  it('recording a new subscription waits for the user’s billing lock, which the deletion holds', async () => {
    const { cookie, profile } = await register(t.app)
    // On PGlite every transaction runs alone, so this holds there anyway; on PostgreSQL it is the lock.
    // Read once so that the session is cached: the request then needs the database only to record.
    expect((await send(t.app, '/api/profile', undefined, { cookie })).statusCode).toBe(200)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let taken = () => {}
    const lockTaken = new Promise<void>((resolve) => {
      taken = resolve
    })
    const holder = t.database.db.transaction(async (tx) => {
      await lockUserBilling(tx, profile.userId)
      taken()
      await held
    })
    await lockTaken
    let answered = false
    const creating = send(t.app, '/api/billing/create-subscription', {}, { cookie }).then((res) => {
      answered = true
      return res
    })
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(answered).toBe(false)
    release()
    await holder
    expect((await creating).statusCode).toBe(200)
  })

  it('a subscription created while the account is deleted is either refused or kept for its webhook', async () => {
    for (let round = 0; round < 4; round++) {
      const { cookie, profile, user } = await register(t.app)
      const [created, deleted] = await Promise.all([
        send(t.app, '/api/billing/create-subscription', {}, { cookie }),
        remove(cookie, user.password),
      ])
      if (created.statusCode !== 200) continue
      const id = created.json().subscription_id as string
      const [row] = await t.database.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.id, id))
      if (deleted.statusCode === 200) {
        expect(await userExists(profile.userId)).toBe(false)
        expect(row).toMatchObject({ userId: null, status: 'WITHDRAWN' })
      } else {
        expect(deleted.statusCode).toBe(409)
        expect(row?.userId).toBe(profile.userId)
      }
    }
  })
})
