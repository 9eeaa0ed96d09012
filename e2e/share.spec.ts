import { createServer, type Server } from 'node:http'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { BASE_URL } from '../playwright.config'
import { registerPremium, registerUser } from './premium-helpers'
import { colorsUnderPointer, hexToRgb, items, near, openWithWheel } from './wheel-helpers'

const COLORS = ['#dc2626', '#16a34a', '#2563eb', '#facc15', '#9333ea', '#0891b2']
const HOSTILE_NAME = `<script>alert(1)</script>"><img src=x onerror=alert(2)> 'quote' & $& שלום 🎉`
const HOSTILE_ITEM = `"><img src=x onerror=alert(3)><b>bold</b>`

/** A browser context as a stranger opens the link: no account, cookies answered. */
async function stranger(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [{ origin: BASE_URL, localStorage: [{ name: 'cookieConsent', value: 'accepted' }] }],
    },
  })
  return context.newPage()
}

/** Opens Share on /wheel, creates the link and returns its address. */
async function createLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Share this wheel' })
  await expect(dialog).toContainText('Anyone with the link can open this wheel')
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const address = dialog.getByLabel('Link', { exact: true })
  await expect(address).toHaveValue(/\/w\/[A-Za-z0-9]{12}$/)
  return address.inputValue()
}

test('a visitor shares a wheel; a stranger opens it, spins it fairly and makes a copy', async ({
  page,
  browser,
}) => {
  const texts = ['Apples', 'Bananas', 'Cherries', 'Dates', 'Elderberries', 'Figs']
  await openWithWheel(page, items(texts, COLORS))
  await page.getByRole('textbox', { name: 'Wheel name' }).fill('Fruit picker')
  const address = await createLink(page)
  const dialog = page.getByRole('dialog', { name: 'Share this wheel' })
  await expect(dialog).toContainText('expire after 30 days without a visit')
  await expect(dialog.getByTestId('share-qr')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible()
  await expect(dialog.getByLabel('Embed on your site')).toHaveValue(
    new RegExp(`^<iframe src="${BASE_URL}/embed/[A-Za-z0-9]{12}"`),
  )

  const other = await stranger(browser)
  await other.goto(address)
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Fruit picker')
  await expect(other).toHaveTitle('Fruit picker · Whirl')
  for (const text of texts) await expect(other.getByTestId('shared-items')).toContainText(text)

  for (let spin = 0; spin < 2; spin++) {
    await other.getByRole('button', { name: 'Spin', exact: true }).click()
    // The last spin's winner stays until the frame after the wheel starts (turn-then-show.ts): the
    // name read is this spin's only once that one has gone.
    await expect(other.getByTestId('winner-text')).toHaveCount(0)
    const winnerText = (await other.getByTestId('winner-text').textContent({ timeout: 8000 }))?.trim()
    const winner = texts.indexOf(winnerText ?? '')
    expect(winner, `winner ${winnerText}`).toBeGreaterThanOrEqual(0)
    const samples = await colorsUnderPointer(other)
    const target = hexToRgb(COLORS[winner] as string)
    expect(samples.filter((s) => near(s, target)).length).toBeGreaterThanOrEqual(3)
    const others = COLORS.filter((_, i) => i !== winner).map(hexToRgb)
    expect(samples.some((s) => others.some((o) => near(s, o)))).toBe(false)
  }

  await other.getByRole('button', { name: 'Make a copy' }).click()
  await expect(other).toHaveURL(/\/wheel$/)
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Fruit picker')
  for (const text of texts) await expect(other.getByRole('button', { name: `Edit ${text}` })).toBeVisible()
  await other.context().close()
})

test('an owner deletes a link on /saved and the link then shows the 410 page', async ({ page, browser }) => {
  await registerUser(page, 'Sharer')
  await openWithWheel(page, items(['One', 'Two', 'Three'], COLORS))
  const address = await createLink(page)
  await expect(page.getByRole('dialog')).toContainText('Your links stay until you delete them')
  const other = await stranger(browser)
  await other.goto(address)
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Test Wheel')

  await page.goto('/saved')
  const row = page.getByTestId('shared-link').filter({ hasText: 'Test Wheel' })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Delete the link to Test Wheel' }).click()
  await expect(page.getByTestId('shared-link')).toHaveCount(0)

  const response = await other.goto(address)
  expect(response?.status()).toBe(410)
  await expect(other.getByRole('heading', { name: 'This link is no longer available' })).toBeVisible()
  await expect(other).toHaveTitle('Link not available · Whirl')
  const unknown = await other.goto('/w/AAAAAAAAAAAA')
  expect(unknown?.status()).toBe(404)
  await expect(other.getByRole('heading', { name: 'Link not found' })).toBeVisible()
  await other.context().close()
})

test('a wheel over the free limit opens and spins for anyone, but copying it needs Premium', async ({
  page,
  browser,
}) => {
  await registerPremium(page, 'Big sharer')
  const texts = Array.from({ length: 20 }, (_, i) => `Entry ${i + 1}`)
  await openWithWheel(page, items(texts, COLORS))
  const address = await createLink(page)
  const other = await stranger(browser)
  await other.goto(address)
  await expect(other.getByText('A shared wheel with 20 items')).toBeVisible()
  await other.getByRole('button', { name: 'Spin', exact: true }).click()
  await expect(other.getByTestId('winner-text')).toHaveText(/^Entry \d+$/, { timeout: 8000 })
  await expect(other.getByRole('button', { name: 'Make a copy' })).toBeDisabled()
  await expect(other.getByText('copying it needs Premium')).toBeVisible()
  await other.getByRole('link', { name: 'Upgrade to Premium' }).click()
  await expect(other).toHaveURL(/\/subscription$/)
  await other.context().close()
})

test.describe('embedding', () => {
  const port = Number(process.env.E2E_EMBED_PORT ?? 3314)
  let server: Server
  test.beforeAll(async () => {
    // Another origin: a page on a second loopback port that frames Whirl.
    server = createServer((request, response) => {
      const src = new URL(request.url ?? '/', 'http://x').searchParams.get('src') ?? ''
      response.setHeader('content-type', 'text/html')
      response.end(
        `<!doctype html><body style="background:#123"><iframe id="f" src="${BASE_URL}${src}" width="420" height="520"></iframe></body>`,
      )
    })
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  })
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  test('the embed page loads in another site’s iframe; /wheel refuses to be framed', async ({ page }) => {
    await openWithWheel(page, items(['Red', 'Green'], COLORS))
    const address = await createLink(page)
    const id = address.split('/w/')[1] as string

    const host = `http://localhost:${port}`
    await page.goto(`${host}/?src=${encodeURIComponent(`/embed/${id}?bg=transparent`)}`)
    const embed = page.frameLocator('#f')
    await embed.getByRole('button', { name: 'Spin', exact: true }).click()
    await expect(embed.getByTestId('winner-text')).toHaveText(/^(Red|Green)$/, { timeout: 8000 })
    await expect(embed.getByRole('banner')).toHaveCount(0)
    await expect(embed.getByRole('contentinfo')).toHaveCount(0)
    await expect(embed.getByRole('dialog')).toHaveCount(0)
    const background = await embed.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor)
    expect(background).toBe('rgba(0, 0, 0, 0)')

    const refused = page.waitForEvent('console', (m) => /frame-ancestors|Refused to frame/i.test(m.text()))
    await page.goto(`${host}/?src=${encodeURIComponent('/wheel')}`)
    await refused
    await expect(page.frameLocator('#f').getByRole('button', { name: 'Spin', exact: true })).toHaveCount(0)
  })
})

