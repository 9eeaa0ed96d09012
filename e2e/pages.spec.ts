import { expect, test } from '@playwright/test'
import { FAQS } from '../src/web/features/marketing/faq-data'
import { expectNoAxeViolations } from './axe'
import { expectAppRendered } from './locale-helpers'

const PAGES = [
  { path: '/', heading: 'Spin the wheel. Get a fair winner.' },
  { path: '/about', heading: 'About Whirl' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
  { path: '/fair', heading: 'Verifiable draws' },
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

for (const theme of ['light', 'dark']) {
  test.describe(`in ${theme} mode at 375 px`, () => {
    test.use({ bypassCSP: true, viewport: { width: 375, height: 800 } })
    test('every page passes the WCAG A/AA checks, contrast included', async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme)
      for (const { path } of PAGES.filter((p) => p.path !== '/wheel')) {
        await page.goto(path)
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
        if (path === '/contact') await page.getByRole('button', { name: 'Send Message' }).click()
        if (path === '/faq') await page.getByRole('button', { name: 'Is Whirl free to use?' }).click()
        await expectNoAxeViolations(page, path)
      }
    })
  })
}

// The check lists only violations in full (axe's resultTypes: the passes, most of its time on a
// big page, are not): it must still name each violation on every element, and only WCAG 2 A/AA's.
test('the WCAG check still names every violation and every element with one', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><title>t</title><body><main><p style="color:#c8c8c8;background:#fff">Faint one</p>' +
      '<p style="color:#d0d0d0;background:#fff">Faint two</p><img src="data:,"></main></body></html>',
  )
  const failure = await expectNoAxeViolations(page, 'a page made to fail').then(
    () => null,
    (error: Error) => error.message,
  )
  expect(failure).toContain('"color-contrast: p:nth-child(1), p:nth-child(2)"')
  expect(failure).toContain('"image-alt: img"')
  // Still only WCAG 2 A/AA: the page has no h1, which is axe's best practice, not a violation.
  expect(failure).not.toContain('page-has-heading-one')
})

test('home: hero links, plans and the final call to action', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Start Spinning' })).toHaveAttribute('href', '/wheel')
  await expect(page.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about')
  await expect(page.getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/wheel')
  await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscription')
  await expect(page.getByText('$6.99')).toBeVisible()
  await expect(page.getByText('Recommended')).toBeVisible()
  await expect(page.getByText('Max 15 items per wheel')).toBeVisible()
  // A click on the prerendered copy (inert until the app takes over) goes nowhere: wait for the app.
  await expectAppRendered(page)
  await page.getByRole('link', { name: 'Create Your First Wheel' }).click()
  await expect(page).toHaveURL(/\/wheel$/)
})

test('home: the demo wheel has six segments, turns once in 20 s, stops at its button, and stands still with reduced motion', async ({
  page,
}) => {
  await page.goto('/')
  // The prerendered copy of the page is replaced when the app takes over: look at the live one.
  await expectAppRendered(page)
  const wheel = page.getByRole('img', { name: 'A spinning wheel with six coloured segments' })
  await expect(wheel.locator('path')).toHaveCount(6)
  const animation = () =>
    wheel.evaluate((el) => {
      const style = getComputedStyle(el)
      return [style.animationDuration, style.animationIterationCount, style.animationPlayState]
    })
  expect(await animation()).toEqual(['20s', 'infinite', 'running'])
  // It moves for longer than 5 s on its own, so it can be stopped (WCAG 2.2.2), from the keyboard too.
  const stop = page.getByRole('button', { name: 'Stop the demo wheel' })
  await expect(stop).toHaveAttribute('aria-pressed', 'false')
  await stop.focus()
  await page.keyboard.press('Enter')
  await expect(stop).toHaveAttribute('aria-pressed', 'true')
  expect(await animation()).toEqual(['20s', 'infinite', 'paused'])
  const angle = () => wheel.evaluate((el) => getComputedStyle(el).transform)
  const stopped = await angle()
  await page.waitForTimeout(300)
  expect(await angle()).toBe(stopped)
  await stop.click()
  await expect(stop).toHaveAttribute('aria-pressed', 'false')
  expect(await animation()).toEqual(['20s', 'infinite', 'running'])
  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(await animation()).toEqual(['20s', 'infinite', 'paused'])
  // Standing still, it needs no button.
  await expect(stop).toBeHidden()
})

test('FAQ: search, one entry open at a time, and Back', async ({ page }) => {
  await page.goto('/about')
  await page.getByRole('link', { name: /^FAQ/ }).first().click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(FAQS.length)
  const first = page.getByRole('button', { name: 'Is Whirl free to use?' })
  const second = page.getByRole('button', { name: 'Are the spins really random?' })
  const panel = async (button: typeof first) =>
    page.locator(`[id="${await button.getAttribute('aria-controls')}"]`)
  await expect(await panel(first)).toBeHidden()
  await first.click()
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(await panel(first)).toBeVisible()
  await expect(await panel(first)).toContainText('Anyone can build and spin a wheel of up to 15 items')
  await second.click()
  await expect(first).toHaveAttribute('aria-expanded', 'false')
  await expect(await panel(first)).toBeHidden()
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  await expect(page.locator('button[aria-expanded="true"]')).toHaveCount(1)
  await second.click()
  await expect(second).toHaveAttribute('aria-expanded', 'false')
  await expect(page.locator('button[aria-expanded="true"]')).toHaveCount(0)

  const search = page.getByLabel('Search the FAQ')
  await search.fill('cancel')
  await expect(page.getByRole('heading', { level: 3 })).toHaveText([
    'How do I cancel Premium?',
    'Is there a free trial?',
  ])
  // 'rejection' is only in an answer: the search covers answers too.
  await search.fill('REJECTION sampling')
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Are the spins really random?'])
  await search.fill('')
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(FAQS.length)
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
  await expect(page.getByText(/under 13/).first()).toBeVisible()
  await expect(page.getByText('Last updated: July 26, 2025')).toBeVisible()
})

test('Back on the legal pages returns to the page they were opened from', async ({ page }) => {
  await page.goto('/about')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/about$/)
})

