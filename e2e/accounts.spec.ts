import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { openSignIn, PASSWORD, uniqueEmail } from './premium-helpers'

const header = (page: Page) => page.getByRole('banner')
const dialog = (page: Page) => page.getByRole('dialog')

/** Creates an account through the API, apart from the browser under test (its own cookies). */
async function createAccount(
  request: APIRequestContext,
  displayName: string,
  email: string,
  password = PASSWORD,
) {
  const response = await request.post('/api/account/register', {
    data: { displayName, email, password, confirmPassword: password },
  })
  expect(response.status()).toBe(201)
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await openSignIn(page)
  await dialog(page).getByLabel('Email Address').fill(email)
  await dialog(page).getByLabel('Password', { exact: true }).fill(password)
  await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(dialog(page)).toBeHidden()
}

/** The reset link of the newest outbox mail addressed to `email` (quoted-printable decoded). */
function resetLinkFromOutbox(email: string): string | null {
  const outbox = path.join(process.env.E2E_DATA_DIR as string, 'outbox')
  let files: string[]
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'))
  } catch {
    return null
  }
  for (const file of files.sort().reverse()) {
    const raw = readFileSync(path.join(outbox, file), 'utf8')
    if (!raw.includes(`To: ${email}`)) continue
    const decoded = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    // Registration's confirmation mail goes to the same address: only the reset mail has the link.
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9%_-]+/.exec(decoded)?.[0]
    if (link) return link
  }
  return null
}

