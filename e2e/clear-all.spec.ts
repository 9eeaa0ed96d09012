import { expect, type Page, test } from '@playwright/test'
import { registerPremium } from './premium-helpers'
import { items, openWithWheel, storedSavedWheels } from './wheel-helpers'

const COLORS = ['#ef4444', '#22c55e', '#3b82f6', '#eab308']
const status = (page: Page) => page.getByTestId('auto-save-status')
const EMPTY_TEXT = 'Not saved: the wheel is empty. Press Save Wheel to keep an empty wheel.'

/** The account's copy of each saved wheel: name and item count. */
async function accountWheels(page: Page): Promise<{ name: string; count: number }[]> {
  const response = await page.context().request.get('/api/wheels?since=0')
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { wheels: { wheel: { name: string; items: unknown[] } | null }[] }
  return body.wheels.flatMap((row) =>
    row.wheel ? [{ name: row.wheel.name, count: row.wheel.items.length }] : [],
  )
}

async function addMany(page: Page, lines: string[]) {
  const toggle = page.getByRole('button', { name: 'Add many' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await page.getByLabel('Items, one per line').fill(lines.join('\n'))
  await page.getByRole('button', { name: 'Add lines' }).click()
}

test('premium: Clear all on a loaded saved wheel of 16 asks first, and auto-save never empties the saved wheel; a rename keeps auto-saving', async ({
  page,
}) => {
  test.slow()
  await registerPremium(page, 'Raffle Rae')
  const names = Array.from({ length: 16 }, (_, i) => `Ticket ${i + 1}`)
  await openWithWheel(page, items(names, COLORS))
  await page.getByLabel('Wheel name').fill('Friday raffle')
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await expect
    .poll(() => accountWheels(page), { timeout: 15_000 })
    .toEqual([{ name: 'Friday raffle', count: 16 }])

  // Load it from /saved: the line says at once that the wheel is saved.
  await page.goto('/saved')
  await page.getByRole('button', { name: 'Load Friday raffle' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Friday raffle')
  await expect(status(page)).toHaveText('Saved')

  // Clear all asks, naming the count; Escape and Cancel keep every item.
  const clearAll = page.getByRole('button', { name: 'Clear all' })
  await clearAll.click()
  const dialog = page.getByRole('dialog', { name: 'Clear all 16 items?' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(clearAll).toBeFocused()
  await clearAll.click()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('button', { name: 'Edit Ticket 1', exact: true })).toBeVisible()

  // Confirmed (the question still names all 16): the wheel here is empty, the saved wheel is not,
  // and the line says why.
  await clearAll.click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Clear all' }).click()
  await expect(page.getByText('No items yet. Add some items to get started!')).toBeVisible()
  await expect(status(page)).toHaveText(EMPTY_TEXT)
  await page.waitForTimeout(2500)
  await expect(status(page)).toHaveText(EMPTY_TEXT)

  const other = await page.context().newPage()
  await other.goto('/saved')
  await expect(other.getByRole('article', { name: 'Friday raffle' })).toContainText('16 items')
  expect((await storedSavedWheels(other)).map((w) => [w.name, w.items.length])).toEqual([
    ['Friday raffle', 16],
  ])
  expect(await accountWheels(page)).toEqual([{ name: 'Friday raffle', count: 16 }])

  // The variant: add 500 items (saved), rename (saved under the new name), edit again (saved too).
  await addMany(
    page,
    Array.from({ length: 500 }, (_, i) => `Entry ${i + 1}`),
  )
  await expect(status(page)).toHaveText('Saved')
  await page.getByLabel('Wheel name').fill('Saturday raffle')
  await expect(status(page)).toHaveText('Saving…')
  await expect(status(page)).toHaveText('Saved')
  await page.getByPlaceholder('Add an item, press Enter').fill('Late entry')
  await page.getByPlaceholder('Add an item, press Enter').press('Enter')
  await expect(status(page)).toHaveText('Saved')
  await expect
    .poll(async () => (await storedSavedWheels(page)).map((w) => [w.name, w.items.length]))
    .toEqual([['Saturday raffle', 501]])
  await other.reload()
  await expect(other.getByRole('article', { name: 'Saturday raffle' })).toContainText('501 items')
  await expect
    .poll(() => accountWheels(page), { timeout: 15_000 })
    .toEqual([{ name: 'Saturday raffle', count: 501 }])
})

test('Clear all on 15 items or fewer asks nothing', async ({ page }) => {
  await openWithWheel(
    page,
    items(
      Array.from({ length: 15 }, (_, i) => `Pupil ${i + 1}`),
      COLORS,
    ),
  )
  await page.getByRole('button', { name: 'Clear all' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByText('No items yet. Add some items to get started!')).toBeVisible()
})
