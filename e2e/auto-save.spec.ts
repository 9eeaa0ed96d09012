import { expect, type Page } from '@playwright/test'
import { STORE_KEY } from '../src/core/storage/keys'
import { test } from './fixtures'
import { registerUser } from './premium-helpers'
import { items, storedSavedWheels } from './wheel-helpers'

const COLORS = ['#ef4444', '#22c55e', '#3b82f6']
const status = (page: Page) => page.getByTestId('auto-save-status')
const savedNamed = async (page: Page, name: string) =>
  (await storedSavedWheels(page)).find((w) => w.name === name)
const globals = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').settings, STORE_KEY)

test('premium: a saved wheel saves itself a second after each change, shows "Saved", keeps saving after a rename', async ({
  page,
  premiumUser: _premium,
  seedWheel,
}) => {
  test.slow()
  await seedWheel(items(['Red', 'Green', 'Blue'], COLORS))
  await page.getByLabel('Wheel name').fill('Standup')
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  await expect(page.getByText('Saved.')).toBeVisible()

  // A change: "Saving…" at once, then saved by itself about a second later.
  await page.getByPlaceholder('Add an item, press Enter').fill('Yellow')
  const added = Date.now()
  await page.getByPlaceholder('Add an item, press Enter').press('Enter')
  await expect(status(page)).toHaveText('Saving…')
  await expect(status(page)).toHaveText('Saved')
  expect(Date.now() - added).toBeGreaterThanOrEqual(900)
  await expect.poll(async () => (await savedNamed(page, 'Standup'))?.items.length).toBe(4)

  // It still holds after a reload, on /saved.
  await page.goto('/saved')
  await expect(page.getByRole('article', { name: 'Standup' })).toContainText('4 items')
  await page.getByRole('button', { name: 'Load Standup' }).click()

  // The line says "Saved" as soon as the saved wheel is open.
  await expect(status(page)).toHaveText('Saved')

  // A rename is saved too, into the same saved wheel, and later changes keep going into it.
  await page.getByLabel('Wheel name').fill('Standup B')
  await expect(status(page)).toHaveText('Saving…')
  await expect(status(page)).toHaveText('Saved')
  await expect.poll(async () => (await storedSavedWheels(page)).map((w) => w.name)).toEqual(['Standup B'])
  await page.getByLabel('Wheel name').fill('Standup')
  await expect.poll(async () => (await storedSavedWheels(page)).map((w) => w.name)).toEqual(['Standup'])

  // Turned off in Settings: a change is no longer saved, and the line says so.
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByLabel('Auto-save a saved wheel a second after each change').uncheck()
  expect((await globals(page)).autoSave).toBe(false)
  await page.getByPlaceholder('Add an item, press Enter').fill('Purple')
  await page.getByPlaceholder('Add an item, press Enter').press('Enter')
  await page.waitForTimeout(1500)
  await expect(status(page)).toHaveText(
    'Not saved: auto-save is off in Settings. Press Save Wheel to keep the changes.',
  )
  expect((await savedNamed(page, 'Standup'))?.items.length).toBe(4)
})

test('sound and confetti defaults in Settings apply to new wheels', async ({
  page,
  premiumUser: _premium,
  seedWheel,
}) => {
  await seedWheel(items(['Red', 'Green', 'Blue'], COLORS), {
    soundEnabled: true,
    confettiEnabled: true,
  })
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByLabel('Sound on for new wheels').uncheck()
  expect(await globals(page)).toMatchObject({ soundEnabled: false, confettiEnabled: true })
  // The open wheel keeps its own setting.
  await expect(page.getByRole('button', { name: 'Sound', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  await page.goto('/saved')
  await page.getByRole('button', { name: 'New Wheel' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Wheel')
  await expect(page.getByRole('button', { name: 'Sound', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await expect(page.getByRole('button', { name: 'Confetti', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // Kept across a reload.
  await page.reload()
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByLabel('Sound on for new wheels')).not.toBeChecked()
  await expect(page.getByLabel('Confetti on for new wheels')).toBeChecked()
})

test.describe('at 375 px in dark mode', () => {
  test.use({ bypassCSP: true, viewport: { width: 375, height: 800 } })

  test('a free user: auto-save is locked with the Premium Only badge; the settings pass the WCAG A/AA checks', async ({
    page,
    seedWheel,
    axe,
  }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
    await registerUser(page, 'Free Fay')
    await seedWheel(items(['Red', 'Green', 'Blue'], COLORS))
    await page.getByRole('button', { name: 'Settings' }).click()
    const autoSave = page.getByLabel('Auto-save a saved wheel a second after each change')
    await expect(autoSave).toBeDisabled()
    await expect(autoSave).not.toBeChecked()
    await expect(autoSave.locator('xpath=../..').getByRole('link', { name: 'Premium Only' })).toHaveAttribute(
      'href',
      '/subscription',
    )
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await axe()
  })
})