test.describe('links', () => {
  // The page's own requests only: a service worker's install would fetch every chunk by itself.
  test.use({ serviceWorkers: 'block' })

  test('a link the pointer rests on loads its page’s code before the click, and the click shows that page', async ({
    page,
  }) => {
    await page.goto('/')
    await expectAppRendered(page)
    const asked: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/about-page-[\w-]+\.js$/.test(request.url())) asked.push(request.url())
    })
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About' })
    await about.hover()
    await expect.poll(() => asked.length).toBe(1)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spin the wheel. Get a fair winner.')
    await about.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Whirl')
    expect(asked).toHaveLength(1)
  })
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
    const errors = page.locator('form [id$="-error"]')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(errors).toHaveText([
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ])
    const name = page.getByLabel('Name', { exact: true })
    await expect(name).toBeFocused()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAttribute('aria-describedby', 'contact-name-error')
    await name.fill('G')
    await expect(errors).toHaveText(['Email is required', 'Subject is required', 'Message is required'])
    await expect(name).not.toHaveAttribute('aria-invalid', 'true')
    await page.getByLabel('Email', { exact: true }).fill('not-an-email')
    await page.getByLabel('Subject', { exact: true }).fill('Hi')
    await page.getByLabel('Message', { exact: true }).fill('  short  ')
    await expect(errors).toHaveCount(0)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(errors).toHaveText([
      'Please enter a valid email address',
      'Message must be at least 10 characters long',
    ])
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused()
    await page.getByLabel('Message', { exact: true }).fill('x'.repeat(600))
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('x'.repeat(500))
    await expect(page.getByText('500/500')).toBeVisible()
  })

  test('the honeypot is out of reach of people and keyboards', async ({ page }) => {
    await page.goto('/contact')
    // The prerendered form is inert until the app takes over: a focus given to it goes nowhere.
    await expectAppRendered(page)
    const trap = page.locator('input[name="website"]')
    await expect(trap).toHaveAttribute('tabindex', '-1')
    await expect(trap).toHaveAttribute('autocomplete', 'off')
    await expect(page.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1)
    const box = await trap.boundingBox()
    expect(box === null || box.x + box.width <= 0).toBe(true)
    await page.getByLabel('Message', { exact: true }).focus()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused()
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
