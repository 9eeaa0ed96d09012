import { type Browser, expect, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { test } from './fixtures'
import { colorsUnderPointer, hexToRgb, items, near, openWithWheel } from './wheel-helpers'

const COLORS = ['#ef4444', '#22c55e', '#3b82f6', '#eab308', '#8b5cf6', '#f97316']
const SPIN_MS = 5_000

/** A page in a browser context of its own (no session, nothing stored), optionally phone-sized. */
async function own(browser: Browser, viewport = { width: 1280, height: 720 }): Promise<Page> {
  const context = await browser.newContext({ viewport })
  return context.newPage()
}

/**
 * The late watcher's page's own notes (performance.now()): when it was asked to join, when its
 * wheel appeared, and the wheel's first turns as the page set them (degrees), so that what the
 * watcher saw does not depend on how quickly the test's own round trips come back on a busy machine.
 */
type JoinMarks = { joinAsked: number; wheelShown?: number; turns: number[] }

test('a live room: the remote spins, every screen shows the same winner, a late watcher catches up, viewers cannot spin, the proof verifies', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const seeded = items(['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'], COLORS)
  await openWithWheel(page, seeded, { spinDuration: SPIN_MS })
  await page.getByRole('button', { name: 'Go live' }).click()
  const dialog = page.getByRole('dialog', { name: 'Go live' })
  await dialog.getByRole('button', { name: 'Open room' }).click()
  await expect(dialog.getByTestId('room-code')).toHaveText(/^[A-Z0-9]{6}$/)
  const code = ((await dialog.getByTestId('room-code').textContent()) ?? '').trim()
  await expect(dialog.getByRole('img', { name: 'QR code of the link' })).toBeVisible()
  const href = async (name: string) =>
    (await dialog.getByRole('link', { name, exact: true }).getAttribute('href')) as string
  const [watch, screenLink, remoteLink] = [await href('Watch'), await href('Screen'), await href('Remote')]
  expect(watch).toMatch(new RegExp(`/live/${code}$`))

  const remote = await own(browser, { width: 390, height: 844 })
  const screen = await own(browser)
  const watcher = await own(browser)
  await remote.goto(remoteLink)
  await screen.goto(screenLink)
  await watcher.goto(watch)
  await expect(remote.getByTestId('item-count')).toHaveText('6 items')
  await expect(watcher.getByRole('heading', { name: 'Test Wheel' })).toBeVisible()
  // Host, remote, screen and watcher.
  await expect(watcher.getByTestId('viewer-count')).toHaveText('4 viewers')

  // The host's edits reach every screen.
  await page.keyboard.press('Escape')
  await page.getByLabel('New item').fill('Gus')
  await page.getByLabel('New item').press('Enter')
  await expect(remote.getByTestId('item-count')).toHaveText('7 items')
  await page.getByRole('button', { name: 'Delete Gus' }).click()
  await expect(remote.getByTestId('item-count')).toHaveText('6 items')

  // A watcher cannot spin.
  const refused = await watcher.request.post(`/api/rooms/${code}/spin`)
  expect(refused.status()).toBe(403)
  expect((await refused.json()).error).toBe('Only the host can do this. Viewers can watch.')

  // The late watcher's browser is ready (the live page's code loaded once, on a room that does
  // not exist) but not in the room: it joins with an in-app navigation 1 s into the spin.
  const late = await own(browser)
  await late.goto('/live/AAAAAA')
  await expect(late.getByText('This room has ended.').first()).toBeVisible()
  await late.goto('/about')

  await remote.getByRole('button', { name: 'Spin', exact: true }).click()
  // A watcher who opens the room 1 s into the spin sees the wheel turning.
  await watcher.waitForTimeout(1_400)
  // The page notes when its wheel appears and the rotor's first turns after that. The rotor is
  // turned in every frame of a spin and set once where a spin has ended: turns that grow mean the
  // watcher saw the wheel turning.
  await late.evaluate((path) => {
    const marks = window as unknown as JoinMarks
    marks.joinAsked = performance.now()
    marks.turns = []
    const turning = new MutationObserver(() => {
      const rotor = document.querySelector<HTMLElement>('[data-testid="live-rotor"]')
      const turn = /rotate\(([-\d.e]+)deg\)/.exec(rotor?.style.transform ?? '')?.[1]
      if (turn !== undefined) marks.turns.push(Number(turn))
      if (marks.turns.length >= 5) turning.disconnect()
    })
    const seen = new MutationObserver(() => {
      const rotor = document.querySelector('[data-testid="live-rotor"]')
      if (!rotor) return
      marks.wheelShown = performance.now()
      seen.disconnect()
      turning.observe(rotor, { attributes: true, attributeFilter: ['style'] })
    })
    seen.observe(document.body, { childList: true, subtree: true })
    history.pushState(null, '', path)
    dispatchEvent(new PopStateEvent('popstate'))
  }, new URL(watch).pathname)
  await expect(late.getByTestId('wheel')).toBeVisible()
  const marks = await late.evaluate(async () => {
    const marks = window as unknown as JoinMarks
    for (let i = 0; i < 100 && marks.turns.length < 2; i++) await new Promise((r) => setTimeout(r, 50))
    return { join: Math.round((marks.wheelShown ?? Number.NaN) - marks.joinAsked), turns: marks.turns }
  })
  const [first = Number.NaN, second = Number.NaN] = marks.turns
  expect(
    second,
    `the late watcher sees the wheel turning (its page showed the wheel ${marks.join} ms after the navigation; turns ${marks.turns.join(', ')})`,
  ).toBeGreaterThan(first)

  const winner = (
    (await remote.getByTestId('live-winner-text').textContent({ timeout: 10_000 })) ?? ''
  ).trim()
  expect(seeded.map((s) => s.text)).toContain(winner)
  for (const p of [watcher, late]) await expect(p.getByTestId('live-winner-text')).toHaveText(winner)
  await expect(screen.getByTestId('screen-winner')).toHaveText(winner)

  // On the screen, the pointer is on the winner's colour.
  const samples = await colorsUnderPointer(screen)
  const target = hexToRgb(seeded.find((s) => s.text === winner)?.color ?? '#000000')
  expect(samples.filter((s) => near(s, target)).length).toBeGreaterThanOrEqual(3)
  const others = seeded.filter((s) => s.text !== winner).map((s) => hexToRgb(s.color))
  expect(samples.filter((s) => others.some((o) => near(s, o)))).toEqual([])

  await expectNoAxeViolations(watcher, 'watch page after a spin')
  await expectNoAxeViolations(remote, 'remote on a phone')
  await expectNoAxeViolations(screen, 'screen')

  // The room's spin is a verifiable draw.
  await watcher.getByRole('link', { name: 'Proof' }).first().click()
  await expect(watcher.getByText('Verified', { exact: true })).toBeVisible()
})

