import { readFile } from 'node:fs/promises'
import { expect, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { test } from './fixtures'
import { registerPremium } from './premium-helpers'
import { items, openWithWheel } from './wheel-helpers'

const COLORS = ['#ef4444', '#22c55e', '#3b82f6', '#eab308', '#8b5cf6']
const names = (n: number) => Array.from({ length: n }, (_, i) => `Guest ${i + 1}`)

async function openGiveaway(page: Page, entries: string[]) {
  await registerPremium(page, 'Giveaway Host')
  await openWithWheel(page, items(entries, COLORS))
  await page.getByRole('button', { name: 'Giveaway' }).click()
  return page.getByRole('region', { name: 'Giveaway' })
}

/** Closes the winner modal of the spin that just ended; answers the winner the wheel landed on. */
async function closeWinner(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'We have a winner!' })
  const winner = ((await dialog.getByTestId('winner-text').textContent()) ?? '').trim()
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toBeHidden()
  return winner
}

/** The proof page of the draw just made, in a new tab: it recomputes the draw and says Verified. */
async function proofSaysVerified(page: Page, panel: ReturnType<Page['getByRole']>) {
  const href = (await panel.getByRole('link', { name: 'Proof page' }).getAttribute('href')) as string
  const proof = await page.context().newPage()
  await proof.goto(href)
  await expect(proof.getByRole('status').getByText('Verified', { exact: true })).toBeVisible({
    timeout: 15_000,
  })
  return proof
}

/** A winners-list entry of this place and exactly this name (then its Reroll button's words). */
const winnerEntry = (place: number, name: string) =>
  new RegExp(`^Place ${place}${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(Reroll)*$`)

test('5 winners of 20 entries one by one and all at once, a reroll, the CSV, and each proof page says Verified', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const panel = await openGiveaway(page, names(20))
  await panel.getByLabel('Number of winners').fill('5')
  await expect(panel.getByTestId('giveaway-commitment')).toHaveText(/^[0-9a-f]{64}$/)
  await expectNoAxeViolations(page, 'giveaway panel')

  // One by one: the wheel spins for place 1, then once for each next place.
  await panel.getByRole('button', { name: 'Pick winners' }).click()
  const winners = panel.getByRole('list', { name: 'Winners' }).getByRole('listitem')
  for (let place = 1; place <= 5; place++) {
    const landed = await closeWinner(page)
    await expect(winners).toHaveCount(place)
    // The wheel lands on the winner of that place.
    await expect(winners.nth(place - 1)).toHaveText(winnerEntry(place, landed))
    if (place < 5) await panel.getByRole('button', { name: `Spin for place ${place + 1}` }).click()
  }
  const before = await winners.allTextContents()
  expect(new Set(before.map((t) => t.replace(/^Place \d+/, '').replace(/Reroll$/, ''))).size).toBe(5)

  // A reroll of place 3 replaces that winner and is shown as a reroll.
  const third = (before[2] ?? '').replace(/^Place 3/, '').replace(/Reroll$/, '')
  await panel.getByRole('button', { name: 'Reroll place 3' }).click()
  const rerolls = panel.getByRole('list', { name: 'Rerolls' }).getByRole('listitem')
  await expect(rerolls).toHaveCount(1)
  await expect(rerolls.first()).toContainText(`Place 3: ${third} replaced by`)
  // Exactly that name: "Guest 17" contains "Guest 1".
  await expect(winners.nth(2)).not.toHaveText(winnerEntry(3, third))

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const csv = (await readFile((await download.path()) as string, 'utf8')).trimEnd().split('\r\n')
  expect(csv[0]).toBe('Place,Name,Time')
  expect(csv).toHaveLength(6)
  expect(csv[3]).toMatch(/^3,Guest \d+,\d{4}-\d\d-\d\dT/)
  expect(csv[3]).not.toContain(`,${third},`)

  const proof = await proofSaysVerified(page, panel)
  await expect(proof.getByRole('list', { name: 'Winners' }).getByRole('listitem')).toHaveCount(5)
  await expect(proof.getByRole('list', { name: 'Rerolls' })).toContainText(`Place 3: ${third} replaced by`)
  await proof.close()

  // All at once: one spin, then the whole list in order.
  await panel.getByRole('button', { name: 'New draw' }).click()
  await panel.getByLabel('Reveal all at once').check()
  await expect(panel.getByTestId('giveaway-commitment')).toHaveText(/^[0-9a-f]{64}$/)
  await panel.getByRole('button', { name: 'Pick winners' }).click()
  const first = await closeWinner(page)
  await expect(winners).toHaveCount(5)
  await expect(winners.first()).toContainText(first)
  await expect(panel.getByRole('button', { name: /Spin for place/ })).toHaveCount(0)
  await (await proofSaysVerified(page, panel)).close()
})

test('teams of 3 from 10 entries show as cards and the proof page recomputes them (phone, dark mode)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'dark' })
  const panel = await openGiveaway(page, names(10))
  await panel.getByLabel('Teams').check()
  await panel.getByLabel('Teams of N').check()
  await panel.getByLabel('People per team').fill('3')
  await expect(panel.getByTestId('giveaway-commitment')).toHaveText(/^[0-9a-f]{64}$/)
  await panel.getByRole('button', { name: 'Make teams' }).click()
  const cards = panel.getByRole('list', { name: 'Teams' }).getByRole('listitem', { name: /^Team \d+$/ })
  await expect(cards).toHaveCount(4)
  const members = await cards.evaluateAll((els) => els.map((el) => el.querySelectorAll('li').length))
  expect(members).toEqual([3, 3, 2, 2])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page, 'team cards, phone, dark')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const csv = (await readFile((await download.path()) as string, 'utf8')).trimEnd().split('\r\n')
  expect(csv[0]).toBe('Team,Name')
  expect(csv).toHaveLength(11)

  const proof = await proofSaysVerified(page, panel)
  await expect(proof.getByRole('listitem', { name: /^Team \d+$/ })).toHaveCount(4)
})

test('a count above the number of entries is refused with a clear message and nothing is committed', async ({
  page,
}) => {
  const panel = await openGiveaway(page, names(4))
  await panel.getByLabel('Number of winners').fill('5')
  await expect(panel.getByText(/at most the number of entries/)).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Pick winners' })).toBeDisabled()
})
