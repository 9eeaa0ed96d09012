import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { STORE_KEY } from '../src/core/storage/keys'
import { expectNoAxeViolations } from './axe'
import { registerPremium, registerUser } from './premium-helpers'
import { items, openWithWheel, storedSavedWheels } from './wheel-helpers'

const COLORS = ['#ef4444', '#22c55e', '#3b82f6']
/** What the browser stores: the current wheel in local storage, the saved wheels in IndexedDB. */
const stored = async (page: Page) => ({
  ...(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORE_KEY)),
  savedWheels: await storedSavedWheels(page),
})
const cards = (page: Page) => page.getByRole('list', { name: 'Saved wheels' }).getByRole('article')

test('save, duplicate, export, delete, import the export back, and a broken file changes nothing', async ({
  page,
}) => {
  test.slow()
  await registerPremium(page, 'Saver Sam')
  await openWithWheel(page, items(['Red, hot', 'Green', '<b>Blue</b>'], COLORS))
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  await expect(page.getByText('Saved.')).toBeVisible()

  await page.goto('/saved')
  await expect(cards(page)).toHaveCount(1)
  const card = page.getByRole('article', { name: 'Test Wheel', exact: true })
  await expect(card).toContainText('3 items')
  await expect(card).toContainText('Updated')

  await card.getByRole('button', { name: 'More actions for Test Wheel', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Duplicate' }).click()
  await expect(cards(page)).toHaveCount(2)
  const copy = page.getByRole('article', { name: 'Test Wheel (Copy)' })
  await expect(copy).toContainText('3 items')

  // Only one menu at a time; Escape closes it.
  await card.getByRole('button', { name: 'More actions for Test Wheel', exact: true }).click()
  await expect(page.getByRole('menu')).toHaveCount(1)
  await copy.getByRole('button', { name: 'More actions for Test Wheel (Copy)' }).click()
  await expect(page.getByRole('menu')).toHaveCount(1)
  await expect(page.getByRole('menu')).toHaveAccessibleName('Actions for Test Wheel (Copy)')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)

  await card.getByRole('button', { name: 'More actions for Test Wheel', exact: true }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('test_wheel.json')
  const file = (await download.path()) as string
  const exported = JSON.parse(await readFile(file, 'utf8'))
  expect(exported.name).toBe('Test Wheel')
  expect(exported.items.map((i: { text: string; color: string }) => [i.text, i.color])).toEqual([
    ['Red, hot', '#ef4444'],
    ['Green', '#22c55e'],
    ['<b>Blue</b>', '#3b82f6'],
  ])

  await copy.getByRole('button', { name: 'More actions for Test Wheel (Copy)' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Wheel?' })
  await expect(confirm).toContainText('“Test Wheel (Copy)” will be deleted')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(cards(page)).toHaveCount(1)
  await expect.poll(async () => (await storedSavedWheels(page)).length).toBe(1)

  const before = await stored(page)
  await page.getByTestId('import-file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"items": [1, 2'),
  })
  await expect(page.getByRole('alert')).toHaveText('Failed to import wheel: Invalid JSON file')
  await page.getByTestId('import-file').setInputFiles({
    name: 'no-items.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"name": "Nothing"}'),
  })
  await expect(page.getByRole('alert')).toHaveText('Failed to import wheel: Invalid wheel data format')
  expect((await stored(page)).savedWheels).toEqual(before.savedWheels)

  // The exported file as the user would pick it again (the download keeps its suggested name).
  await page.getByTestId('import-file').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/json',
    buffer: await readFile(file),
  })
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText('Imported “Test Wheel”.')
  await expect(cards(page)).toHaveCount(2)
  await expect.poll(async () => (await storedSavedWheels(page)).length).toBe(2)
  const after = await stored(page)
  const [original, imported] = after.savedWheels
  const content = (w: { name: string; items: { text: string; color: string }[]; settings: unknown }) => ({
    name: w.name,
    items: w.items.map(({ text, color }) => ({ text, color })),
    settings: w.settings,
  })
  expect(content(imported)).toEqual(content(original))
  expect(imported.id).not.toBe(original.id)
  expect(after.currentWheel.id).toBe(imported.id)

  await page.getByLabel('Search saved wheels').fill('nothing like this')
  await expect(page.getByText('No wheels found')).toBeVisible()
  await page.getByLabel('Search saved wheels').fill('green')
  await expect(cards(page)).toHaveCount(2)

  await page.getByRole('button', { name: 'New Wheel' }).click()
  await expect(page).toHaveURL(/\/wheel$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Wheel')
  await page.goto('/saved')
  await cards(page)
    .first()
    .getByRole('button', { name: /^Load / })
    .click()
  await expect(page).toHaveURL(/\/wheel$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test Wheel')
  await expect(page.getByRole('button', { name: 'Edit <b>Blue</b>' })).toBeVisible()
})

test('the editor imports a wheel file, and a broken one shows the error and changes nothing', async ({
  page,
}) => {
  await registerPremium(page, 'Importer Ida')
  await openWithWheel(page, items(['Keep', 'Me'], COLORS))
  await page.getByTestId('import-file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('not json at all'),
  })
  await expect(page.getByRole('alert')).toContainText('Error importing wheel. Make sure the file is correct.')
  await expect(page.getByRole('alert')).toContainText('Invalid JSON file')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test Wheel')
  expect((await stored(page)).savedWheels).toEqual([])

  await page.getByTestId('import-file').setInputFiles({
    name: 'party.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ name: 'Party', items: [{ text: 'Dance' }, { color: '#22c55e' }] })),
  })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Party')
  await expect(page.getByRole('button', { name: 'Edit Dance' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit Item 2' })).toBeVisible()
  await expect.poll(async () => (await stored(page)).savedWheels).toHaveLength(1)
})

test('a free user sees the upsell on /saved, with the way to the plans and to the free wheel', async ({
  page,
}) => {
  await registerUser(page, 'Free Fran')
  await page.goto('/saved')
  await expect(page.getByRole('heading', { name: 'Saved Wheels is a Premium feature' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
    'href',
    '/subscription',
  )
  await expect(page.getByRole('link', { name: 'Use the Free Wheel' })).toHaveAttribute('href', '/wheel')
})

test.describe('at 375 px in dark mode', () => {
  test.use({ bypassCSP: true, viewport: { width: 375, height: 800 } })

  test('saved wheels, presets and history fit the phone and pass the WCAG A/AA checks', async ({ page }) => {
    const check = async (label: string) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, label).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page, label)
    }
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
    await registerPremium(page, 'Phone Pat')
    await openWithWheel(page, items(['Red', 'Green', 'Blue'], COLORS))
    await page.getByRole('button', { name: 'Save Wheel' }).click()
    await page.getByRole('button', { name: 'Spin', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'We have a winner!' })
      .getByRole('button', { name: 'Close', exact: true })
      .click()
    await page.getByRole('tab', { name: 'Presets' }).click()
    await expect(page.getByRole('list', { name: 'Presets' })).toBeVisible()
    await check('/wheel presets')
    await page.getByRole('tab', { name: 'History' }).click()
    await expect(page.getByText('Latest')).toBeVisible()
    await check('/wheel history')
    await page.goto('/saved')
    await page.getByRole('button', { name: 'More actions for Test Wheel' }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await check('/saved with a menu open')
  })
})
