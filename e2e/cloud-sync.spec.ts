import { expect, test } from '@playwright/test'
import { registerPremium, signIn } from './premium-helpers'
import { items, openWithWheel } from './wheel-helpers'

test('the same premium user on two browsers: a saved wheel and its deletion reach the other', async ({
  page,
  browser,
}) => {
  test.slow()
  const email = await registerPremium(page, 'Cloud Cleo')
  await openWithWheel(
    page,
    items(['North', 'South', 'East', 'West'], ['#ef4444', '#22c55e', '#3b82f6', '#eab308']),
  )
  await page.getByLabel('Wheel name').fill('Compass')
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await page.goto('/saved')
  await expect(page.getByRole('article', { name: 'Compass' })).toBeVisible()
  await expect(page.getByTestId('sync-status')).toHaveText('Synced with your account')

  // A second browser (its own storage) signs in as the same user: the wheel arrives from the cloud.
  const other = await browser.newContext()
  const laptop = await other.newPage()
  await signIn(laptop, email)
  await laptop.goto('/saved')
  const card = laptop.getByRole('article', { name: 'Compass' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('4 items')
  await card.getByRole('button', { name: 'Load Compass' }).click()
  await expect(laptop.getByRole('heading', { level: 1 })).toHaveText('Compass')
  await expect(laptop.getByRole('button', { name: 'Edit West' })).toBeVisible()

  // Deleted on the laptop: gone on the first browser after its next sync (here, a reload).
  await laptop.goto('/saved')
  await laptop.getByRole('button', { name: 'More actions for Compass' }).click()
  await laptop.getByRole('menuitem', { name: 'Delete' }).click()
  const pushed = laptop.waitForResponse(
    (r) => r.url().endsWith('/api/wheels/sync') && r.request().method() === 'POST' && r.ok(),
  )
  await laptop.getByRole('dialog', { name: 'Delete Wheel?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(laptop.getByText('No saved wheels yet')).toBeVisible()
  expect((await (await pushed).request().postDataJSON()).changes).toEqual([
    expect.objectContaining({ id: expect.any(String), wheel: null }),
  ])
  await expect(laptop.getByTestId('sync-status')).toHaveText('Synced with your account')
  await page.reload()
  await expect(page.getByText('No saved wheels yet')).toBeVisible()
  await other.close()
})
