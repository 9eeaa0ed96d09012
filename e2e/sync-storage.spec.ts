import { expect, type Page, test } from '@playwright/test'
import { registerPremium } from './premium-helpers'

const COLORS = ['#ef4444', '#22c55e', '#3b82f6', '#eab308', '#a855f7', '#14b8a6']

/** A wheel file of `count` items, as the editor's Export writes it. */
function rosterFile(name: string, count: number): Buffer {
  const items = Array.from({ length: count }, (_, i) => ({
    text: `${name} pupil ${i + 1}`,
    color: COLORS[i % COLORS.length],
  }))
  return Buffer.from(JSON.stringify({ name, items }))
}

/** The account's wheels as the server has them, every page of the pull (up to 4 MB each). */
async function serverWheels(page: Page): Promise<string[]> {
  const names: string[] = []
  for (let since = 0, more = true; more; ) {
    const response = await page.context().request.get(`/api/wheels?since=${since}`)
    expect(response.ok()).toBe(true)
    const body = (await response.json()) as {
      wheels: { wheel: { name: string } | null }[]
      cursor: number
      more?: boolean
    }
    names.push(...body.wheels.flatMap((row) => (row.wheel ? [row.wheel.name] : [])))
    more = body.more === true
    since = body.cursor
  }
  return names.sort()
}

test('ten 10,000-item wheels and a reload: all ten stay on /saved and on the server', async ({ page }) => {
  test.setTimeout(180_000)
  await registerPremium(page, 'Roster Rita')
  await page.goto('/saved')
  await expect(page.getByTestId('sync-status')).toBeVisible()
  const names = Array.from({ length: 10 }, (_, i) => `Roster ${i}`)
  for (const name of names) {
    await page.getByTestId('import-file').setInputFiles({
      name: `${name}.json`,
      mimeType: 'application/json',
      buffer: rosterFile(name, 10_000),
    })
    await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(`Imported “${name}”.`)
  }
  await expect(page.getByRole('article')).toHaveCount(10)
  await expect.poll(() => serverWheels(page), { timeout: 60_000 }).toEqual(names)

  // The first sync after the reload, waited for from before the reload: an ask with nothing new is
  // answered from the server's memory, often before the cards are checked.
  const synced = page.waitForResponse((r) => r.url().includes('/api/wheels') && r.ok(), { timeout: 60_000 })
  await page.reload()
  await expect(page.getByRole('article')).toHaveCount(10, { timeout: 30_000 })
  for (const name of names) await expect(page.getByRole('article', { name })).toContainText('10,000 items')
  // Give sync time to run after the reload: nothing it does may delete a wheel from the account.
  await synced
  await page.waitForTimeout(1500)
  expect(await serverWheels(page)).toEqual(names)
})
