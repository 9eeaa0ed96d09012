import { expect, test } from '@playwright/test'
import { items, openWithWheel, STORE_KEY } from './wheel-helpers'

test('a full browser storage shows a clear message and the page keeps working', async ({ page }) => {
  await page.addInitScript((key) => {
    const original = Storage.prototype.setItem
    Storage.prototype.setItem = function (name: string, value: string) {
      if (name === key && (window as unknown as { fullStorage?: boolean }).fullStorage) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
      return original.call(this, name, value)
    }
  }, STORE_KEY)
  await page.goto('/wheel')
  await page.evaluate(() => {
    ;(window as unknown as { fullStorage?: boolean }).fullStorage = true
  })
  await page.getByLabel('New item').fill('Still works')
  await page.getByLabel('New item').press('Enter')
  await expect(page.getByRole('alert')).toContainText('no room left to save this wheel')
  await expect(page.getByRole('button', { name: 'Edit Still works' })).toBeVisible()
  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'We have a winner!' })).toBeVisible({ timeout: 6000 })
})

test('with reduced motion the spin is short and still shows the real result', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openWithWheel(page, items(['Left', 'Right'], ['#ef4444', '#3b82f6']), { spinDuration: 5000 })
  const started = Date.now()
  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'We have a winner!' })).toBeVisible({ timeout: 3000 })
  expect(Date.now() - started).toBeLessThan(3000)
  const text = await page.getByTestId('winner-text').textContent()
  expect(['Left', 'Right']).toContain(text?.trim())
})

test.describe('declining cookies', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('removes the stored spin history and saved wheels, and keeps the current wheel', async ({ page }) => {
    await page.goto('/wheel')
    await page.getByRole('button', { name: 'Spin', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'We have a winner!' })
      .getByRole('button', { name: 'Close', exact: true })
      .click()
    const before = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORE_KEY)
    expect(before.spinHistory).toHaveLength(1)
    await page
      .getByRole('dialog', { name: 'We use cookies' })
      .getByRole('button', { name: 'Decline' })
      .click()
    const after = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORE_KEY)
    expect(after.spinHistory).toEqual([])
    expect(after.savedWheels).toEqual([])
    expect(after.currentWheel.items).toHaveLength(6)
    await page.reload()
    await expect(page.getByTestId('item-row')).toHaveCount(6)
  })
})
