import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { createShare, expectAppRendered } from './locale-helpers'
import { openSignIn } from './premium-helpers'

// The pages and dialogs that no journey's test checks for accessibility (the others are checked
// where their journeys run: pages.spec, billing, saved-wheels, draws, live rooms and the rest).
for (const theme of ['light', 'dark'] as const) {
  test.describe(`in ${theme} mode at 375 px`, () => {
    test.use({ bypassCSP: true, viewport: { width: 375, height: 800 } })

    test('the password pages, the 404 page, a shared wheel, its embed and the sign-in and sign-up dialogs pass the WCAG A/AA checks', async ({
      page,
    }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
      const shared = await createShare('Shared Wheel', ['Ann', 'Bo', 'Cy', 'Di', 'Ed'])
      for (const path of [
        '/forgot-password',
        '/reset-password?token=not-a-real-token',
        '/no-such-page',
        shared,
      ]) {
        await page.goto(path)
        await expectAppRendered(page)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, path).toBeLessThanOrEqual(0)
        await expectNoAxeViolations(page, path)
      }
      // The embed of that wheel, as a site shows it in its frame: no heading of its own.
      await page.goto(shared.replace('/w/', '/embed/'))
      await expect(page.getByRole('img', { name: 'Wheel with 5 items' })).toBeVisible()
      await expectNoAxeViolations(page, 'embed')
      await page.goto('/about')
      await expectAppRendered(page)
      await openSignIn(page)
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByLabel('Email Address')).toBeVisible()
      await expectNoAxeViolations(page, 'sign in')
      await dialog.getByRole('button', { name: 'Sign up', exact: true }).click()
      await expect(dialog.getByLabel('Display Name')).toBeVisible()
      await expectNoAxeViolations(page, 'sign up')
    })
  })
}
