import { expect, test } from '@playwright/test'

const PAGES = [
  { path: '/', heading: 'Spin the wheel. Get a fair winner.' },
  { path: '/about', heading: 'About Whirl' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
  { path: '/wheel', heading: 'My Wheel' },
]

for (const width of [1280, 375]) {
  test(`every page renders at ${width} px wide without horizontal scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    for (const { path, heading } of PAGES) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
  })
}

test('home: hero links, plans and the final call to action', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Start Spinning' })).toHaveAttribute('href', '/wheel')
  await expect(page.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about')
  await expect(page.getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/wheel')
  await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscription')
  await expect(page.getByText('$6.99')).toBeVisible()
  await expect(page.getByText('Recommended')).toBeVisible()
  await expect(page.getByText('Max 15 items per wheel')).toBeVisible()
  await page.getByRole('link', { name: 'Create Your First Wheel' }).click()
  await expect(page).toHaveURL(/\/wheel$/)
})

test('FAQ: search, one entry open at a time, and Back', async ({ page }) => {
  await page.goto('/about')
  await page.getByRole('link', { name: /^FAQ/ }).first().click()
  await expect(page).toHaveURL(/\/faq$/)
  const questions = page.getByRole('button', { expanded: false })
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(15)
  const first = page.getByRole('button', { name: 'Is Whirl free to use?' })
  const second = page.getByRole('button', { name: 'Are the spins really random?' })
  await first.click()
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText('Anyone can build and spin a wheel of up to 15 items')).toBeVisible()
  await second.click()
  await expect(first).toHaveAttribute('aria-expanded', 'false')
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  await second.click()
  await expect(second).toHaveAttribute('aria-expanded', 'false')
  expect(await questions.count()).toBeGreaterThan(0)

  await page.getByLabel('Search the FAQ').fill('cancel')
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(1)
  await page.getByLabel('Search the FAQ').fill('no such thing here')
  await expect(page.getByText('No FAQs found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact')
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/about$/)
})

test('Back on a page opened directly goes home', async ({ page }) => {
  await page.goto('/terms-of-service')
  await expect(page.getByText('Last updated: July 26, 2025')).toBeVisible()
  await expect(page.getByText('100 USD')).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/privacy-policy')
  await expect(page.getByText(/under 13/)).toBeVisible()
})

test('about has the #faq anchor with 8 questions', async ({ page }) => {
  await page.goto('/about#faq')
  await expect(page.locator('#faq').getByRole('heading', { level: 3 })).toHaveCount(8)
})

test.describe('contact form', () => {
  const fill = async (page: import('@playwright/test').Page) => {
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper')
    await page.getByLabel('Email', { exact: true }).fill('grace@example.com')
    await page.getByLabel('Subject', { exact: true }).fill('A wheel for my team')
    await page.getByLabel('Message', { exact: true }).fill('Can a wheel hold all 40 of my colleagues?')
  }

  test('shows the validation messages in order and clears each as it is edited', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Name is required')).toBeVisible()
    await expect(page.getByText('Email is required')).toBeVisible()
    await expect(page.getByText('Subject is required')).toBeVisible()
    await expect(page.getByText('Message is required')).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused()
    await page.getByLabel('Name', { exact: true }).fill('G')
    await expect(page.getByText('Name is required')).toHaveCount(0)
    await expect(page.getByText('Email is required')).toBeVisible()
    await page.getByLabel('Email', { exact: true }).fill('not-an-email')
    await page.getByLabel('Subject', { exact: true }).fill('Hi')
    await page.getByLabel('Message', { exact: true }).fill('  short  ')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    await expect(page.getByText('Message must be at least 10 characters long')).toBeVisible()
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused()
    await page.getByLabel('Message', { exact: true }).fill('x'.repeat(600))
    await expect(page.getByText('500/500')).toBeVisible()
  })

  test('a successful send through the real server resets the form', async ({ page }) => {
    await page.goto('/contact')
    await fill(page)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Message sent successfully!')).toBeVisible()
    await expect(page.getByText("We'll get back to you as soon as possible.")).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
    await expect(page.getByText('0/500')).toBeVisible()
  })

  test('a send while the server fails shows the error and keeps the message', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }))
    await page.goto('/contact')
    await fill(page)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Failed to send message')).toBeVisible()
    await expect(
      page.getByText('Please try again or contact us directly at support@whirl.test'),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'support@whirl.test' }).first()).toHaveAttribute(
      'href',
      'mailto:support@whirl.test',
    )
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(
      'Can a wheel hold all 40 of my colleagues?',
    )
  })
})
