import { expect, test } from '@playwright/test'
import { BACKUP_KEY, STORE_KEY } from '../src/core/storage/keys'

const noConsent = { cookies: [], origins: [] }

test.describe('theme', () => {
  test.use({ storageState: noConsent })

  test('follows the system colour scheme when nothing is saved', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/')
    await expect(page.locator('html')).toHaveClass(/dark/)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.reload()
    await expect(page.locator('html')).not.toHaveClass(/dark/)
  })

  test('toggling saves the theme and it survives a reload, over the system preference', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/')
    await page.getByRole('button', { name: 'Switch to dark mode' }).click()
    await expect(page.locator('html')).toHaveClass(/dark/)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/dark/)
    await page.getByRole('button', { name: 'Switch to light mode' }).click()
    await expect(page.locator('html')).not.toHaveClass(/dark/)
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await expect(page.locator('html')).not.toHaveClass(/dark/)
  })

  test('the page arrives prerendered in the saved theme before the app script runs (no flash)', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/assets/*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/', { waitUntil: 'commit' })
    await page.waitForFunction(() => document.getElementById('root') !== null)
    await page.waitForFunction(() => document.querySelector('footer') !== null)
    const before = await page.evaluate(() => ({
      dark: document.documentElement.classList.contains('dark'),
      // The prerendered page, inert until the app renders over it.
      prerendered: document.querySelector('#root > [inert]') !== null,
      heading: document.querySelector('h1')?.textContent,
    }))
    release()
    expect(before).toEqual({ dark: true, prerendered: true, heading: 'Spin the wheel. Get a fair winner.' })
    await expect(page.locator('#root > [inert]')).toHaveCount(0)
    await expect(page.getByRole('banner')).toBeVisible()
  })
  test('the app starts even when no animation frame comes after the first paint', async ({ page }) => {
    // The prerendered page starts its scripts one frame after its first paint; a frame that never
    // comes (a throttled or hidden frame) must not keep the app from starting.
    await page.addInitScript(() => {
      window.requestAnimationFrame = () => 0
    })
    await page.goto('/wheel')
    await expect(page.locator('#root > [inert]')).toHaveCount(0, { timeout: 5000 })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The wheel's first drawing waits for the first frame too (first-frame.ts): without one it is
    // drawn all the same, a quarter of a second later at most.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const canvas = document.querySelector('[data-testid="wheel"] canvas') as HTMLCanvasElement
          const ctx = canvas.getContext('2d')
          if (!ctx || canvas.width === 0) return 0
          return ctx.getImageData(Math.floor(canvas.width * 0.75), Math.floor(canvas.height / 2), 1, 1)
            .data[3]
        }),
      )
      .toBe(255)
  })
})

test.describe('prerendered wheel page', () => {
  // The scripts are held back with page.route, which does not see what the service worker serves
  // from its cache after the first visit.
  test.use({ serviceWorkers: 'block' })

  test("the wheel page arrives with its heading, the stored wheel's name in it, before the app script runs", async ({
    page,
  }) => {
    let release: () => void = () => {}
    const hold = async () => {
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route('**/assets/*.js', async (route) => {
        await held
        await route.continue()
      })
    }
    const prerenderedHeading = async () => {
      await page.waitForFunction(() => document.querySelector('footer') !== null)
      return page.evaluate(() => ({
        prerendered: document.querySelector('#root > [inert]') !== null,
        heading: document.querySelector('h1')?.textContent,
      }))
    }
    // A first visit: the default wheel's name.
    await hold()
    await page.goto('/wheel', { waitUntil: 'commit' })
    expect(await prerenderedHeading()).toEqual({ prerendered: true, heading: 'My Wheel' })
    release()
    await expect(page.locator('#root > [inert]')).toHaveCount(0)
    // A renamed wheel: its name, read from the browser's storage before the first paint.
    await page.unrouteAll()
    await page.getByLabel('Wheel name').fill('Team lunch')
    await expect(page.getByRole('heading', { level: 1, name: 'Team lunch' })).toBeVisible()
    await hold()
    await page.reload({ waitUntil: 'commit' })
    expect(await prerenderedHeading()).toEqual({ prerendered: true, heading: 'Team lunch' })
    release()
    await expect(page.locator('#root > [inert]')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Team lunch' })).toBeVisible()
  })
})

test.describe('cookie consent', () => {
  test.use({ storageState: noConsent })

  test('appears 2 seconds after load, not before', async ({ page }) => {
    // A paused clock: only runFor moves time, however long the page takes to load.
    await page.clock.install({ time: 0 })
    await page.clock.pauseAt(1000)
    await page.goto('/')
    await expect(page.getByRole('banner')).toBeVisible()
    // The prerendered page starts its scripts one frame after its first paint: let that frame pass,
    // then wait until the app has taken over the page (its load is what the 2 seconds count from).
    await page.clock.runFor(50)
    await expect(page.locator('#root > [inert]')).toHaveCount(0)
    await page.clock.runFor(1850)
    await expect(page.getByRole('dialog', { name: 'We use cookies' })).toHaveCount(0)
    await page.clock.runFor(200)
    await expect(page.getByRole('dialog', { name: 'We use cookies' })).toBeVisible()
  })

  test('Accept All Cookies stores the choice and the date, and the dialog stays away', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    await page.clock.runFor(2100)
    const dialog = page.getByRole('dialog', { name: 'We use cookies' })
    await dialog.getByRole('button', { name: 'Cookie details' }).click()
    await expect(dialog.getByText('Essential')).toBeVisible()
    await expect(dialog.getByText('Functional')).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    )
    await dialog.getByRole('button', { name: 'Accept All Cookies' }).click()
    await expect(dialog).toHaveCount(0)
    const stored = await page.evaluate(() => [
      localStorage.getItem('cookieConsent'),
      localStorage.getItem('cookieConsentDate'),
    ])
    expect(stored[0]).toBe('accepted')
    expect(Number.isNaN(Date.parse(stored[1] ?? ''))).toBe(false)
    await page.reload()
    await page.clock.runFor(5000)
    await expect(page.getByRole('dialog', { name: 'We use cookies' })).toHaveCount(0)
  })

  test('Decline on the home page stores the choice and removes the theme, spin history and backup', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/')
    await page.evaluate(
      ([storeKey, backupKey]) => {
        const stored = { currentWheel: { name: 'Kept' }, spinHistory: [{ text: 'Won' }], savedWheels: [] }
        localStorage.setItem(storeKey, JSON.stringify(stored))
        localStorage.setItem(backupKey, '{"left":"over"}')
      },
      [STORE_KEY, BACKUP_KEY] as const,
    )
    await page.getByRole('button', { name: /Switch to (dark|light) mode/ }).click()
    expect(await page.evaluate(() => localStorage.getItem('theme'))).not.toBeNull()
    await page.clock.runFor(2100)
    await page.getByRole('button', { name: 'Decline' }).click()
    await expect(page.getByRole('dialog', { name: 'We use cookies' })).toHaveCount(0)
    const stored = await page.evaluate(
      ([storeKey, backupKey]) => ({
        consent: localStorage.getItem('cookieConsent'),
        theme: localStorage.getItem('theme'),
        backup: localStorage.getItem(backupKey),
        store: JSON.parse(localStorage.getItem(storeKey) ?? 'null'),
      }),
      [STORE_KEY, BACKUP_KEY] as const,
    )
    expect(stored).toEqual({
      consent: 'declined',
      theme: null,
      backup: null,
      store: { currentWheel: { name: 'Kept' }, spinHistory: [], savedWheels: [] },
    })
  })

  test('the close button dismisses without storing, so it comes back next load', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    await page.clock.runFor(2100)
    await page.getByRole('dialog', { name: 'We use cookies' }).getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog', { name: 'We use cookies' })).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull()
    await page.reload()
    await page.clock.runFor(2100)
    await expect(page.getByRole('dialog', { name: 'We use cookies' })).toBeVisible()
  })
})

test.describe('layout', () => {
  test('header and footer on every page, with the support address', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Home', exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Wheel', exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Saved Wheels' })).toBeVisible()
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'support@whirl.test' })).toHaveAttribute(
      'href',
      'mailto:support@whirl.test',
    )
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Whirl`)
  })

  test('phone: the menu collapses behind a button and closes after navigating', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden()
    const toggle = header.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    const menu = header.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    await expect(header.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    await menu.getByRole('link', { name: 'Saved Wheels' }).click()
    await expect(page).toHaveURL(/\/saved$/)
    await expect(menu).toBeHidden()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('phone: Sign In from the menu closes the menu, so it does not stay open behind the dialog', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    const header = page.getByRole('banner')
    await header.getByRole('button', { name: 'Open menu' }).click()
    const menu = header.getByRole('navigation', { name: 'Mobile' })
    await menu.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('dialog', { name: /Sign In|Welcome/ })).toBeVisible()
    await expect(menu).toBeHidden()
    await expect(header.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
  })

  test('unknown routes get a real 404 page and status', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('pages fade and slide in over 0.3 s on navigation, not on the first load nor with reduced motion', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.locator('#root > [inert]')).toHaveCount(0)
    const main = page.locator('main#main')
    const style = () =>
      main.evaluate((el) => {
        const s = getComputedStyle(el)
        return { name: s.animationName, duration: s.animationDuration }
      })
    expect((await style()).name).toBe('none')
    await page.getByRole('link', { name: 'Start Spinning' }).click()
    await expect(page).toHaveURL(/\/wheel$/)
    // The page's <main> is replaced when the route changes; a style read from the one being
    // replaced comes back empty, so read until the new page's element answers.
    await expect.poll(style).toEqual({ name: 'page-in', duration: '0.3s' })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await expect.poll(async () => (await style()).name).toBe('none')
  })

  test('the built app runs under the Content-Security-Policy without violations', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text())
    })
    // The prerendered page's loader starts a worker that makes the first Intl formatters (decision
    // 0070): the policy lets it start, and it closes once done.
    const warmer = page.waitForEvent('worker', { predicate: (worker) => worker.url().startsWith('blob:') })
    const response = await page.goto('/')
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
    const worker = await warmer
    await expect
      .poll(() => page.workers().includes(worker), { message: 'the warm-up worker closes' })
      .toBe(false)
    await page.getByRole('button', { name: /Switch to (dark|light) mode/ }).click()
    // /saved reads its list as the page is parsed, in an inline script of its own.
    await page.goto('/saved')
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible()
    await page.goto('/this-page-is-missing')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    expect(violations).toEqual([])
  })
})

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true })

  test('the wheel page shows no Ctrl+Enter tip (there is no keyboard)', async ({ page }) => {
    await page.goto('/wheel')
    await expect(page.getByRole('button', { name: 'Spin', exact: true })).toBeVisible()
    await expect(page.getByText('to spin')).toBeHidden()
  })
})

test('with a mouse and keyboard the wheel page shows the Ctrl+Enter tip', async ({ page }) => {
  await page.goto('/wheel')
  await expect(page.getByText('to spin')).toBeVisible()
})
