import { type Browser, expect, type Page } from '@playwright/test'
import { test } from './fixtures'
import { registerPremium, registerUser } from './premium-helpers'
import { colorsUnderPointer, hexToRgb, items, near, openWithWheel } from './wheel-helpers'

const COLORS = ['#ef4444', '#22c55e', '#3b82f6', '#eab308', '#8b5cf6', '#f97316']

/** Turns the switch on and waits for the first commitment. */
async function turnOnVerifiableDraw(page: Page): Promise<string> {
  const toggle = page.getByRole('switch', { name: 'Verifiable draw' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  const commitment = page.getByTestId('draw-commitment')
  await expect(commitment).toHaveText(/^[0-9a-f]{64}$/)
  return (await commitment.textContent()) as string
}

/** Spins, and returns the winner's text and the /draw/<id> link from the winner modal. */
async function spinAndReadLink(page: Page): Promise<{ winner: string; link: string }> {
  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'We have a winner!' })
  await expect(dialog.getByText('Verify this draw')).toBeVisible()
  const winner = ((await dialog.getByTestId('winner-text').textContent()) ?? '').trim()
  const link = (await dialog.getByRole('link', { name: /\/draw\// }).getAttribute('href')) as string
  expect(link).toMatch(/\/draw\/[A-Za-z0-9_-]{22}$/)
  return { winner, link }
}

/** The draw page as a visitor sees it, in a browser with no session and nothing stored. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  return context.newPage()
}

test('a verifiable draw lands on the revealed winner, verifies in another browser, and tampering is caught', async ({
  page,
  browser,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await registerUser(page, 'Giveaway Host')
  const seeded = items(['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'], COLORS)
  await openWithWheel(page, seeded)
  const first = await turnOnVerifiableDraw(page)
  await expect(page.getByLabel('Client seed')).toHaveValue(/^[a-z]+(-[a-z]+){3}$/)
  await expect(page.getByText(/use something your audience supplies/)).toBeVisible()

  // Editing the items makes a new commitment; back to the first entries, the first one comes back.
  await page.getByLabel('New item').fill('Gus')
  await page.getByLabel('New item').press('Enter')
  await expect(page.getByTestId('draw-commitment')).not.toHaveText(first)
  await page.getByRole('button', { name: 'Delete Gus' }).click()
  await expect(page.getByTestId('draw-commitment')).toHaveText(first)
  const committed = first

  await page.getByLabel('Client seed').fill('chat: banana 42')
  const { winner, link } = await spinAndReadLink(page)
  const dialog = page.getByRole('dialog', { name: 'We have a winner!' })
  await dialog.getByRole('button', { name: 'Copy' }).click()
  await expect(dialog.getByText('Link copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()

  // The pointer sits on the revealed winner's segment.
  await page.getByTestId('wheel').scrollIntoViewIfNeeded()
  const samples = await colorsUnderPointer(page)
  const target = hexToRgb(seeded.find((s) => s.text === winner)?.color ?? '#000000')
  expect(samples.filter((s) => near(s, target)).length).toBeGreaterThanOrEqual(3)
  const others = seeded.filter((s) => s.text !== winner).map((s) => hexToRgb(s.color))
  expect(samples.filter((s) => others.some((o) => near(s, o)))).toEqual([])
  // A draw is used once: the same entries are committed again for the next spin.
  await expect(page.getByTestId('draw-commitment')).toHaveText(/^[0-9a-f]{64}$/)
  await expect(page.getByTestId('draw-commitment')).not.toHaveText(committed)

  const other = await visitor(browser)
  await other.goto(new URL(link).pathname)
  await expect(other.getByText('Verified', { exact: true })).toBeVisible()
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Test Wheel')
  await expect(other.getByText(committed)).toBeVisible()
  await expect(other.getByText('chat: banana 42')).toBeVisible()
  await expect(other.getByTestId('draw-winner')).toContainText(winner)
  await expect(other.getByRole('list', { name: /^Entries/ }).getByRole('listitem')).toHaveCount(6)
  // The commitment made for the next spin has these same entries: it is listed, not drawn.
  const same = other.getByRole('region', { name: 'Other draws of these entries' })
  await expect(same).toContainText(/The host made 1 other draw of these same entries/)
  await expect(same.getByText('Committed, never revealed')).toBeVisible()

  // Someone with access to the database changes the stored server seed: the page no longer verifies.
  const id = new URL(link).pathname.split('/').pop() as string
  const tamper = await page.request.post(`/api/draws/${id}/test/server-seed`, {
    data: { serverSeed: 'ab'.repeat(32) },
  })
  expect(tamper.status()).toBe(200)
  await other.reload()
  await expect(other.getByText('Verification failed')).toBeVisible()
  await expect(other.getByTestId('failed-step')).toHaveText(/^Commitment mismatch/)
  await expect(other.getByText('Verified', { exact: true })).toHaveCount(0)
  await other.context().close()
})

test('a reload or a switch toggle keeps the open commitment, and Spin waits while the entries are committed', async ({
  page,
  browser,
}) => {
  await registerUser(page, 'Reloading Host')
  await openWithWheel(page, items(['Ann', 'Bo', 'Cy'], COLORS))
  const first = await turnOnVerifiableDraw(page)
  await page.reload()
  expect(await turnOnVerifiableDraw(page)).toBe(first)
  await page.getByRole('switch', { name: 'Verifiable draw' }).click()
  expect(await turnOnVerifiableDraw(page)).toBe(first)

  // The server is slow to commit an edit: Spin waits, saying why, and the wheel does not spin.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/draws', async (route) => {
    await held
    await route.continue()
  })
  await page.getByLabel('New item').fill('Di')
  await page.getByLabel('New item').press('Enter')
  const waiting = page.getByRole('button', { name: 'Committing the entries…' })
  await expect(waiting).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Spin', exact: true })).toHaveCount(0)
  const wheel = page.getByRole('button', { name: 'Spin the wheel' })
  await expect(wheel).toHaveAttribute('aria-disabled', 'true')
  await wheel.click({ force: true })
  await page.keyboard.press('Control+Enter')
  await page.waitForTimeout(500)
  await expect(page.getByRole('button', { name: 'Spinning…' })).toHaveCount(0)
  await expect(page.getByRole('dialog', { name: 'We have a winner!' })).toHaveCount(0)
  release()
  await expect(page.getByTestId('draw-commitment')).toHaveText(/^[0-9a-f]{64}$/)
  await expect(page.getByTestId('draw-commitment')).not.toHaveText(first)
  await page.getByRole('button', { name: 'Delete Di' }).click()
  await expect(page.getByTestId('draw-commitment')).toHaveText(first)

  // Drawn: besides the commitment for the next spin, the reload and the toggle made no other.
  const { link } = await spinAndReadLink(page)
  await page.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(page.getByTestId('draw-commitment')).toHaveText(/^[0-9a-f]{64}$/)
  await expect(page.getByTestId('draw-commitment')).not.toHaveText(first)
  const other = await visitor(browser)
  await other.goto(new URL(link).pathname)
  await expect(other.getByText('Verified', { exact: true })).toBeVisible()
  await expect(other.getByText(first)).toBeVisible()
  const same = other.getByRole('region', { name: 'Other draws of these entries' })
  await expect(same).toContainText('The host made 1 other draw of these same entries')
  await expect(same.getByRole('listitem')).toHaveCount(1)
  await expect(same.getByText('Committed, never revealed')).toBeVisible()
  await other.context().close()
})

test('elimination mode chains the draws, and the draw pages link them', async ({ page, browser }) => {
  await registerUser(page, 'Elimination Host')
  await openWithWheel(page, items(['Ann', 'Bo', 'Cy'], COLORS), { mode: 'elimination' })
  const first = await turnOnVerifiableDraw(page)
  const round1 = await spinAndReadLink(page)
  await page.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(page.getByTestId('item-row')).toHaveCount(2)
  await expect(page.getByTestId('draw-commitment')).not.toHaveText(first)
  const round2 = await spinAndReadLink(page)
  expect(round2.link).not.toBe(round1.link)

  const other = await visitor(browser)
  await other.goto(new URL(round2.link).pathname)
  await expect(other.getByText('Verified', { exact: true })).toBeVisible()
  await expect(other.getByRole('list', { name: /^Entries/ }).getByRole('listitem')).toHaveCount(2)
  await other.getByRole('link', { name: '← Previous draw' }).click()
  await expect(other).toHaveURL(new URL(round1.link).pathname)
  await expect(other.getByText('Verified', { exact: true })).toBeVisible()
  await expect(other.getByRole('list', { name: /^Entries/ }).getByRole('listitem')).toHaveCount(3)
  await expect(other.getByTestId('draw-winner')).toContainText(round1.winner)
  await other.getByRole('link', { name: 'Next draw →' }).click()
  await expect(other).toHaveURL(new URL(round2.link).pathname)
  await expect(other.getByText('Verified', { exact: true })).toBeVisible()
  await other.context().close()
})

test('visitors see no switch; a draw not yet revealed and a missing draw say so', async ({ page }) => {
  await page.goto('/wheel')
  await expect(page.getByRole('button', { name: 'Spin', exact: true })).toBeEnabled()
  await expect(page.getByRole('switch', { name: 'Verifiable draw' })).toHaveCount(0)

  await registerUser(page, 'Patient Host')
  const made = await page.request.post('/api/draws', {
    data: {
      name: 'Friday raffle',
      entries: [
        ['Ann', 1],
        ['Bo', 2],
      ],
    },
  })
  expect(made.status()).toBe(201)
  const { id, commitment } = await made.json()
  await page.goto(`/draw/${id}`)
  await expect(page.getByText('Committed, not yet drawn')).toBeVisible()
  await expect(page.getByText(commitment)).toBeVisible()
  await expect(page.getByText('Server seed')).toHaveCount(0)

  await page.goto('/draw/AAAAAAAAAAAAAAAAAAAAAA')
  await expect(page.getByRole('heading', { name: 'Draw not found' })).toBeVisible()
})

test('Show all lists every entry of a big draw in order, each with its place, and the last ones show when scrolled to', async ({
  page,
}) => {
  await registerPremium(page, 'Big Raffle Host')
  const entries = Array.from({ length: 1_200 }, (_, i) => [`Entrant ${i + 1}`, 1])
  const made = await page.request.post('/api/draws', { data: { name: 'Big raffle', entries } })
  expect(made.status()).toBe(201)
  const { id } = await made.json()
  expect((await page.request.post(`/api/draws/${id}/reveal`, { data: { clientSeed: 'e2e' } })).status()).toBe(
    200,
  )
  await page.goto(`/draw/${id}`)
  await expect(page.getByText('Verified', { exact: true })).toBeVisible()
  const rows = page.getByRole('list', { name: 'Entries (1,200)' }).getByRole('listitem')
  await expect(rows).toHaveCount(100)
  await page.getByRole('button', { name: 'Show all 1,200 entries' }).click()
  await expect(rows).toHaveCount(1_200)
  await expect(page.getByRole('list', { name: 'Entries (1,200)' })).toHaveAttribute('aria-busy', 'false')
  expect(await rows.evaluateAll((els) => els.map((el) => el.textContent))).toEqual(
    entries.map(([text], i) => `${i + 1}.${text}weight 1`),
  )
  // Each row says its place in the whole list (rows the browser has not drawn yet are not read out).
  await expect(rows.nth(1_199)).toHaveAttribute('aria-posinset', '1200')
  await expect(rows.nth(1_199)).toHaveAttribute('aria-setsize', '1200')
  // The last run, skipped while off screen, is drawn once scrolled to: its rows have their height.
  await rows.nth(1_199).scrollIntoViewIfNeeded()
  await expect(rows.nth(1_199)).toBeInViewport()
  const last = await rows.nth(1_199).boundingBox()
  expect(last?.height).toBeGreaterThan(20)
})

test.describe('at 375 px in dark mode', () => {
  test.use({ bypassCSP: true, viewport: { width: 375, height: 800 } })

  test('the wheel with a draw on, the draw page and /fair fit the phone and pass the WCAG A/AA checks', async ({
    page,
    seedWheel,
    axe,
  }) => {
    const check = async (label: string) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, label).toBeLessThanOrEqual(0)
      await axe(label)
    }
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
    await registerUser(page, 'Phone Host')
    await seedWheel(items(['Ann', 'Bo', 'Cy'], COLORS))
    await turnOnVerifiableDraw(page)
    await check('/wheel with a verifiable draw')
    const { link } = await spinAndReadLink(page)
    await check('/wheel winner modal')
    await page.goto(new URL(link).pathname)
    await expect(page.getByText('Verified', { exact: true })).toBeVisible()
    await check('/draw/<id>')
    await page.goto('/fair')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verifiable draws')
    await check('/fair')
  })
})
