import { expect, type Page, test } from '@playwright/test'
import { STORE_KEY, savedPendingKeys } from '../src/core/storage/keys'
import { registerPremium } from './premium-helpers'
import { countStoredSavedWheels, storedSavedWheels, storedWheelState } from './wheel-helpers'

const COLORS = ['#ef4444', '#22c55e', '#3b82f6', '#eab308', '#a855f7', '#14b8a6']
const items = (name: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ text: `${name} ${i + 1}`, color: COLORS[i % COLORS.length] }))
const cards = (page: Page) => page.getByRole('list', { name: 'Saved wheels' }).getByRole('article')

test('a premium user keeps 50 wheels of 10,000 items across a reload, spins one, and a second tab follows', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await registerPremium(page, 'Librarian Lou')
  await page.goto('/saved')
  const names = Array.from({ length: 50 }, (_, i) => `Library ${String(i + 1).padStart(2, '0')}`)
  for (const name of names) {
    await page.getByTestId('import-file').setInputFiles({
      name: `${name}.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ name, items: items(name, 10_000) })),
    })
    await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(`Imported “${name}”.`)
  }
  await expect(cards(page)).toHaveCount(50)
  await expect.poll(() => countStoredSavedWheels(page), { timeout: 30_000 }).toBe(50)

  await page.reload()
  await expect(cards(page)).toHaveCount(50, { timeout: 30_000 })
  await expect(page.getByRole('article', { name: 'Library 37' })).toContainText('10,000 items')
  await expect(page.getByTestId('storage-usage')).toContainText('Whirl uses')

  await page
    .getByRole('article', { name: 'Library 37' })
    .getByRole('button', { name: 'Load Library 37' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Library 37')
  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  const winner = page.getByRole('dialog', { name: 'We have a winner!' })
  await expect(winner).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('winner-text')).toHaveText(/^Library 37 \d+$/)
  await winner.getByRole('button', { name: 'Close', exact: true }).click()

  // A second tab on /saved sees a wheel saved in the first, without a reload.
  const other = await page.context().newPage()
  await other.goto('/saved')
  await expect(cards(other)).toHaveCount(50, { timeout: 30_000 })
  await page.goto('/saved')
  // New Wheel at once, while the second tab may still be reading its wheels: a tab that changed
  // nothing never writes its older copy (the loaded "Library 37") over the first tab's new wheel.
  await page.getByRole('button', { name: 'New Wheel' }).click()
  await page.getByLabel('Wheel name').fill('Saved in tab one')
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  // "Saved." when the browser has stored it; when cloud sync's answer has already replaced the wheel
  // by then (seen on a slow machine), the auto-save line's "Saved" says it instead.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Saved\.?$/ })
      .first(),
  ).toBeVisible()
  await expect(other.getByRole('article', { name: 'Saved in tab one' })).toBeVisible({ timeout: 15_000 })
  await expect(cards(other)).toHaveCount(51)
})

/** The local-storage state of the version before IndexedDB: every wheel under one key. */
function oldState() {
  const saved = (n: number) => ({
    id: `old-${n}`,
    name: `Old wheel ${n}`,
    items: items(`Old ${n}`, 20).map((item, i) => ({ ...item, id: `old-${n}-${i}` })),
    settings: {
      spinDuration: 1000,
      soundEnabled: false,
      confettiEnabled: false,
      wheelSize: 300,
      mode: 'normal',
    },
    tally: {},
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: `2026-11-0${n}T10:00:00.000Z`,
  })
  return {
    version: 1,
    currentWheel: {
      id: null,
      name: 'Whole school',
      items: items('Pupil', 10_000).map((item, i) => ({ ...item, id: `pupil-${i}` })),
      settings: {
        spinDuration: 1000,
        soundEnabled: false,
        confettiEnabled: false,
        wheelSize: 300,
        mode: 'normal',
      },
      tally: {},
    },
    savedWheels: [saved(1), saved(2), saved(3)],
    spinHistory: [
      {
        id: 'h1',
        result: { text: 'Pupil 7', color: '#ef4444' },
        wheelName: 'Whole school',
        timestamp: '2026-11-20T09:00:00.000Z',
      },
    ],
    settings: { soundEnabled: true, confettiEnabled: true, autoSave: true },
  }
}

async function expectUpgraded(page: Page) {
  await page.goto('/saved')
  await expect(cards(page)).toHaveCount(3)
  for (const n of [1, 2, 3])
    await expect(page.getByRole('article', { name: `Old wheel ${n}` })).toContainText('20 items')
  await expect
    .poll(async () => (await storedSavedWheels(page)).map((w) => w.name))
    .toEqual(['Old wheel 1', 'Old wheel 2', 'Old wheel 3'])
  const local = await storedWheelState(page)
  // The old copy of the saved wheels is gone; the current wheel and history stay where they were.
  expect(local.savedWheels).toEqual([])
  expect(local.currentWheel.items).toHaveLength(10_000)
  expect((local.spinHistory as { id: string }[]).map((e) => e.id)).toEqual(['h1'])
  await page.goto('/wheel')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Whole school')
  await page.getByRole('tab', { name: 'History' }).click()
  // Exactly: the ticker above the wheel may show "Pupil 7501".
  await expect(page.getByText('Pupil 7', { exact: true })).toBeVisible()
}

test('the old local-storage state moves to IndexedDB on first load, whole', async ({ page }) => {
  await registerPremium(page, 'Upgrader Uma')
  await page.goto('/about')
  await page.evaluate(([key, state]) => localStorage.setItem(key, state), [
    STORE_KEY,
    JSON.stringify(oldState()),
  ] as const)
  await expectUpgraded(page)
})

test('a first load cut off during the move loses nothing: the next load finishes it', async ({ page }) => {
  await registerPremium(page, 'Interrupted Ivo')
  for (const cutAfterMs of [0, 30, 120]) {
    await page.goto('/about')
    await page.evaluate(
      ([key, state]) => {
        localStorage.setItem(key, state)
        indexedDB.deleteDatabase('whirl')
      },
      [STORE_KEY, JSON.stringify(oldState())] as const,
    )
    // The tab goes away while the new copy is being written.
    await page.goto('/saved', { waitUntil: 'commit' })
    await page.waitForTimeout(cutAfterMs)
    await page.goto('about:blank')
    await expectUpgraded(page)
  }
})

test('"Saved." after Save Wheel means the browser has stored the wheel: a reload right after keeps it', async ({
  page,
}) => {
  await registerPremium(page, 'Hasty Hana')
  await page.goto('/wheel')
  await page.getByLabel('Wheel name').fill('Right before the reload')
  // In the page itself, the moment "Saved." shows, read what IndexedDB holds: no write may still be
  // on its way then (a round trip from the test would leave it time to land).
  await page.evaluate(() => {
    const w = window as unknown as { storedWhenSaved?: Promise<string[]> }
    w.storedWhenSaved = new Promise((resolve, reject) => {
      const observer = new MutationObserver(() => {
        const shown = [...document.querySelectorAll('[role="status"]')].some(
          (e) => e.textContent === 'Saved.',
        )
        if (!shown) return
        observer.disconnect()
        const open = indexedDB.open('whirl')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const read = db.transaction('wheels').objectStore('wheels').getAll()
          read.onerror = () => reject(read.error)
          read.onsuccess = () => {
            db.close()
            resolve((read.result as { wheel: { name: string } }[]).map((row) => row.wheel.name))
          }
        }
      })
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    })
  })
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  await expect(page.getByText('Saved.')).toBeVisible()
  expect(
    await page.evaluate(() => (window as unknown as { storedWhenSaved: Promise<string[]> }).storedWhenSaved),
  ).toEqual(['Right before the reload'])
  await page.goto('/saved')
  await expect(cards(page)).toHaveCount(1)
  await expect(page.getByRole('article', { name: 'Right before the reload' })).toBeVisible()
})

test('a wheel imported just before the page is left is kept, though the browser database had not stored it yet', async ({
  page,
  context,
}) => {
  await registerPremium(page, 'Leaving Lee')
  // Nothing reaches the account: the wheel can only come back from this browser.
  await context.route('**/api/wheels/sync', (route) => route.abort())
  await page.goto('/saved')
  await expect(page.getByText('No saved wheels yet')).toBeVisible()
  // This page's writes to the browser's database wait behind a transaction that never ends, as when
  // the tab is closed mid-write (Chromium drops an unfinished write of a page being left).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('whirl')
        open.onsuccess = () => {
          const meta = open.result.transaction('meta', 'readwrite').objectStore('meta')
          const busy = () => {
            meta.get('sync').onsuccess = busy
          }
          busy()
          resolve()
        }
      }),
  )
  await page.getByTestId('import-file').setInputFiles({
    name: 'Last minute.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ name: 'Last minute', items: items('Last minute', 300) })),
  })
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText('Imported “Last minute”.')
  await page.goto('/about')

  await page.goto('/saved')
  await expect(page.getByRole('article', { name: 'Last minute' })).toContainText('300 items')
  // Stored in the database now, and no longer kept aside.
  await expect.poll(() => countStoredSavedWheels(page)).toBe(1)
  expect((await storedSavedWheels(page))[0]?.items).toHaveLength(300)
  expect(savedPendingKeys(await page.evaluate(() => Object.keys(localStorage)))).toEqual([])
})

test('the saved wheels’ code failing to load: the page says so, a save waits and survives a reload, and the next need reads them once it loads', async ({
  page,
}) => {
  await registerPremium(page, 'Patchy Pat')
  // Nothing reaches the account: the wheels can only come back from this browser.
  await page.context().route('**/api/wheels/sync', (route) => route.abort())
  await page.goto('/wheel')
  await page.getByLabel('Wheel name').fill('Kept in the browser')
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await expect.poll(() => countStoredSavedWheels(page)).toBe(1)

  // The next visits to /wheel lose the network for the code that reads the saved wheels.
  let failing = true
  let failed = 0
  await page.route(/\/assets\/saved-wheels-intake-[\w-]+\.js$/, (route) => {
    if (!failing) return route.continue()
    failed += 1
    return route.abort('internetdisconnected')
  })
  await page.reload()
  const unread = page.getByText(
    "Your saved wheels could not be read from this browser's storage just now. Nothing was deleted: reload the page to try again.",
  )
  await expect(unread).toBeVisible()
  // A save asks for them again, and waits: it is not said to be stored while they are unread.
  const tries = failed
  await page.getByLabel('Wheel name').fill('Saved while it failed')
  await page.getByRole('button', { name: 'Save Wheel' }).click()
  await expect.poll(() => failed).toBeGreaterThan(tries)
  await expect(unread).toBeVisible()
  await expect(page.getByText('Saved.')).toHaveCount(0)
  expect((await storedSavedWheels(page)).map((wheel) => wheel.name)).toEqual(['Kept in the browser'])

  // Reloaded while the code still fails: the save waits in the wheel's key, and is not lost.
  await page.reload()
  await expect(unread).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved while it failed')

  // The network is back: /saved, opened from the header, brings that code, and its need of the
  // wheels reads them, the save that waited among them.
  failing = false
  await page.getByRole('banner').getByRole('link', { name: 'Saved Wheels' }).first().click()
  await expect(page).toHaveURL(/\/saved$/)
  await expect(page.getByRole('article', { name: 'Saved while it failed' })).toBeVisible()
  await expect(unread).toHaveCount(0)
  await expect(cards(page)).toHaveCount(1)
  await expect
    .poll(async () => (await storedSavedWheels(page)).map((wheel) => wheel.name))
    .toEqual(['Saved while it failed'])
  await page.reload()
  await expect(page.getByRole('article', { name: 'Saved while it failed' })).toBeVisible()
  await expect(cards(page)).toHaveCount(1)
})
