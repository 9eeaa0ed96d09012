import { test as base, type Page } from '@playwright/test'
import { HOSTED_ROOM_KEY } from '../src/web/features/rooms/hosted-room-key'
import { expectNoAxeViolations } from './axe'
import { registerPremium } from './premium-helpers'
import { openWithWheel, type SeedItem } from './wheel-helpers'

type WheelSettings = Parameters<typeof openWithWheel>[2]

export type Fixtures = {
  /** A premium user (the sandbox's test subscription), signed in on the page's context. */
  premiumUser: { email: string; displayName: string }
  /** Stores a wheel of these items in local storage and opens /wheel on it (as a returning visitor). */
  seedWheel: (items: SeedItem[], settings?: WheelSettings) => Promise<void>
  /** Expects no WCAG 2 A/AA violation (axe-core) on the page as it is now; `label` names the state. */
  axe: (label?: string) => Promise<void>
}

/**
 * Ends the live room the page hosts, if any. Rooms open at once are limited per address (5) and
 * every browser test comes from 127.0.0.1: a test that fails half-way, or its retry, must not leave
 * its room counting against the next tests.
 */
async function endHostedRoom(page: Page): Promise<void> {
  if (page.isClosed()) return
  const hosted = await page.evaluate((key) => sessionStorage.getItem(key), HOSTED_ROOM_KEY).catch(() => null)
  if (!hosted) return
  const { code, hostToken } = JSON.parse(hosted) as { code: string; hostToken: string }
  await page.request
    .post(`/api/rooms/${code}/end`, { headers: { authorization: `Bearer ${hostToken}` } })
    .catch(() => {})
}

/**
 * The specs' `test`, with the fixtures above. A fixture runs only for the tests that name it; take
 * `premiumUser` before `seedWheel` runs so the wheel page opens signed in. `page` is Playwright's,
 * and ends the live room it hosts when the test ends.
 *
 *   test('…', async ({ page, premiumUser, seedWheel, axe }) => {
 *     await seedWheel(items(['Ann', 'Bo'], COLORS))
 *     await axe()
 *   })
 */
export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    await use(page)
    await endHostedRoom(page)
  },
  premiumUser: async ({ page }, use) => {
    const displayName = 'Premium Pat'
    await use({ email: await registerPremium(page, displayName), displayName })
  },
  seedWheel: async ({ page }, use) => {
    await use((items, settings) => openWithWheel(page, items, settings))
  },
  axe: async ({ page }, use) => {
    await use((label) => expectNoAxeViolations(page, label))
  },
})
