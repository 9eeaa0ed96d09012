import { expect, test } from '@playwright/test'
import { STORE_KEY } from '../src/core/storage/keys'
import { registerPremium } from './premium-helpers'

const WHEELS = 200
const time = (i: number) => new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString()

/** An older version's local-storage state with 200 small saved wheels (moved into IndexedDB on load). */
function stateWith200Wheels() {
  const settings = {
    spinDuration: 1000,
    soundEnabled: false,
    confettiEnabled: false,
    wheelSize: 300,
    mode: 'normal',
  }
  const wheels = Array.from({ length: WHEELS }, (_, w) => ({
    id: `grid-${w + 1}`,
    name: `Wheel ${w + 1}`,
    items: ['Ann', 'Bo', 'Cy'].map((text, i) => ({
      id: `g${w}-${i}`,
      text: `${text} ${w + 1}`,
      color: '#3b82f6',
    })),
    settings,
    tally: {},
    createdAt: time(w),
    updatedAt: time(w),
  }))
  return {
    version: 1,
    currentWheel: { ...wheels[0], id: null },
    savedWheels: wheels,
    spinHistory: [],
    settings: { soundEnabled: true, confettiEnabled: true, autoSave: true },
  }
}

test('200 saved wheels: the grid renders what is near the screen, and scrolling, the keyboard and search reach every wheel', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await registerPremium(page, 'Grid Greta')
  // Stored before the app's scripts run, once: a premium user's page loads the wheel store (cloud
  // sync) on every page, and it would write its own state over a value set while it runs.
  await page.addInitScript(
    ([key, state]) => {
      if (sessionStorage.getItem('seeded')) return
      localStorage.setItem(key, JSON.stringify(state))
      sessionStorage.setItem('seeded', '1')
    },
    [STORE_KEY, stateWith200Wheels()] as const,
  )
  await page.goto('/saved')
  const list = page.getByRole('list', { name: 'Saved wheels' })
  // Newest first: Wheel 200 leads, and the list says it stands for all 200.
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(WHEELS))
  await expect(list.getByRole('article').first()).toHaveAccessibleName(`Wheel ${WHEELS}`)
  const rendered = await list.getByRole('article').count()
  expect(rendered).toBeLessThan(WHEELS)

  // Scrolled part way, the padding that stands for the rows above is as tall as those rows are.
  await page.evaluate(() => window.scrollTo(0, 4000))
  await expect
    .poll(() =>
      page.evaluate(() => {
        const ul = document.querySelector('[aria-label="Saved wheels"]') as HTMLElement
        const items = [...ul.children] as HTMLElement[]
        const top = (li: HTMLElement) => li.getBoundingClientRect().top
        const first = items[0] as HTMLElement
        const columns = items.filter((li) => Math.abs(top(li) - top(first)) < 1).length
        const next = items[columns] as HTMLElement
        const rowsAbove = (Number(first.getAttribute('aria-posinset')) - 1) / columns
        return rowsAbove > 0
          ? Math.round(Number.parseFloat(ul.style.paddingTop) / rowsAbove - (top(next) - top(first)))
          : null
      }),
    )
    .toBe(0)

  // Scrolled to the end, the oldest wheel is there and loads.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const oldest = page.getByRole('article', { name: 'Wheel 1', exact: true })
  await expect(oldest).toBeInViewport()
  await expect(oldest).toContainText('3 items')
  await oldest.getByRole('button', { name: 'Load Wheel 1', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wheel 1')

  // The keyboard walks past the rows first rendered: Tab from Wheel 200's Load reaches Wheel 150's.
  await page.goto('/saved')
  await page.getByRole('button', { name: `Load Wheel ${WHEELS}`, exact: true }).focus()
  const target = page.getByRole('button', { name: 'Load Wheel 150', exact: true })
  for (let step = 0; step < 2 * (WHEELS - 150); step++) await page.keyboard.press('Tab')
  await expect(target).toBeFocused()
  await expect(target).toBeInViewport()

  // Search looks at every wheel, rendered or not (names and items).
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.getByLabel('Search saved wheels').fill('Cy 7')
  await expect(list.getByRole('article')).toHaveCount(11)
  await expect(page.getByRole('article', { name: 'Wheel 7', exact: true })).toBeVisible()
})
