import { expect, test } from '@playwright/test'
import { BACKUP_KEY, STORE_KEY } from '../src/core/storage/keys'
import { registerPremium } from './premium-helpers'
import { items, openWithWheel, storedSavedWheels } from './wheel-helpers'

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
  // Well under the 5 s spin set, with room for a slow machine's click and paint (3.3 s seen in CI).
  await expect(page.getByRole('dialog', { name: 'We have a winner!' })).toBeVisible({ timeout: 4000 })
  expect(Date.now() - started).toBeLessThan(4000)
  const text = await page.getByTestId('winner-text').textContent()
  expect(['Left', 'Right']).toContain(text?.trim())
})

test.describe('declining cookies', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('Decline on the home page removes the history, saved wheels, backup and sync records, and keeps the current wheel', async ({
    page,
  }) => {
    test.slow()
    await registerPremium(page, 'Decliner Dee')
    await page.goto('/wheel')
    await page.getByRole('button', { name: 'Save Wheel' }).click()
    await expect(page.getByText('Saved.')).toBeVisible()
    await page.getByRole('button', { name: 'Spin', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'We have a winner!' })
      .getByRole('button', { name: 'Close', exact: true })
      .click()
    await expect.poll(async () => (await storedSavedWheels(page)).length).toBe(1)
    // What an older version left behind: the store's backup and the sync records in local storage.
    await page.evaluate((backupKey) => {
      localStorage.setItem(backupKey, '{"left":"over"}')
      localStorage.setItem('whirl-sync', '{"userId":"u","cursor":1,"synced":{}}')
      localStorage.setItem('whirl-sync-deleted', '["w1"]')
    }, BACKUP_KEY)
    const before = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORE_KEY)
    expect(before.spinHistory).toHaveLength(1)

    // Signed out, the home page loads no wheel code at all.
    await page.context().clearCookies()
    await page.goto('/')
    await page
      .getByRole('dialog', { name: 'We use cookies' })
      .getByRole('button', { name: 'Decline' })
      .click()
    await expect.poll(async () => (await storedSavedWheels(page)).length).toBe(0)
    const after = await page.evaluate(
      (keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)])),
      [STORE_KEY, BACKUP_KEY, 'whirl-sync', 'whirl-sync-deleted', 'theme'],
    )
    const store = JSON.parse(after[STORE_KEY] ?? '{}')
    expect(store.spinHistory).toEqual([])
    expect(store.savedWheels).toEqual([])
    expect(store.currentWheel.items).toHaveLength(6)
    expect({ ...after, [STORE_KEY]: 'kept' }).toEqual({
      [STORE_KEY]: 'kept',
      [BACKUP_KEY]: null,
      'whirl-sync': null,
      'whirl-sync-deleted': null,
      theme: null,
    })

    await page.goto('/wheel')
    await expect(page.getByTestId('item-row')).toHaveCount(6)
    const reloaded = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORE_KEY)
    expect(reloaded.spinHistory).toEqual([])
    expect(await storedSavedWheels(page)).toEqual([])
  })
})