test('hostile names and item text show literally in the page, the title and the meta tags', async ({
  page,
  browser,
}) => {
  await openWithWheel(page, items(['Plain', HOSTILE_ITEM, 'שלום 🎉'], COLORS))
  await page.getByRole('textbox', { name: 'Wheel name' }).fill(HOSTILE_NAME)
  const address = await createLink(page)

  const other = await stranger(browser)
  const dialogs: string[] = []
  other.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await other.goto(address)
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(HOSTILE_NAME)
  await expect(other.getByTestId('shared-items')).toContainText(HOSTILE_ITEM)
  await expect(other.getByTestId('shared-items')).toContainText('שלום 🎉')
  await expect(other.locator('#root img')).toHaveCount(0)
  // The app's title isolates the name (it holds Hebrew letters), so it keeps its own direction.
  await expect(other).toHaveTitle(`\u2068${HOSTILE_NAME}\u2069 · Whirl`)

  // The head as the server sent it, before any script ran: what a link preview reads.
  const html = await (await other.request.get(address)).text()
  const head = await other.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html')
    const meta = (key: string) =>
      doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null
    return {
      title: doc.title,
      ogTitle: meta('og:title'),
      twitterTitle: meta('twitter:title'),
      description: meta('og:description'),
      card: meta('twitter:card'),
      image: meta('og:image'),
      scripts: [...doc.querySelectorAll('script')].map((s) => s.textContent ?? '').join('\n'),
      imgs: doc.querySelectorAll('img').length,
    }
  }, html)
  expect(head.title).toBe(`${HOSTILE_NAME} · Whirl`)
  expect(head.ogTitle).toBe(HOSTILE_NAME)
  expect(head.twitterTitle).toBe(HOSTILE_NAME)
  expect(head.description).toContain('3 items')
  expect(head.card).toBe('summary_large_image')
  expect(head.scripts).not.toContain('alert')
  expect(head.imgs).toBe(0)
  const image = await other.request.get(head.image as string)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/png')
  expect(dialogs).toEqual([])
  await other.context().close()
})
