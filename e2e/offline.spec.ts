import { expect, type Page, test } from '@playwright/test'

// The other specs block the service worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' })

/** Waits until the service worker has installed (precached the build) and controls the page. */
async function waitForWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
  })
}

test('after one visit, /wheel opens offline: add items and spin', async ({ page, context }) => {
  await page.goto('/wheel')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Wheel')
  await waitForWorker(page)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Wheel')
  const input = page.getByLabel('New item')
  for (const text of ['Offline pizza', 'Offline tacos']) {
    await input.fill(text)
    await input.press('Enter')
  }
  await expect(page.getByTestId('item-row')).toHaveCount(8)
  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'We have a winner!' })).toBeVisible({ timeout: 10_000 })
  await expect(page.getByTestId('winner-text')).not.toBeEmpty()
})

test('after one visit, the static pages open offline', async ({ page, context }) => {
  await page.goto('/')
  await waitForWorker(page)
  await context.setOffline(true)
  for (const [path, heading] of [
    ['/about', /About/],
    ['/faq', 'Frequently asked questions'],
    ['/privacy-policy', /Privacy/],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  }
  // A page never visited opens too: the worker precached it with the build.
  await page.goto('/terms-of-service')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Terms/)
})

test('signing in while offline says the app is offline', async ({ page, context }) => {
  await page.goto('/wheel')
  await waitForWorker(page)
  await context.setOffline(true)
  await page.reload()
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email Address').fill('someone@example.com')
  await dialog.getByLabel('Password', { exact: true }).fill('correct horse battery')
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(dialog.getByRole('alert')).toContainText('You are offline.')
})

test('the app is installable: a manifest with PNG icons, and a worker served without caching', async ({
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest')
  expect(manifest.ok()).toBe(true)
  const body = (await manifest.json()) as {
    start_url: string
    icons: { src: string; sizes: string; type: string }[]
  }
  expect(body.start_url).toBe('/wheel')
  const pngs = body.icons.filter((icon) => icon.type === 'image/png')
  expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  for (const icon of pngs) {
    const png = await request.get(icon.src)
    expect(png.headers()['content-type']).toBe('image/png')
    const bytes = await png.body()
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
    expect(`${width}x${height}`).toBe(icon.sizes)
  }
  const worker = await request.get('/sw.js')
  expect(worker.headers()['cache-control']).toBe('no-cache')
  expect(worker.headers()['content-type']).toContain('javascript')
  expect(worker.headers()['content-security-policy']).not.toContain('unsafe-inline')
})

test('the worker keeps only the fixed pages: a visited share address or account page is not stored', async ({
  page,
}) => {
  await page.goto('/')
  await waitForWorker(page)
  // Navigations the worker answers from the network: a share link (unknown here, so 404) and the
  // subscription page (200); neither is kept.
  await page.goto('/w/AbCdEf123456')
  await page.goto('/subscription')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto('/about')
  const cached = await page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname)
    }
    return paths
  })
  expect(cached).toContain('/about')
  expect(cached).not.toContain('/subscription')
  expect(cached.filter((p) => p.startsWith('/w/'))).toEqual([])
})

test('a wheel that turns while the worker installs holds its downloads back until it stops', async ({
  page,
  context,
}) => {
  // Each file the worker asks for answers 40 ms late, so its install (about 350 files) outlasts a spin.
  const fetchedByWorker: number[] = []
  await context.route('**/assets/**', async (route) => {
    if (route.request().serviceWorker()) {
      fetchedByWorker.push(Date.now())
      await new Promise((resolve) => setTimeout(resolve, 40))
    }
    await route.continue()
  })
  await page.goto('/wheel')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Wheel')
  await expect(page.locator('#root > [inert]')).toHaveCount(0)
  await expect.poll(() => fetchedByWorker.length).toBeGreaterThan(0)
  const spin = page.getByRole('button', { name: 'Spin', exact: true })
  await spin.click()
  const started = Date.now()
  await expect(page.getByRole('dialog', { name: 'We have a winner!' })).toBeVisible({ timeout: 10_000 })
  const stopped = Date.now()
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
  // Only a few go out while it turns (those on their way as the worker hears of the spin: 12 alone,
  // 31 in a busy CI run); unpaused, the same test counted 160.
  const duringSpin = fetchedByWorker.filter((t) => t > started + 200 && t < stopped - 500)
  expect(duringSpin.length).toBeLessThanOrEqual(60)
  // Once it stops, the install goes on to the end, and the page then works offline.
  await waitForWorker(page)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Wheel')
})
