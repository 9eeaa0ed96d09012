import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { registerPremium } from './premium-helpers'
import { items, openWithWheel } from './wheel-helpers'

const FIXTURES = 'src/core/import/fixtures'
const texts = async (page: Page) =>
  (
    await page
      .getByTestId('item-list')
      .getByRole('button', { name: /^Edit / })
      .allTextContents()
  ).map((t) => t.trim())
const importFile = async (page: Page, name: string) =>
  page.getByTestId('import-file').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: await readFile(`${FIXTURES}/${name}`),
  })

test('a Wheel of Names file is imported, and the notice says what was changed and left out', async ({
  page,
}) => {
  test.slow()
  await registerPremium(page, 'Mover Mia')
  await openWithWheel(page, items(['Old'], ['#ef4444']))
  await importFile(page, 'entries.json')

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Class 4B')
  expect(await texts(page)).toEqual(['Ann', 'Bo', 'Di'])
  const notice = page.getByRole('status').filter({ hasText: 'Imported from Wheel of Names.' })
  await expect(notice).toContainText('left off the wheel: Cy.')
  await expect(notice).toContainText('Spin time 10 s set to 5 s')
  await expect(notice).toContainText('Not used by Whirl: description')
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('slider', { name: /Spin duration/ })).toHaveValue('5000')

  // A file of several saved wheels: each becomes a saved wheel.
  await page.goto('/saved')
  await importFile(page, 'saved-wheels.json')
  await expect(page.getByText('3 wheels imported from Wheel of Names.')).toBeVisible()
  const names = page.getByRole('list', { name: 'Saved wheels' }).getByRole('heading')
  await expect(names.filter({ hasText: /^(Lunch|Games|Teams)$/ })).toHaveCount(3)

  // A file of neither kind changes nothing.
  await page.getByTestId('import-file').setInputFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"title":"No entries"}'),
  })
  await expect(page.getByText('Failed to import wheel: Invalid wheel data format')).toBeVisible()
})

test('the About page says how to move from Wheel of Names', async ({ page }) => {
  await page.goto('/about')
  const section = page.getByRole('region', { name: 'Moving from Wheel of Names' })
  await expect(section).toContainText('Export my data')
  await expect(section).toContainText('Import')
})
