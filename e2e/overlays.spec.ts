import AxeBuilder from '@axe-core/playwright'
import { type Browser, expect, type Locator, type Page } from '@playwright/test'
import { test } from './fixtures'
import { items, openWithWheel } from './wheel-helpers'

/**
 * Where a screenshot goes: the test's own output folder, or docs/screenshots/ (the images the
 * closing notes show) when SAVE_SCREENSHOTS=1, so a test run leaves the checkout unchanged.
 */
const shotPath = (name: string) =>
  process.env.SAVE_SCREENSHOTS === '1' ? `docs/screenshots/${name}` : test.info().outputPath(name)

// Issue 36, overlays: a room's screen and /embed/<id> fill their frame (the wheel is
// min(width, height) less the winner banner's band), stay crisp, hide Spin with ?controls=0, and
// show the winner on a banner readable over any background. Screenshots go to docs/screenshots.

const COLORS = ['#ef4444', '#22c55e', '#3b82f6', '#eab308', '#8b5cf6', '#f97316']
const NAMES = ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo']
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 800, height: 800 },
]

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('no box')
  return b
}

/**
 * The wheel fills the frame: at least min(width, height) less `band` px (the banner's band and what
 * else the overlay shows), the banner lies below the wheel, not over it, and all is inside the frame;
 * the canvas is drawn at the screen's pixel ratio.
 */
async function expectFilled(page: Page, band: number) {
  const view = page.viewportSize() ?? { width: 0, height: 0 }
  const wheel = await box(page.getByTestId('wheel'))
  const side = Math.min(view.width, view.height)
  expect(wheel.width).toBeGreaterThanOrEqual(side - band)
  expect(wheel.width).toBeLessThan(side)
  expect(wheel.height).toBeCloseTo(wheel.width, 0)
  const banner = await box(page.getByTestId('winner-banner'))
  expect(banner.y).toBeGreaterThanOrEqual(wheel.y + wheel.height)
  expect(banner.y + banner.height).toBeLessThanOrEqual(view.height)
  const canvas = await page
    .getByRole('img', { name: /^Wheel with/ })
    .evaluate((c) => ({ pixels: (c as HTMLCanvasElement).width, ratio: window.devicePixelRatio }))
  expect(Math.abs(canvas.pixels - wheel.width * canvas.ratio)).toBeLessThanOrEqual(2)
}

/** axe's colour-contrast rule on the winner banner alone. */
async function expectBannerContrast(page: Page, label: string) {
  const result = await new AxeBuilder({ page })
    .include('[data-testid="winner-banner"]')
    .withRules(['color-contrast'])
    .analyze()
  expect(
    result.passes.map((p) => p.id),
    `${label}: ${JSON.stringify(result.incomplete.map((i) => i.nodes.map((n) => n.any.map((a) => a.message))))}`,
  ).toContain('color-contrast')
  expect(
    result.violations.map((v) => v.id),
    label,
  ).toEqual([])
}

async function own(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' })
  return context.newPage()
}

test('the embed as an overlay: fills its frame, no Spin with controls=0, the winner on a readable banner', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await openWithWheel(page, items(NAMES, COLORS))
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Share this wheel' })
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const id = (await dialog.getByLabel('Link', { exact: true }).inputValue()).split('/w/')[1] ?? ''
  expect(id).toMatch(/^[A-Za-z0-9]{12}$/)

  for (const size of SIZES) {
    const embed = await own(browser, size)
    await embed.goto(`/embed/${id}?controls=0&bg=transparent`)
    await expect(embed.getByRole('img', { name: 'Wheel with 6 items' })).toBeVisible()
    await expect(embed.getByRole('button', { name: /Spin/ })).toHaveCount(0)
    // Without controls, a click on the wheel spins it.
    await embed.getByTestId('wheel').click()
    await expect(embed.getByTestId('winner-text')).toHaveText(new RegExp(`^(${NAMES.join('|')})$`), {
      timeout: 8_000,
    })
    await expect(embed.getByTestId('winner-banner')).toBeVisible()
    // Less than the frame by the ticker, the banner's band and the made-with line only.
    await expectFilled(embed, 200)
    await expectBannerContrast(embed, `embed at ${size.width}×${size.height}`)
    await embed.screenshot({
      path: shotPath(`overlay-embed-${size.width}x${size.height}.png`),
      omitBackground: true,
    })
    // With controls, Spin is there.
    await embed.goto(`/embed/${id}?bg=transparent`)
    await expect(embed.getByRole('button', { name: 'Spin', exact: true })).toBeVisible()
    await embed.context().close()
  }
})

