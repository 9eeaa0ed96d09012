import { expect, test } from '@playwright/test'

const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => Math.round(window.scrollY))

test('a link opens the next page at its top, Back returns to where the page was left, and a fresh visit starts at the top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 600 })
  await page.goto('/faq')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Down to the footer, where the link to the next page is.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const left = await scrollY(page)
  expect(left).toBeGreaterThan(300)
  await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect.poll(() => scrollY(page)).toBe(0)

  await page.goBack()
  await expect(page).toHaveURL(/\/faq$/)
  await expect.poll(() => scrollY(page)).toBe(left)

  // A new visit to the same address is not a return: it starts at the top.
  await page.goto('/faq')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await scrollY(page)).toBe(0)
})

test('a reload returns to where the page was left, also after scrolling back up', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 600 })
  await page.goto('/faq')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const bottom = await scrollY(page)
  expect(bottom).toBeGreaterThan(300)
  // The last position before leaving counts, not an earlier one.
  await page.evaluate(() => window.scrollTo(0, 250))
  await expect.poll(() => scrollY(page)).toBe(250)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => scrollY(page)).toBe(250)
})
