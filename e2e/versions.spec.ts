import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { registerPremium } from './premium-helpers'
import { items, openWithWheel, storedSavedWheels } from './wheel-helpers'

const NAMES = Array.from({ length: 16 }, (_, i) => `Entry ${i + 1}`)
const card = (page: Page) => page.getByRole('article', { name: 'Test Wheel', exact: true })

/** Confirms a question the page may ask (Clear all and saving an empty wheel may ask first). */
async function confirmIfAsked(page: Page) {
  const dialog = page.getByRole('dialog')
  const asked = await dialog.waitFor({ state: 'visible', timeout: 1_000 }).then(
    () => true,
    () => false,
  )
  if (asked) {
    await dialog
      .getByRole('button')
      .filter({ hasNotText: /cancel|close|keep/i })
      .last()
      .click()
  }
}

async function openVersions(page: Page) {
  await card(page).getByRole('button', { name: 'More actions for Test Wheel', exact: true }).click()
  // The menu is taller than the card: its last item is not clipped (it would take the click).
  await page.getByRole('menuitem', { name: 'Delete' }).click({ trial: true, timeout: 5_000 })
  await page.getByRole('menuitem', { name: 'Versions…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Versions of “Test Wheel”' })
  await expect(dialog).toContainText('Versions count towards your storage quota.')
  return dialog
}

test('a saved wheel of 16 items emptied comes back from Versions…, and its versions survive a reload', async ({
  page,
}) => {
  test.slow()
  await registerPremium(page, 'Version Vera')
  await openWithWheel(page, items(NAMES, ['#ef4444', '#22c55e', '#3b82f6']))
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await expect.poll(async () => (await storedSavedWheels(page))[0]?.items.length).toBe(16)
  const wheelId = (await storedSavedWheels(page))[0]?.id as string
  // The account has the 16 items (a version there can only be of what was synced).
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/wheels/list')
        return ((await answer.json()).wheels ?? []).map((w: { itemCount: number }) => w.itemCount)
      },
      { timeout: 20_000 },
    )
    .toEqual([16])

  // Emptied in the editor and saved.
  await page.getByRole('button', { name: 'Clear all' }).click()
  await confirmIfAsked(page)
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  await confirmIfAsked(page)
  await expect.poll(async () => (await storedSavedWheels(page))[0]?.items.length).toBe(0)

  await page.goto('/saved')
  await expect(card(page)).toContainText('0 items')
  const dialog = await openVersions(page)
  const versions = dialog.getByRole('list', { name: 'Versions' }).getByRole('listitem')
  await expect(versions).toHaveCount(1)
  await expect(versions.first()).toContainText('16 items')
  await versions
    .first()
    .getByRole('button', { name: /^Restore the version of .*, 16 items$/ })
    .click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Restored “Test Wheel”' })).toContainText(
    '(16 items)',
  )
  await expect(card(page)).toContainText('16 items')
  await expect.poll(async () => (await storedSavedWheels(page))[0]?.items.length).toBe(16)

  // The account keeps them too (synced as a normal change), read through the API.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/wheels/${wheelId}/versions`)
        return ((await answer.json()).versions ?? []).map((v: { itemCount: number }) => v.itemCount)
      },
      { timeout: 20_000 },
    )
    .toEqual([0, 16])

  // After a reload, at phone width: the wheel has its items, and both versions are listed (the
  // content before the restore is one of them: nothing was overwritten).
  await page.setViewportSize({ width: 375, height: 740 })
  await page.reload()
  await expect(card(page)).toContainText('16 items')
  const again = await openVersions(page)
  const listed = again.getByRole('list', { name: 'Versions' }).getByRole('listitem')
  await expect(listed).toHaveCount(2)
  await expect(listed.nth(0)).toContainText('0 items')
  await expect(listed.nth(1)).toContainText('16 items')
  const box = await again.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
  // Keyboard: Escape closes it and the focus goes back to the card's menu button.
  await page.keyboard.press('Escape')
  await expect(again).toBeHidden()
  await expect(
    card(page).getByRole('button', { name: 'More actions for Test Wheel', exact: true }),
  ).toBeFocused()
})

test.describe('at 375 px in dark mode', () => {
  test.use({ bypassCSP: true, viewport: { width: 375, height: 800 } })

  test('Versions… fits the phone and passes the WCAG A/AA checks, with none yet and with one', async ({
    page,
  }) => {
    const check = async (label: string) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, label).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page, label)
    }
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
    await registerPremium(page, 'Phone Vera')
    await openWithWheel(page, items(NAMES, ['#ef4444', '#22c55e', '#3b82f6']))
    await page.getByRole('button', { name: 'Save Wheel' }).click()
    await expect(page.getByText('Saved.')).toBeVisible()
    await page.goto('/saved')
    const none = await openVersions(page)
    await expect(none).toContainText('No earlier versions yet')
    await check('/saved Versions… with none yet')
    await page.keyboard.press('Escape')

    await page.goto('/wheel')
    await page.getByRole('button', { name: 'Clear all' }).click()
    await confirmIfAsked(page)
    await page.getByRole('button', { name: 'Save Wheel' }).click()
    await confirmIfAsked(page)
    await expect.poll(async () => (await storedSavedWheels(page))[0]?.items.length).toBe(0)
    await page.goto('/saved')
    const one = await openVersions(page)
    await expect(one.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(1)
    await check('/saved Versions… with one')
  })
})