test("a room's screen as an overlay: fills its frame, the winner on a readable banner", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await openWithWheel(page, items(NAMES, COLORS), { spinDuration: 2_000 })
  await page.getByRole('button', { name: 'Go live' }).click()
  const dialog = page.getByRole('dialog', { name: 'Go live' })
  await dialog.getByRole('button', { name: 'Open room' }).click()
  await expect(dialog.getByTestId('room-code')).toHaveText(/^[A-Z0-9]{6}$/)
  const href = async (name: string) =>
    (await dialog.getByRole('link', { name, exact: true }).getAttribute('href')) as string
  const [screenLink, remoteLink] = [await href('Screen'), await href('Remote')]

  const remote = await own(browser, { width: 390, height: 844 })
  await remote.goto(remoteLink)
  const screen = await own(browser, SIZES[0] as { width: number; height: number })
  await screen.goto(screenLink)
  await expect(screen.getByRole('img', { name: 'Wheel with 6 items' })).toBeVisible()
  await expect(screen.getByRole('button', { name: /Spin/ })).toHaveCount(0)
  await remote.getByRole('button', { name: 'Spin', exact: true }).click()
  const winner = (
    (await remote.getByTestId('live-winner-text').textContent({ timeout: 10_000 })) ?? ''
  ).trim()
  expect(NAMES).toContain(winner)
  await expect(screen.getByTestId('screen-winner')).toHaveText(winner)

  for (const size of SIZES) {
    await screen.setViewportSize(size)
    await expect(screen.getByTestId('winner-banner')).toBeVisible()
    // Less than the frame by the banner's band and the pointer's room only. The wheel follows
    // the new size a frame or two after it is set: wait for it to fit, in both directions.
    const side = Math.min(size.width, size.height)
    await expect
      .poll(async () => {
        const width = (await box(screen.getByTestId('wheel'))).width
        return width > side - 120 && width < side
      })
      .toBe(true)
    await expectFilled(screen, 120)
    await expectBannerContrast(screen, `screen at ${size.width}×${size.height}`)
    await screen.screenshot({ path: shotPath(`overlay-screen-${size.width}x${size.height}.png`) })
  }
})

/**
 * Once several winners are drawn, the banner lists them all, place and name in the order drawn,
 * inside the frame and readable (axe's contrast rule); `drawn` are the winners as drawn.
 */
async function expectWinnersList(page: Page, drawn: string[], label: string) {
  const banner = page.getByTestId('winner-banner')
  await expect(banner).toHaveCount(1)
  const rows = banner.getByRole('listitem')
  await expect(rows).toHaveText(drawn.map((name, i) => `${i + 1}.${name}`))
  const view = page.viewportSize() ?? { width: 0, height: 0 }
  const b = await box(banner)
  expect(b.x).toBeGreaterThanOrEqual(0)
  expect(b.y).toBeGreaterThanOrEqual(0)
  expect(b.x + b.width).toBeLessThanOrEqual(view.width)
  expect(b.y + b.height).toBeLessThanOrEqual(view.height)
  // Every row is on screen whole: the list fits the frame in columns, nothing cut or hidden.
  for (const row of await rows.all()) {
    const r = await box(row)
    expect(r.y + r.height).toBeLessThanOrEqual(b.y + b.height)
    expect(r.x + r.width).toBeLessThanOrEqual(b.x + b.width + 1)
  }
  await expectBannerContrast(page, label)
}

