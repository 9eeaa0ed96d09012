import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages, users } from '../db/schema'
import type { MailMessage } from '../mail/mailer'
import { register, send, startApp, type TestApp } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { createContactMailQueue } from './mail-queue'
import { insertContactMessage } from './repository'

const DAY = 86_400_000
const message = (subject: string) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject,
  message: 'The wheel will not spin for my class.',
  type: 'support',
})

describe.each(DATABASE_KINDS)('priority support on %s', (kind) => {
  let database: TestDatabase
  let app: TestApp | null = null

  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterEach(async () => {
    // Closing the app stops its mail queue, so it sends nothing of the next test's.
    await app?.dispose()
    app = null
    await database.db.delete(contactMessages)
    await database.db.delete(users)
  })
  afterAll(async () => database.dispose())

  it('marks messages from signed-in premium users as priority, and no one else’s', async () => {
    const started = await startApp(database)
    app = started
    const free = await register(started)
    const paying = await register(started)
    await started.accounts.profiles.updatePlan(paying.profile.userId, {
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: 'TEST-P1',
      subscriptionExpiresAt: new Date(Date.now() + 30 * DAY),
    })
    const post = (subject: string, cookie?: string, extra: object = {}) =>
      send(started, '/api/contact', { ...message(subject), ...extra }, { cookie })
    expect((await post('Visitor')).statusCode).toBe(200)
    expect((await post('Free', free.cookie)).statusCode).toBe(200)
    expect((await post('Premium', paying.cookie)).statusCode).toBe(200)
    // The form cannot ask for priority: the field is refused and nothing is stored.
    expect((await post('Sneaky', free.cookie, { priority: true })).statusCode).toBe(400)
    const rows = await database.db.select().from(contactMessages)
    const bySubject = Object.fromEntries(rows.map((r) => [r.subject, r.priority]))
    expect(bySubject).toEqual({ Visitor: false, Free: false, Premium: true })
  })

  it('sends priority messages first, with "[Priority]" starting the subject', async () => {
    await insertContactMessage(database.db, { ...message('Older question'), userAgent: '' })
    await insertContactMessage(database.db, { ...message('Another question'), userAgent: '' })
    await insertContactMessage(database.db, { ...message('Paying customer'), userAgent: '', priority: true })
    const sent: MailMessage[] = []
    const queue = createContactMailQueue({
      db: database.db,
      mailer: {
        kind: 'outbox',
        async send(mail) {
          sent.push(mail)
          return { messageId: String(sent.length) }
        },
        close() {},
      },
      supportEmail: 'support@whirl.test',
      log: { info() {}, warn() {} },
    })
    await queue.kick()
    expect(sent.map((m) => m.subject)).toEqual([
      '[Priority] [Whirl contact] Technical support: Paying customer',
      '[Whirl contact] Technical support: Older question',
      '[Whirl contact] Technical support: Another question',
    ])
  })
})
