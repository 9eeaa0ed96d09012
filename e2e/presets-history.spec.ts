import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { STORE_KEY } from '../src/core/storage/keys'
import { registerPremium } from './premium-helpers'
import { items, openWithWheel } from './wheel-helpers'

test('a premium user searches the presets, filters by category and loads one into the wheel', async ({
  page,
}) => {
  await registerPremium(page, 'Preset Pia')
  await openWithWheel(page, items(['One', 'Two'], ['#ef4444', '#3b82f6']))
  await page.getByRole('tab', { name: 'Presets' }).click()
  const presets = page.getByRole('list', { name: 'Presets' })
  await expect(presets.getByRole('listitem')).not.toHaveCount(0)
  expect(await presets.getByRole('listitem').count()).toBeGreaterThanOrEqual(48)
  // The cards start right under the filters (no empty gap) and scroll with the page, not in a box of their own.
  const filters = await page.getByLabel('Category').boundingBox()
  const firstCard = await presets.getByRole('listitem').first().boundingBox()
  expect((firstCard?.y ?? 0) - ((filters?.y ?? 0) + (filters?.height ?? 0))).toBeLessThanOrEqual(17)
  expect(await presets.evaluate((list) => getComputedStyle(list).overflowY)).toBe('visible')

  await page.getByLabel('Search presets').fill('sushi')
  await expect(presets.getByRole('listitem')).toHaveCount(1)
  await expect(presets).toContainText('What’s for Dinner?')
  await expect(presets).toContainText('10 items')

  await page.getByLabel('Search presets').fill('dragon')
  await page.getByLabel('Category').selectOption('Food')
  await expect(page.getByText('No presets found matching your criteria.')).toBeVisible()
  await page.getByLabel('Category').selectOption('Fantasy')
  await expect(presets.getByRole('listitem')).toHaveCount(1)
  await page.getByLabel('Category').selectOption('All')
  await page.getByLabel('Search presets').fill('')

  await page.getByRole('button', { name: /^Yes or No\b/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Loaded “Yes or No”' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yes or No')
  await page.getByRole('tab', { name: 'Customize' }).click()
  await expect(page.getByTestId('item-row')).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Edit Yes' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit No' })).toBeVisible()
  // The wheel kept its settings (spin time 1 s from the seeded wheel).
  await expect(page.getByText('1.0s')).toBeVisible()
})

test('spin history: newest first with totals, CSV export read back, and Clear History', async ({ page }) => {
  await registerPremium(page, 'History Hal')
  await openWithWheel(page, items(['Pizza, large', '=1+1'], ['#ef4444', '#3b82f6']))
  for (let spin = 0; spin < 3; spin++) {
    await page.getByRole('button', { name: 'Spin', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'We have a winner!' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  }
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByTestId('total-spins')).toHaveText('3')
  await expect(page.getByTestId('wheels-used')).toHaveText('1')
  const rows = page.getByRole('list', { name: 'Spin results, newest first' }).getByRole('listitem')
  await expect(rows).toHaveCount(3)
  await expect(rows.first()).toContainText('Latest')
  await expect(rows.first()).toContainText('Just now')
  await expect(rows.first()).toContainText('Test Wheel')

  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORE_KEY)
  const [downloaded] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export History as CSV' }).click(),
  ])
  expect(downloaded.suggestedFilename()).toMatch(/^spin_history_\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await downloaded.path()) as string, 'utf8')
  const lines = csv.trimEnd().split('\r\n')
  expect(lines[0]).toBe('Result,Color,Wheel Name,Timestamp')
  expect(lines).toHaveLength(4)
  const expected = stored.spinHistory.map(
    (e: { result: { text: string; color: string }; timestamp: string }) =>
      `${e.result.text === '=1+1' ? "'=1+1" : '"Pizza, large"'},${e.result.color},Test Wheel,${e.timestamp}`,
  )
  expect(lines.slice(1)).toEqual(expected)

  await page.getByRole('button', { name: 'Clear History' }).click()
  const confirm = page.getByRole('dialog', { name: 'Clear History?' })
  await expect(confirm).toContainText('All 3 spin results will be removed')
  await confirm.getByRole('button', { name: 'Keep History' }).click()
  await expect(rows).toHaveCount(3)
  await page.getByRole('button', { name: 'Clear History' }).click()
  await confirm.getByRole('button', { name: 'Clear History' }).click()
  await expect(page.getByText('No spin results yet.')).toBeVisible()
  await expect(page.getByTestId('total-spins')).toHaveText('0')
  await expect(page.getByRole('button', { name: 'Export History as CSV' })).toBeDisabled()
})
