import { type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import { BASE_URL } from '../playwright.config'
import { createDefaultWheel } from '../src/core/wheel/model'
import { registerUser } from './premium-helpers'

const wheel = {
  ...createDefaultWheel(),
  name: 'Stream raffle',
  items: ['Ada', 'Bob', 'Cy', 'Di'].map((text, i) => ({ id: `i${i}`, text, color: '#2563eb' })),
}

async function stranger(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [{ origin: BASE_URL, localStorage: [{ name: 'cookieConsent', value: 'accepted' }] }],
    },
  })
  return context.newPage()
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  return box as Box
}

test('a free user’s share shows “Made with Whirl”; the same link shows none once the owner subscribes', async ({
  page,
  browser,
}) => {
  await page.goto('/')
  await registerUser(page, 'Free Owner')
  const created = await page.context().request.post('/api/shares', {
    data: { wheel },
    headers: { origin: BASE_URL },
  })
  const body = await created.json()
  expect(created.status(), JSON.stringify(body)).toBe(201)
  const id: string = body.share.id

  const visitor = await stranger(browser)
  await visitor.goto(`/w/${id}`)
  const mark = visitor.getByRole('link', { name: 'Made with Whirl' })
  await expect(mark).toBeVisible()
  await expect(mark).toHaveAttribute('href', '/')

  // On a transparent overlay the mark stays clear of the wheel and the Spin button.
  await visitor.setViewportSize({ width: 375, height: 667 })
  await visitor.goto(`/embed/${id}?bg=transparent`)
  const embedMark = visitor.getByRole('link', { name: 'Made with Whirl' })
  await expect(embedMark).toBeVisible()
  const markBox = await boxOf(embedMark)
  expect(overlaps(markBox, await boxOf(visitor.getByRole('button', { name: 'Spin' })))).toBe(false)
  expect(overlaps(markBox, await boxOf(visitor.locator('[data-testid="embed"] canvas').first()))).toBe(false)
  expect(markBox.y + markBox.height).toBeLessThanOrEqual(667)
  // Its own solid background, whatever the host page shows through.
  const background = await embedMark.evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(background).not.toBe('rgba(0, 0, 0, 0)')

  const subscribed = await page.context().request.post('/api/billing/test/simulate-monthly', { data: {} })
  expect(subscribed.status()).toBe(200)

  await visitor.goto(`/embed/${id}?bg=transparent`)
  await expect(visitor.getByRole('button', { name: 'Spin' })).toBeVisible()
  await expect(visitor.getByTestId('made-with-whirl')).toHaveCount(0)
  await visitor.goto(`/w/${id}`)
  await expect(visitor.getByTestId('shared-items')).toContainText('Ada')
  await expect(visitor.getByTestId('made-with-whirl')).toHaveCount(0)
})
