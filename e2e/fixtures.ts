import { test as base } from '@playwright/test'
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
 * The specs' `test`, with the fixtures above. A fixture runs only for the tests that name it; take
 * `premiumUser` before `seedWheel` runs so the wheel page opens signed in.
 *
 *   test('…', async ({ page, premiumUser, seedWheel, axe }) => {
 *     await seedWheel(items(['Ann', 'Bo'], COLORS))
 *     await axe()
 *   })
 */
export const test = base.extend<Fixtures>({
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
