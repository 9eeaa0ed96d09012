import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { longDate, TRIAL_OFFER } from '../src/core/billing/trial'
import { expectNoAxeViolations } from './axe'
import { uniqueEmail } from './premium-helpers'

const PASSWORD = 'wheel-secret-1'

type Mail = { subject: string; plain: string; html: string }

const PARSE_MAIL = `
import email, json, sys
from email import policy
m = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)
body = lambda kind: (m.get_body(preferencelist=(kind,)) or None)
print(json.dumps({"to": str(m["to"]), "subject": str(m["subject"]),
  "plain": body("plain").get_content() if body("plain") else "",
  "html": body("html").get_content() if body("html") else ""}))`

/** Each outbox file read by Python once: the outbox holds every test's mails by the end of a run. */
const parsedMails = new Map<string, Mail & { to: string }>()

/**
 * The outbox mails sent to `email`, each read by Python's `email` package (both parts decoded).
 * Only files that name the address are parsed: one Python per file and poll made a late test's
 * wait for its mail outlast its timeout on a busy machine.
 */
function mailsTo(email: string): Mail[] {
  const outbox = path.join(process.env.E2E_DATA_DIR as string, 'outbox')
  let files: string[] = []
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'))
  } catch {
    return []
  }
  const mails: Mail[] = []
  for (const file of files) {
    let mail = parsedMails.get(file)
    if (!mail) {
      const raw = readFileSync(path.join(outbox, file))
      if (!raw.includes(email)) continue
      const run = spawnSync('python3', ['-c', PARSE_MAIL], { input: raw, encoding: 'utf8' })
      mail = JSON.parse(run.stdout) as Mail & { to: string }
      parsedMails.set(file, mail)
    }
    if (mail.to === email) mails.push(mail)
  }
  return mails
}

const mailWithSubject = async (email: string, subject: string | RegExp): Promise<Mail> => {
  let found: Mail | undefined
  await expect
    .poll(() => {
      found = mailsTo(email).find((m) =>
        typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
      )
      return Boolean(found)
    })
    .toBe(true)
  return found as Mail
}

const dialog = (page: Page) => page.getByRole('dialog')

test('a visitor sees the trial, signs up from Subscribe Now, confirms the address from the mail, starts the trial and gets the welcome mail', async ({
  page,
}) => {
  test.slow()
  const email = uniqueEmail('customer')

  // A visitor sees the 7-day free trial and its conditions on the Premium card.
  await page.goto('/subscription')
  const premium = page.getByRole('region', { name: 'Premium Plan' })
  await expect(premium.getByText(TRIAL_OFFER)).toBeVisible()
  await expect(
    premium.getByText('For new accounts, one per account, with a confirmed email address.'),
  ).toBeVisible()

  // Subscribe Now → sign up → "Check your email", nothing charged yet.
  await premium.getByRole('button', { name: 'Subscribe Now' }).click()
  await dialog(page).getByRole('button', { name: 'Sign up' }).click()
  await dialog(page).getByLabel('Display Name').fill('Casey Customer')
  await dialog(page).getByLabel('Email Address').fill(email)
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog(page).getByLabel('Confirm Password', { exact: true }).fill(PASSWORD)
  await dialog(page).getByRole('button', { name: 'Create Account' }).click()
  await expect(dialog(page)).toBeHidden()
  const check = page.getByRole('region', { name: 'Check your email' })
  await expect(check).toContainText(`We sent a confirmation link to ${email}.`)
  await expect(check).toContainText('One click on it confirms your address and unlocks your 7-day free trial')
  await expect(check.getByRole('button', { name: 'Subscribe now without the trial' })).toBeVisible()
  await expect(page).toHaveURL(/\/subscription$/)
  await expectNoAxeViolations(page, 'check your email')

  // The mail's link confirms the address and returns to /subscription with the trial ready.
  const confirm = await mailWithSubject(email, 'Confirm your Whirl email address')
  const link = new URL(/https?:\/\/\S+verify-email\S+/.exec(confirm.plain)?.[0] ?? '')
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page).toHaveURL(/\/subscription\?verified=1$/)
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' })).toHaveText(
    'Your email address is confirmed. Your 7-day free trial is ready: press Subscribe Now to start it.',
  )
  await expect(premium.getByText(TRIAL_OFFER)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Check your email' })).toBeHidden()

  // Approve → the success page shows when the trial ends.
  await premium.getByRole('button', { name: 'Subscribe Now' }).click()
  await expect(page).toHaveURL(/\/billing\/sandbox\/approve\?subscription_id=/)
  await page.getByRole('button', { name: 'Approve subscription' }).click()
  await expect(page.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible()
  const trial = (await (await page.request.get('/api/billing/trial')).json()).trial
  await expect(page.getByTestId('trial-note')).toContainText(
    `Your 7-day free trial ends on ${longDate(trial.endsAt)}`,
  )
  await expect(page.getByText('Unlimited Wheels').locator('xpath=ancestor::li')).toHaveText(
    'Unlimited Wheels (Up to 10,000 items per wheel)',
  )

  // The welcome mail is in the outbox, in both parts, with the test-mode notice.
  const welcome = await mailWithSubject(email, 'Welcome to Whirl Premium')
  for (const part of [welcome.plain, welcome.html]) {
    expect(part).toContain('TEST MODE')
    expect(part).toContain('$6.99 USD')
    expect(part).toContain(longDate(trial.endsAt))
    expect(part).toContain('Cancel Subscription')
  }

  // Its HTML renders in Chromium without fetching anything.
  const mailPage = await page.context().newPage()
  const requests: string[] = []
  mailPage.on('request', (request) => requests.push(request.url()))
  await mailPage.setContent(welcome.html, { waitUntil: 'load' })
  await expect(mailPage.getByRole('row', { name: /Subscription id/ })).toBeVisible()
  expect(requests).toEqual([])
  await mailPage.close()
})

test('the check-your-email panel fits a phone and passes the WCAG A/AA checks in dark mode', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
  const email = uniqueEmail('phone')
  const response = await page.request.post('/api/account/register', {
    data: { displayName: 'Pat Phone', email, password: PASSWORD, confirmPassword: PASSWORD },
  })
  expect(response.status()).toBe(201)
  await page.goto('/subscription')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.getByRole('button', { name: 'Subscribe Now' }).click()
  const check = page.getByRole('region', { name: 'Check your email' })
  await expect(check).toContainText(`We sent a confirmation link to ${email}.`)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoAxeViolations(page, 'check your email, dark, phone')
  await check.getByRole('button', { name: 'Subscribe now without the trial' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/billing\/sandbox\/approve\?subscription_id=/)
})
