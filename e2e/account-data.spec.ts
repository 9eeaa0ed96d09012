import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { STORE_KEY } from '../src/core/storage/keys'
import { registerPremium, registerUser } from './premium-helpers'
import { countStoredSavedWheels, items, openWithWheel } from './wheel-helpers'

test('Download my data, then Delete my account signs out and the account is gone', async ({ page }) => {
  const email = await registerUser(page, 'Leaving Lee')
  await page.goto('/profile')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('whirl-my-data.json')
  const data = JSON.parse(await readFile((await download.path()) as string, 'utf8'))
  expect(data.profile).toMatchObject({ email, displayName: 'Leaving Lee', planType: 'free' })
  expect(data.savedWheels).toEqual([])

  await page.getByRole('button', { name: 'Delete my account' }).click()
  await page.getByLabel('Password', { exact: true }).fill('not-the-password')
  await page.getByRole('button', { name: 'Delete my account for good' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'That password is not correct. Your account was not deleted.',
  )
  await page.getByLabel('Password', { exact: true }).fill('wheel-secret-1')
  await page.getByRole('button', { name: 'Delete my account for good' }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account and its data have been deleted' }),
  ).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible()
  const login = await page
    .context()
    .request.post('/api/account/login', { data: { email, password: 'wheel-secret-1' } })
  expect(login.status()).toBe(401)
})

test('a deleted premium account takes its saved wheels and sync records out of this browser', async ({
  page,
}) => {
  await registerPremium(page, 'Premium Pia')
  await openWithWheel(page, items(['Keep', 'Me'], ['#ef4444', '#22c55e']))
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await expect.poll(() => countStoredSavedWheels(page)).toBe(1)

  await page.goto('/profile')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await page.getByLabel('Password', { exact: true }).fill('wheel-secret-1')
  await page.getByRole('button', { name: 'Delete my account for good' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => countStoredSavedWheels(page)).toBe(0)
  const keys = await page.evaluate(() => Object.keys(localStorage))
  expect(keys).not.toContain('whirl-sync')
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORE_KEY)
  expect(stored.savedWheels ?? []).toEqual([])
})
