import { expect } from '@playwright/test'
import { test } from './fixtures'
import { startTwitchLoopback } from './twitch-loopback'
import { items, openWithWheel } from './wheel-helpers'

// Issue 36, chat entry in a room: the host opens Chat entries in the Go live dialog, chatters type
// !join on the loopback Twitch server, and Put on the wheel puts them on the room's wheel.

test("chat entrants go onto a live room's wheel from the Go live dialog", async ({ page, browser }) => {
  test.setTimeout(90_000)
  const loopback = await startTwitchLoopback()
  try {
    await loopback.route(page)
    await openWithWheel(page, items(['Placeholder'], ['#ef4444']))
    await page.getByRole('button', { name: 'Go live' }).click()
    const dialog = page.getByRole('dialog', { name: 'Go live' })
    await dialog.getByRole('button', { name: 'Open room' }).click()
    await expect(dialog.getByTestId('room-code')).toHaveText(/^[A-Z0-9]{6}$/)
    const screenLink =
      (await dialog.getByRole('link', { name: 'Screen', exact: true }).getAttribute('href')) ?? ''
    const screen = await (await browser.newContext({ serviceWorkers: 'block' })).newPage()
    await screen.goto(screenLink)
    await expect(screen.getByRole('img', { name: 'Wheel with 1 item' })).toBeVisible()

    await dialog.getByRole('button', { name: 'Chat entries' }).click()
    const panel = dialog.getByRole('region', { name: 'Chat entries' })
    await panel.getByLabel('Twitch channel').fill('Streamer')
    await panel.getByRole('button', { name: 'Open entries' }).click()
    await loopback.joined(1)
    await expect(panel.getByText('Reading #streamer.')).toBeVisible()
    for (const [id, name] of [
      ['1', 'Ann'],
      ['2', 'Bo'],
      ['3', 'Cy'],
    ])
      loopback.say(id as string, name as string, '!join')
    loopback.say('4', 'Di', 'hello')
    await expect(panel.getByTestId('entrant-count')).toHaveText('3 entries')
    await panel.getByRole('button', { name: 'Close entries' }).click()
    await panel.getByRole('button', { name: 'Put on the wheel' }).click()
    await expect(panel.getByText('3 entries were put on the wheel.')).toBeVisible()

    // The room's wheel follows: every screen shows the three entrants.
    await expect(screen.getByRole('img', { name: 'Wheel with 3 items' })).toBeVisible()
    await screen.context().close()
  } finally {
    await loopback.close()
  }
})