test('the embed lists several winners on its banner, place and name, in the frame', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await openWithWheel(page, items(NAMES, COLORS), { spinDuration: 1_000 })
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Share this wheel' })
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const id = (await dialog.getByLabel('Link', { exact: true }).inputValue()).split('/w/')[1] ?? ''

  const embed = await own(browser, { width: 800, height: 800 })
  await embed.goto(`/embed/${id}?controls=0&bg=transparent`)
  const drawn: string[] = []
  for (let spin = 1; spin <= 3; spin++) {
    // The list over the wheel lets a click through: a click on the wheel still spins it.
    await embed.getByTestId('wheel').click()
    await expect(embed.getByTestId('winner-banner')).toHaveCount(0)
    await expect(embed.getByTestId('winner-banner')).toBeVisible({ timeout: 8_000 })
    if (spin === 1) {
      drawn.push(((await embed.getByTestId('winner-text').textContent()) ?? '').trim())
      await expectFilled(embed, 200)
    } else {
      const rows = embed.getByTestId('winner-banner').getByRole('listitem')
      drawn.push(
        (
          (await rows
            .nth(spin - 1)
            .locator('.winners-name')
            .textContent()) ?? ''
        ).trim(),
      )
    }
  }
  for (const name of drawn) expect(NAMES).toContain(name)
  await expect(embed.getByTestId('winner-banner').getByText('Winners', { exact: true })).toBeVisible()
  await expectWinnersList(embed, drawn, 'embed, 3 winners')
  await embed.screenshot({ path: shotPath('overlay-embed-winners-800x800.png'), omitBackground: true })
  await embed.context().close()
})

test("a room's screen lists the room's winners on its banner, at 1920×1080 and 800×800", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await openWithWheel(page, items(NAMES, COLORS), { spinDuration: 1_000 })
  await page.getByRole('button', { name: 'Go live' }).click()
  const dialog = page.getByRole('dialog', { name: 'Go live' })
  await dialog.getByRole('button', { name: 'Open room' }).click()
  await expect(dialog.getByTestId('room-code')).toHaveText(/^[A-Z0-9]{6}$/)
  const href = async (name: string) =>
    (await dialog.getByRole('link', { name, exact: true }).getAttribute('href')) as string
  const [screenLink, remoteLink] = [await href('Screen'), await href('Remote')]
  const remote = await own(browser, { width: 390, height: 844 })
  await remote.goto(remoteLink)
  const screen = await own(browser, SIZES[0] as { width: number; height: number })
  await screen.goto(screenLink)
  await expect(screen.getByRole('img', { name: 'Wheel with 6 items' })).toBeVisible()

  const drawn: string[] = []
  for (let spin = 1; spin <= 4; spin++) {
    await remote.getByRole('button', { name: 'Spin', exact: true }).click()
    await expect(remote.getByRole('button', { name: 'Spinning…' })).toBeVisible()
    await expect(remote.getByRole('button', { name: 'Spin', exact: true })).toBeEnabled({ timeout: 10_000 })
    drawn.push(((await remote.getByTestId('live-winner-text').textContent()) ?? '').trim())
    if (spin === 1) await expect(screen.getByTestId('screen-winner')).toHaveText(drawn[0] as string)
  }
  for (const size of SIZES) {
    await screen.setViewportSize(size)
    await expectWinnersList(screen, drawn, `screen at ${size.width}×${size.height}, 4 winners`)
    await screen.screenshot({ path: shotPath(`overlay-screen-winners-${size.width}x${size.height}.png`) })
  }
  // While the next spin turns, the list makes way for the wheel.
  await remote.getByRole('button', { name: 'Spin', exact: true }).click()
  await expect(screen.getByTestId('winner-banner')).toHaveCount(0)
})
