import { expect, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { test } from './fixtures'
import { registerUser } from './premium-helpers'
import { startTwitchLoopback } from './twitch-loopback'
import { items, openWithWheel } from './wheel-helpers'

type Loopback = Awaited<ReturnType<typeof startTwitchLoopback>>

async function openChatEntries(page: Page, loopback: Loopback) {
  await loopback.route(page)
  await registerUser(page, 'Streamer')
  await openWithWheel(page, items(['Placeholder'], ['#ef4444']))
  await page.getByRole('button', { name: 'Chat entries' }).click()
  const panel = page.getByRole('region', { name: 'Chat entries' })
  await panel.getByLabel('Twitch channel').fill('Streamer')
  await expect(panel.getByLabel('Keyword')).toHaveValue('!join')
  await expect(panel.getByText('Followers cannot be told apart')).toBeVisible()
  return panel
}

let loopback: Loopback
test.beforeEach(async () => {
  loopback = await startTwitchLoopback()
})
test.afterEach(async () => {
  await loopback.close()
})

test('50 chatters type !join: each enters once, other words and late messages do not, across a RECONNECT and a dropped socket', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const panel = await openChatEntries(page, loopback)
  await panel.getByRole('button', { name: 'Open entries' }).click()
  await loopback.joined(1)
  await expect(panel.getByText('Reading #streamer.')).toBeVisible()
  await loopback.ping()

  const name = (i: number) => (i === 7 ? '<b>Zoë</b> ‮RTL' : `Chatter${i}`)
  for (let i = 1; i <= 25; i++) loopback.say(String(i), name(i), i % 2 ? '!join' : '!JOIN')
  await expect(panel.getByTestId('entrant-count')).toHaveText('25 entries')

  // Twitch asks the client to reconnect: it joins again and nothing is lost or doubled.
  loopback.reconnect()
  await loopback.joined(2)
  for (let i = 26; i <= 35; i++) loopback.say(String(i), name(i), '!join')
  // A dropped socket: the client connects again after a second.
  await expect(panel.getByTestId('entrant-count')).toHaveText('35 entries')
  loopback.drop()
  await loopback.joined(3)
  for (let i = 36; i <= 47; i++) loopback.say(String(i), name(i), '!join')
  for (const i of [45, 46, 47]) loopback.say(String(i), `${name(i)} renamed`, '!join')
  loopback.say('48', name(48), '!join now')
  loopback.say('49', name(49), 'can I !join')
  await expect(panel.getByTestId('entrant-count')).toHaveText('47 entries')

  await panel.getByRole('button', { name: 'Close entries' }).click()
  loopback.say('50', name(50), '!join')
  await page.waitForTimeout(600)
  await expect(panel.getByTestId('entrant-count')).toHaveText('47 entries')
  const listed = await panel.getByRole('list', { name: 'Entrants' }).getByRole('listitem').allTextContents()
  expect(listed.map((t) => t.replace(/Remove$/, ''))).toEqual(
    Array.from({ length: 47 }, (_, i) => name(i + 1)),
  )

  // The host edits the list, then puts it on the wheel.
  await panel.getByRole('button', { name: 'Remove Chatter2', exact: true }).click()
  await expect(panel.getByTestId('entrant-count')).toHaveText('46 entries')
  await panel.getByRole('button', { name: 'Put on the wheel' }).click()
  await expect(panel.getByText('Your wheel holds 15 entries: the first 15 were put on it.')).toBeVisible()
  const wheelItems = page.getByTestId('item-list')
  await expect(wheelItems).toHaveAttribute('aria-label', '15 items')
  await expect(wheelItems.getByTestId('item-row').nth(5)).toContainText('<b>Zoë</b> ‮RTL')
})

test('subscribers only keeps only the chatters with the badge; a NOTICE is shown', async ({ page }) => {
  const panel = await openChatEntries(page, loopback)
  await panel.getByLabel('Subscribers only').check()
  await panel.getByRole('button', { name: 'Open entries' }).click()
  await loopback.joined(1)
  await expect(panel.getByText('Reading #streamer.')).toBeVisible()
  loopback.say('1', 'Plain', '!join')
  loopback.say('2', 'Sub', '!join', 'subscriber/6')
  loopback.say('3', 'Vip', '!join', 'vip/1')
  loopback.say('4', 'Founder', '!join', 'founder/0')
  loopback.say('5', 'Mod', '!join', 'moderator/1')
  loopback.say('6', 'SubToo', '!join', 'subscriber/1,premium/1')
  await expect(panel.getByTestId('entrant-count')).toHaveText('3 entries')
  const listed = await panel.getByRole('list', { name: 'Entrants' }).getByRole('listitem').allTextContents()
  expect(listed.map((t) => t.replace(/Remove$/, ''))).toEqual(['Sub', 'Founder', 'SubToo'])
  loopback.notice('This channel does not exist or has been suspended.')
  await expect(panel.getByText('This channel does not exist or has been suspended.')).toBeVisible()
  await expectNoAxeViolations(page, 'chat entries')
})
