import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { BASE_URL } from '../playwright.config'
import { longDate, TRIAL_OFFER } from '../src/core/billing/trial'
import { registerUser, uniqueEmail } from './premium-helpers'

const DAY = 86_400_000
const ORIGIN = { origin: BASE_URL }

/** The outbox mails addressed to `email`, quoted-printable decoded. */
/** The trial mails sent to this address (registration also sends an address confirmation). */
function mailsTo(email: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR as string, 'outbox')
  let files: string[] = []
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'))
  } catch {
    return []
  }
  return files
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((raw) => raw.includes(`To: ${email}`))
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .filter((mail) => /^Subject: .*free trial/im.test(mail))
}

async function serverNow(page: Page): Promise<number> {
  const res = await page.request.get('/api/billing/test/clock')
  return Date.parse((await res.json()).now)
}
async function advanceTo(page: Page, at: number) {
  const res = await page.request.post('/api/billing/test/clock', {
    data: { advanceMs: Math.max(0, at - (await serverNow(page))) },
  })
  expect(res.status()).toBe(200)
}

test('a new verified user starts the 7-day free trial, sees it, gets the reminder once, and passes into a paid month @clock trial', async ({
  page,
}) => {
  test.slow()
  const email = uniqueEmail('trial')
  await page.goto('/')
  await registerUser(page, 'Trial Tess', email)
  const verified = await page.request.post('/api/billing/test/verify-email', { headers: ORIGIN, data: {} })
  expect(verified.status()).toBe(200)

  await page.goto('/subscription')
  await expect(page.getByTestId('trial-offer')).toHaveText(TRIAL_OFFER)
  await expect(page.getByTestId('trial-offer')).toHaveText('7-day free trial, then $6.99/month')
  await page.getByRole('button', { name: 'Subscribe Now' }).click()
  await expect(page).toHaveURL(/\/billing\/sandbox\/approve\?subscription_id=/)
  await page.getByRole('button', { name: 'Approve subscription' }).click()
  await expect(page.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible()

  const trial = (await (await page.request.get('/api/billing/trial')).json()).trial
  const endsAt = Date.parse(trial.endsAt)
  expect(endsAt - (await serverNow(page))).toBeGreaterThan(6.9 * DAY)
  const note = page.getByTestId('trial-note')
  await expect(note).toContainText(`Your 7-day free trial ends on ${longDate(trial.endsAt)}`)
  await expect(note).toContainText(`The first payment of $6.99 USD is taken on ${longDate(trial.endsAt)}`)

  await page.goto('/profile')
  const status = page.getByTestId('trial-status')
  await expect(status).toContainText('Trial')
  await expect(status).toContainText('Free trial until')
  await expect(page.getByTestId('plan-name')).toHaveText('Premium (Monthly)')

  // 2 days before the end: one reminder mail, with the date, the amount and a link to cancel.
  await advanceTo(page, endsAt - 2 * DAY + 60_000)
  await expect.poll(() => mailsTo(email).length).toBe(1)
  const mail = mailsTo(email)[0] as string
  expect(mail).toContain(`Subject: Your Whirl free trial ends on ${longDate(trial.endsAt)}`)
  expect(mail).toContain('$6.99 USD')
  expect(mail).toMatch(/https?:\/\/\S+\/profile/)
  await advanceTo(page, endsAt - DAY)
  expect(mailsTo(email)).toHaveLength(1)

  // Past the trial's end: the first payment is taken, premium runs a paid month.
  await advanceTo(page, endsAt + DAY)
  await page.reload()
  await expect(page.getByTestId('plan-name')).toHaveText('Premium (Monthly)')
  await expect(page.getByTestId('subscription-status')).toHaveText('Active')
  await expect(page.getByTestId('trial-status')).toBeHidden()
  await expect(page.getByText(/Current period ends/)).toBeVisible()
  expect(mailsTo(email)).toHaveLength(1)
})