test('the host revokes the remote link and makes a new one; a Premium host can keep the room open', async ({
  page,
  browser,
  premiumUser: _premium,
}) => {
  await openWithWheel(page, items(['Ann', 'Bo', 'Cy'], COLORS), { spinDuration: 1_000 })
  await page.getByRole('button', { name: 'Go live' }).click()
  const dialog = page.getByRole('dialog', { name: 'Go live' })
  // Premium: the room can be kept, with its code, however long it stays idle.
  await dialog.getByLabel('Keep this room and its code open (it never closes when idle)').check()
  await dialog.getByRole('button', { name: 'Open room' }).click()
  await expect(dialog.getByTestId('room-code')).toHaveText(/^[A-Z0-9]{6}$/)
  const remoteLink =
    (await dialog.getByRole('link', { name: 'Remote', exact: true }).getAttribute('href')) ?? ''

  const remote = await own(browser, { width: 390, height: 844 })
  await remote.goto(remoteLink)
  await expect(remote.getByTestId('item-count')).toHaveText('3 items')

  await dialog.getByRole('button', { name: 'Revoke remote link' }).click()
  await expect(dialog.getByText('The remote link is revoked: only you can spin.')).toBeVisible()
  await remote.getByRole('button', { name: 'Spin', exact: true }).click()
  await expect(remote.getByRole('alert')).toBeVisible()

  await dialog.getByRole('button', { name: 'New remote link' }).click()
  const newLink = (await dialog.getByRole('link', { name: 'Remote', exact: true }).getAttribute('href')) ?? ''
  expect(newLink).not.toBe(remoteLink)
  await remote.goto(newLink)
  await remote.reload()
  await expect(remote.getByTestId('item-count')).toHaveText('3 items')
  await remote.getByRole('button', { name: 'Spin', exact: true }).click()
  await expect(remote.getByTestId('live-winner-text')).toHaveText(/^(Ann|Bo|Cy)$/, { timeout: 15_000 })
  await expect(remote.getByRole('alert')).toHaveCount(0)
})