test('register, sign out, sign in, rename, see it in the header and profile, sign out', async ({ page }) => {
  // Many steps, each a round trip with password hashing: give it room when the machine is busy.
  test.slow()
  const email = uniqueEmail('journey')
  await page.goto('/')
  await openSignIn(page)
  await dialog(page).getByRole('button', { name: 'Sign up' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Create Account' })).toBeVisible()
  await dialog(page).getByLabel('Display Name').fill('Journey Jo')
  await dialog(page).getByLabel('Email Address').fill(email)
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog(page).getByLabel('Confirm Password', { exact: true }).fill(PASSWORD)
  await dialog(page).getByRole('button', { name: 'Create Account' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(header(page).getByRole('link', { name: 'Journey Jo' })).toBeVisible()

  await header(page).getByRole('link', { name: 'Journey Jo' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByTestId('subscription-status')).toHaveText('Inactive (Free plan, no subscription)')
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible()

  await signIn(page, email)
  // The Sign In button that opened the modal is gone: its place, the name link, has the focus.
  await expect(header(page).getByRole('link', { name: 'Journey Jo' })).toBeFocused()
  await header(page).getByRole('link', { name: 'Journey Jo' }).click()
  await page.getByRole('button', { name: 'Edit display name' }).click()
  await page.getByPlaceholder('Enter display name').fill('Renamed Jo')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByRole('main').getByText('Renamed Jo')).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Renamed Jo' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('main').getByText('Renamed Jo')).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Renamed Jo' })).toBeVisible()

  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible()
})

test('the forms show their validation messages, and the server’s errors', async ({ page, request }) => {
  const email = uniqueEmail('taken')
  await createAccount(request, 'Taken', email)
  await page.goto('/wheel')
  await openSignIn(page)
  const box = dialog(page).getByRole('alert')
  await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(box).toHaveText('Please fill in all fields')

  await dialog(page).getByLabel('Email Address').fill(email)
  await expect(box).toBeHidden()
  await dialog(page).getByLabel('Password', { exact: true }).fill('not-the-password')
  await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(box).toHaveText('The email or password is not correct. Please try again.')
  await expect(dialog(page)).toBeVisible()

  await dialog(page).getByRole('button', { name: 'Sign up' }).click()
  const create = dialog(page).getByRole('button', { name: 'Create Account' })
  await create.click()
  await expect(box).toHaveText('Display name is required')
  await dialog(page).getByLabel('Display Name').fill('Val')
  await create.click()
  await expect(box).toHaveText('Email is required')
  await dialog(page).getByLabel('Email Address').fill(email)
  await create.click()
  await expect(box).toHaveText('Password must be at least 8 characters long')
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog(page).getByLabel('Confirm Password', { exact: true }).fill('something-else')
  await create.click()
  await expect(box).toHaveText('Passwords do not match')
  await dialog(page).getByLabel('Confirm Password', { exact: true }).fill(PASSWORD)
  await expect(box).toBeHidden()
  await create.click()
  await expect(box).toHaveText(
    'An account with this email already exists. Sign in instead, or use another email.',
  )

  const password = dialog(page).getByLabel('Password', { exact: true })
  await expect(password).toHaveAttribute('type', 'password')
  await dialog(page).getByRole('button', { name: 'Show password' }).click()
  await expect(password).toHaveAttribute('type', 'text')
})

test('the modal traps focus, closes with Escape and gives focus back to Sign In', async ({ page }) => {
  await page.goto('/')
  const opener = header(page).getByRole('button', { name: 'Sign In' })
  await opener.focus()
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toBeVisible()
  await expect(dialog(page).getByLabel('Email Address')).toBeFocused()
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
  await expect(opener).toBeFocused()
})

test('a guarded page asks a visitor to sign in, then shows itself', async ({ page, request }) => {
  const email = uniqueEmail('guard')
  await createAccount(request, 'Guarded Gus', email)
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible()
  await expect(page.getByText('Please sign in to access this feature.')).toBeVisible()
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Sign In' })).toBeVisible()
  await dialog(page).getByLabel('Email Address').fill(email)
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
})

test('a password reset through the outbox mail signs the user in with the new password', async ({
  page,
  request,
}) => {
  test.slow()
  const email = uniqueEmail('reset')
  await createAccount(request, 'Reset Rita', email)
  await page.goto('/')
  await openSignIn(page)
  await dialog(page).getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByLabel('Email Address').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('status')).toContainText('If an account exists for this email')

  await expect.poll(() => resetLinkFromOutbox(email), { timeout: 10_000 }).not.toBeNull()
  const link = new URL(resetLinkFromOutbox(email) as string)
  await page.goto(`${link.pathname}${link.search}`)
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-secret')
  await page.getByLabel('Confirm Password', { exact: true }).fill('brand-new-secret')
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page.getByText('Your password has been changed and you are signed in.')).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Reset Rita' })).toBeVisible()

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`)
  await page.getByLabel('New Password', { exact: true }).fill('another-secret')
  await page.getByLabel('Confirm Password', { exact: true }).fill('another-secret')
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'This reset link is no longer valid: it has already been used or it has expired. Please ask for a new one.',
  )

  await page.goto('/profile')
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await openSignIn(page)
  await dialog(page).getByLabel('Email Address').fill(email)
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'The email or password is not correct. Please try again.',
  )
  await dialog(page).getByLabel('Password', { exact: true }).fill('brand-new-secret')
  await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(header(page).getByRole('link', { name: 'Reset Rita' })).toBeVisible()
})

test('a profile change in one tab shows live in another, and sign-out reaches both', async ({
  context,
  request,
}) => {
  test.slow()
  const first = await context.newPage()
  const email = uniqueEmail('live')
  await createAccount(request, 'Live Lou', email)
  await first.goto('/')
  await signIn(first, email)
  const second = await context.newPage()
  await second.goto('/wheel')
  await expect(header(second).getByRole('link', { name: 'Live Lou' })).toBeVisible()

  await first.goto('/profile')
  await first.getByRole('button', { name: 'Edit display name' }).click()
  await first.getByPlaceholder('Enter display name').fill('Lou Live')
  await first.getByRole('button', { name: 'Save Changes' }).click()
  await expect(header(second).getByRole('link', { name: 'Lou Live' })).toBeVisible()

  await first.getByRole('button', { name: 'Sign Out' }).click()
  await expect(header(second).getByRole('button', { name: 'Sign In' })).toBeVisible()
})

test('eight tabs stay usable: one profile stream serves them all, and passes on when its tab closes', async ({
  context,
}) => {
  test.slow()
  const email = uniqueEmail('tabs')
  // The context's request shares the tabs' cookies: every tab opens signed in.
  const registered = await context.request.post('/api/account/register', {
    data: { displayName: 'Tabby', email, password: PASSWORD, confirmPassword: PASSWORD },
  })
  expect(registered.status()).toBe(201)
  // A browser keeps at most six HTTP/1.1 connections to one server: a stream per tab would
  // leave the seventh tab unable to load.
  const tabs: Page[] = []
  for (let i = 0; i < 8; i++) {
    const tab = await context.newPage()
    await tab.goto(i % 2 ? '/about' : '/wheel')
    await expect(header(tab).getByRole('link', { name: 'Tabby' })).toBeVisible()
    tabs.push(tab)
  }
  const [first, second] = tabs as [Page, Page]
  const last = tabs.at(-1) as Page
  const rename = async (name: string) => {
    await last.goto('/profile')
    await last.getByRole('button', { name: 'Edit display name' }).click()
    await last.getByPlaceholder('Enter display name').fill(name)
    await last.getByRole('button', { name: 'Save Changes' }).click()
  }
  await rename('Tabby Two')
  for (const tab of tabs) await expect(header(tab).getByRole('link', { name: 'Tabby Two' })).toBeVisible()

  await first.close()
  await rename('Tabby Three')
  await expect(header(second).getByRole('link', { name: 'Tabby Three' })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the modal and the profile page fit 375 px, in dark mode too', async ({ page, request }) => {
    const email = uniqueEmail('phone')
    await createAccount(request, 'A rather long display name for phones', email)
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).click()
    await expect(dialog(page)).toBeVisible()
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
    expect(await overflow()).toBe(false)
    await dialog(page).getByLabel('Email Address').fill(email)
    await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
    await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(dialog(page)).toBeHidden()
    await page.goto('/profile')
    await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible()
    await expect(page.getByText(email)).toBeVisible()
    expect(await overflow()).toBe(false)
  })
})
