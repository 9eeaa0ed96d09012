import { expect, type Page } from '@playwright/test'

/** Every test account's password. */
export const PASSWORD = 'wheel-secret-1'

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`

/** Registers through the page context's API (every tab of it is signed in); returns the email. */
export async function registerUser(
  page: Page,
  displayName: string,
  email = uniqueEmail('user'),
): Promise<string> {
  const response = await page.context().request.post('/api/account/register', {
    data: { displayName, email, password: PASSWORD, confirmPassword: PASSWORD },
  })
  expect(response.status()).toBe(201)
  return email
}

/** Signs an existing user in on this page's context. */
export async function signIn(page: Page, email: string) {
  const response = await page
    .context()
    .request.post('/api/account/login', { data: { email, password: PASSWORD } })
  expect(response.status()).toBe(200)
}

/** A premium user, through the sandbox provider's test endpoint (what /test-subscription does). */
export async function registerPremium(page: Page, displayName: string): Promise<string> {
  const email = await registerUser(page, displayName)
  const response = await page.context().request.post('/api/billing/test/simulate-monthly', { data: {} })
  expect(response.status()).toBe(200)
  expect((await response.json()).profile.planType).toBe('monthly')
  return email
}

/** Opens the header's Sign In dialog (from the menu on a phone). */
export async function openSignIn(page: Page) {
  const banner = page.getByRole('banner')
  const menu = banner.getByRole('button', { name: 'Open menu' })
  if (await menu.isVisible()) await menu.click()
  await banner.getByRole('button', { name: 'Sign In', exact: true }).first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
}
