import { type BrowserContext, expect, test } from '@playwright/test'
import { BACKUP_KEY, STORE_KEY } from '../src/core/storage/keys'
import { colorsUnderPointer, distinctColors, hexToRgb, items, near, openWithWheel } from './wheel-helpers'

test('the default wheel, with stats', async ({ page }) => {
  await page.goto('/wheel')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Wheel')
  await expect(page).toHaveTitle(/My Wheel/)
  await expect(page.getByTestId('item-row')).toHaveCount(6)
  const stats = page.getByRole('definition')
  await expect(stats.nth(0)).toHaveText('6')
  await expect(stats.nth(1)).toHaveText('16.7%')
  await expect(stats.nth(2)).toHaveText('3.0s')
  await expect(stats.nth(3)).toHaveText('300px')
})

test('add, edit and delete items', async ({ page }) => {
  await page.goto('/wheel')
  const input = page.getByLabel('New item')
  await input.fill('   ')
  await input.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Type the text of the item first.')
  await expect(page.getByTestId('item-row')).toHaveCount(6)
  await input.fill('  Pizza  ')
  await input.press('Enter')
  await expect(page.getByTestId('item-row')).toHaveCount(7)
  await expect(page.getByRole('button', { name: 'Edit Pizza' })).toBeVisible()
  await expect(input).toHaveValue('')

  await page.getByRole('button', { name: 'Edit Pizza' }).click()
  const editor = page.getByRole('textbox', { name: 'Edit Pizza' })
  await editor.fill('Tacos')
  await editor.press('Escape')
  await expect(page.getByRole('button', { name: 'Edit Pizza' })).toBeVisible()
  await page.getByRole('button', { name: 'Edit Pizza' }).click()
  await page.getByRole('textbox', { name: 'Edit Pizza' }).fill('Tacos')
  await page.getByRole('textbox', { name: 'Edit Pizza' }).press('Enter')
  await expect(page.getByRole('button', { name: 'Edit Tacos' })).toBeVisible()

  await page.getByRole('button', { name: 'Delete Tacos' }).click()
  await expect(page.getByTestId('item-row')).toHaveCount(6)
  for (let i = 1; i <= 6; i++) await page.getByRole('button', { name: `Delete Option ${i}` }).click()
  await expect(page.getByText('No items yet. Add some items to get started!')).toBeVisible()
  await expect(page.getByText('Add some items to your wheel to start spinning!')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Spin', exact: true })).toBeDisabled()
})

test('free users stop at 15 items', async ({ page }) => {
  await page.goto('/wheel')
  const input = page.getByLabel('New item')
  for (let i = 7; i <= 15; i++) {
    await input.fill(`Item ${i}`)
    await input.press('Enter')
  }
  await expect(page.getByTestId('item-row').first()).toBeVisible()
  await expect(page.getByRole('definition').first()).toHaveText('15')
  await expect(input).toBeDisabled()
  await expect(page.getByText('Item limit reached')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
    'href',
    '/subscription',
  )
  // Disabled for real (aria-disabled alone still takes clicks and Enter).
  const add = page.getByRole('button', { name: 'Add', exact: true })
  expect(await add.evaluate((button) => (button as HTMLButtonElement).disabled)).toBe(true)
  await expect(page.getByText('Free wheels hold up to 15 items.')).toBeVisible()
  await expect(page.getByRole('definition').first()).toHaveText('15')
})

test('settings: duration, size, mode, sound and confetti', async ({ page }) => {
  await page.goto('/wheel')
  await page.getByRole('button', { name: 'Settings' }).click()
  const duration = page.getByRole('slider', { name: /Spin duration/ })
  await duration.focus()
  await page.keyboard.press('End')
  await expect(page.getByRole('definition').nth(2)).toHaveText('5.0s')
  await page.keyboard.press('Home')
  await expect(page.getByRole('definition').nth(2)).toHaveText('1.0s')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('definition').nth(2)).toHaveText('1.1s')
  const size = page.getByRole('slider', { name: /Wheel size/ })
  await size.focus()
  await page.keyboard.press('Home')
  await expect(page.getByRole('definition').nth(3)).toHaveText('200px')
  // On desktop the wheel may grow past the setting (its minimum): editor.spec checks the sizes.
  await expect(page.getByTestId('wheel')).toHaveCSS('width', /^\d+px$/)
  expect(
    Number.parseFloat(await page.getByTestId('wheel').evaluate((e) => getComputedStyle(e).width)),
  ).toBeGreaterThanOrEqual(200)
  await page.getByLabel('Mode', { exact: true }).selectOption('elimination')
  await expect(page.getByText('Elimination: the winner is removed')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Sound', exact: true }).uncheck()
  await expect(page.getByRole('button', { name: 'Sound' })).toHaveAttribute('aria-pressed', 'false')
  await page.getByRole('button', { name: 'Confetti' }).click()
  await expect(page.getByRole('checkbox', { name: 'Confetti', exact: true })).not.toBeChecked()
  await page.reload()
  await expect(page.getByRole('definition').nth(2)).toHaveText('1.1s')
  await expect(page.getByRole('definition').nth(3)).toHaveText('200px')
})

test('while the wheel turns the button says Spinning… and is disabled, and screen readers hear it; the winner is announced after', async ({
  page,
}) => {
  await openWithWheel(page, items(['Alpha', 'Beta'], ['#ef4444', '#3b82f6']), { spinDuration: 3000 })
  const spinButton = page.getByRole('button', { name: /^Spin(ning…)?$/ })
  await spinButton.click()
  await expect(spinButton).toHaveText('Spinning…')
  await expect(spinButton).toBeDisabled()
  await expect(page.getByTestId('announcer')).toHaveText('Spinning…')
  // Paler by its colours while disabled, still fully opaque (decision 0019, seventh pass).
  expect(await spinButton.evaluate((b) => getComputedStyle(b).opacity)).toBe('1')
  const dialog = page.getByRole('dialog', { name: 'We have a winner!' })
  await expect(dialog).toBeVisible({ timeout: 10_000 })
  const winner = await dialog.getByTestId('winner-text').textContent()
  await expect(page.getByTestId('announcer')).toHaveText(`The winner is ${winner}`)
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(page.getByTestId('announcer')).toHaveText(`The winner is ${winner}`)
  await expect(spinButton).toHaveText('Spin')
  await expect(spinButton).toBeEnabled()
})

test('a turned wheel never covers the Spin button: its clear corners take no clicks', async ({ page }) => {
  await openWithWheel(page, items(['Alpha', 'Beta'], ['#ef4444', '#3b82f6']))
  const canvas = page.getByRole('img', { name: 'Wheel with 2 items' })
  const spinButton = page.getByRole('button', { name: 'Spin', exact: true })
  // Where a spin may stop: turned 45°, the square canvas's corner points down past the wheel's box,
  // over the top of the Spin button (the drawing itself is round; the corner is clear).
  await canvas.evaluate((c) => {
    ;(c.parentElement as HTMLElement).style.transform = 'rotate(45deg)'
  })
  const button = await spinButton.boundingBox()
  if (!button) throw new Error('the Spin button has no box')
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x as number, y as number)?.textContent ?? '',
    [button.x + button.width / 2, button.y + 3] as const,
  )
  expect(hit).toBe('Spin')
  await spinButton.click()
  const dialog = page.getByRole('dialog', { name: 'We have a winner!' })
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  // The wheel itself still spins on a click.
  await page.getByRole('button', { name: 'Spin the wheel' }).click()
  await expect(dialog).toBeVisible()
})

test('normal mode: Close keeps every item; Remove deletes the first matching item', async ({ page }) => {
  await openWithWheel(page, items(['Same', 'Same', 'Same'], ['#ef4444']))
  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'We have a winner!' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('winner-text')).toHaveText('Same')
  await expect(page.getByTestId('announcer')).toHaveText('The winner is Same')
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId('item-row')).toHaveCount(3)
  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByTestId('item-row')).toHaveCount(2)
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORE_KEY)
  expect(stored.currentWheel.items.map((i: { id: string }) => i.id)).toEqual(['i1', 'i2'])
  expect(stored.spinHistory).toHaveLength(2)
})

test('elimination mode removes the winner when its result is closed', async ({ page }) => {
  await openWithWheel(page, items(['A', 'B', 'C'], ['#ef4444', '#22c55e', '#3b82f6']), {
    mode: 'elimination',
  })
  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  const winner = await page.getByTestId('winner-text').textContent()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('item-row')).toHaveCount(2)
  await expect(page.getByRole('button', { name: `Edit ${winner?.trim()}` })).toHaveCount(0)
})

test('accumulation mode keeps a tally per item, with a reset', async ({ page }) => {
  await openWithWheel(page, items(['Only'], ['#8b5cf6']), { mode: 'accumulation' })
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: 'Spin', exact: true }).click()
    await page.getByRole('button', { name: 'Close', exact: true }).click()
  }
  await expect(page.getByTestId('item-row')).toContainText('2 wins')
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Reset tally' }).click()
  await expect(page.getByTestId('item-row')).toContainText('0 wins')
})

test('Ctrl+Enter spins from anywhere, and a second spin is ignored while one runs', async ({ page }) => {
  await openWithWheel(page, items(['X', 'Y'], ['#ef4444', '#3b82f6']), { spinDuration: 2000 })
  await page.getByLabel('Wheel name').focus()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('button', { name: 'Spinning…' })).toBeDisabled()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('dialog', { name: 'We have a winner!' })).toBeVisible({ timeout: 5000 })
  await page.getByRole('button', { name: 'Close', exact: true }).click()
  const history = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}').spinHistory,
    STORE_KEY,
  )
  expect(history).toHaveLength(1)
})

test('reload keeps the wheel; the wheel name is the title', async ({ page }) => {
  await page.goto('/wheel')
  await page.getByLabel('Wheel name').fill('Friday lunch')
  await page.getByLabel('New item').fill('Sushi')
  await page.getByLabel('New item').press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Friday lunch')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Friday lunch')
  await expect(page).toHaveTitle(/Friday lunch/)
  await expect(page.getByRole('button', { name: 'Edit Sushi' })).toBeVisible()
})

test('corrupted storage never breaks the page and is kept as a backup', async ({ page }) => {
  await page.goto('/')
  await page.evaluate((key) => localStorage.setItem(key, '{not json'), STORE_KEY)
  await page.goto('/wheel')
  await expect(page.getByTestId('item-row')).toHaveCount(6)
  expect(await page.evaluate((key) => localStorage.getItem(key), BACKUP_KEY)).toBe('{not json')
})

test('two tabs: a change in one shows in the other', async ({ context }) => {
  const a = await context.newPage()
  const b = await context.newPage()
  await a.goto('/wheel')
  await b.goto('/wheel')
  await a.getByLabel('New item').fill('From tab A')
  await a.getByLabel('New item').press('Enter')
  await expect(b.getByRole('button', { name: 'Edit From tab A' })).toBeVisible()
  await b.getByRole('button', { name: 'Delete Option 1' }).click()
  await expect(a.getByRole('button', { name: 'Edit Option 1' })).toHaveCount(0)
  await expect(a.getByTestId('item-row')).toHaveCount(6)
})

/**
 * Tab B starts while tab A stores its first change: B's start finds nothing stored (its app code,
 * not the page's inline loader, has looked) and its wheel store's code is held back until A has
 * stored "From tab A". `readerFails`: the code that reads a stored state fails to load in B until
 * the returned `letReaderLoad()`.
 */
async function tabStartingWhileAnotherStores(context: BrowserContext, readerFails = false) {
  const a = await context.newPage()
  const b = await context.newPage()
  await a.goto('/wheel')
  await expect(a.getByRole('button', { name: 'Edit Option 1' })).toBeVisible()
  await b.addInitScript((key) => {
    const getItem = Storage.prototype.getItem
    Storage.prototype.getItem = function (this: Storage, name: string) {
      if (name === key && /\/assets\//.test(new Error().stack ?? ''))
        Object.assign(window, { startChecked: true })
      return getItem.call(this, name)
    }
  }, STORE_KEY)
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let heldRequests = 0
  await b.route(/\/assets\/wheel-store-[\w-]+\.js$/, async (route) => {
    heldRequests += 1
    await held
    await route.continue()
  })
  let failing = readerFails
  let failedReads = 0
  await b.route(/\/assets\/stored-read-[\w-]+\.js$/, async (route) => {
    if (!failing) return route.continue()
    failedReads += 1
    await route.abort('internetdisconnected')
  })
  await b.goto('/wheel', { waitUntil: 'commit' })
  await b.waitForFunction(() => 'startChecked' in window)
  // Tab A stores its first change before B's wheel store reads the browser's storage.
  await a.getByLabel('New item').fill('From tab A')
  await a.getByLabel('New item').press('Enter')
  await a.waitForFunction((key) => localStorage.getItem(key)?.includes('From tab A'), STORE_KEY)
  release()
  // The wheel store's code was held (the pattern still names its chunk), so it read A's write.
  await expect.poll(() => heldRequests).toBeGreaterThan(0)
  return {
    a,
    b,
    failedReads: () => failedReads,
    letReaderLoad: () => {
      failing = false
    },
  }
}

test('a tab still loading when another tab stores its first change starts from that change', async ({
  context,
}) => {
  const { a, b } = await tabStartingWhileAnotherStores(context)
  await expect(b.getByRole('button', { name: 'Edit From tab A' })).toBeVisible()
  await expect(b.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
  await b.getByRole('button', { name: 'Delete Option 1' }).click()
  await expect(a.getByRole('button', { name: 'Edit Option 1' })).toHaveCount(0)
  await expect(a.getByRole('button', { name: 'Edit From tab A' })).toBeVisible()
})

test('a tab that cannot load the other tab’s wheel says its changes are not saved, writes nothing over it, and takes that wheel in back online', async ({
  context,
}) => {
  const { a, b, failedReads, letReaderLoad } = await tabStartingWhileAnotherStores(context, true)
  const problem = b.getByText(
    "Your wheel could not be read from this browser's storage just now, so changes here are not saved.",
  )
  await expect(problem).toBeVisible()
  expect(failedReads()).toBeGreaterThan(0)
  // A change here is not stored over tab A's wheel.
  await b.getByLabel('New item').fill('From tab B')
  await b.getByLabel('New item').press('Enter')
  await expect(b.getByRole('button', { name: 'Edit From tab B' })).toBeVisible()
  await b.waitForTimeout(500)
  expect(await a.evaluate((key) => localStorage.getItem(key)?.includes('From tab A'), STORE_KEY)).toBe(true)
  await expect(a.getByRole('button', { name: 'Edit From tab B' })).toHaveCount(0)
  // Back online, B reads A's write and the message goes. B's change was made on the default wheel
  // and said not to be saved: A's wheel is taken in whole and nothing of it is lost.
  letReaderLoad()
  await context.setOffline(true)
  await context.setOffline(false)
  await expect(problem).toHaveCount(0)
  await expect(b.getByRole('button', { name: 'Edit From tab A' })).toBeVisible()
  await expect(b.getByRole('button', { name: 'Edit From tab B' })).toHaveCount(0)
  await expect(a.getByRole('button', { name: 'Edit From tab A' })).toBeVisible()
  // From then on B's changes are stored, and A follows them.
  await b.getByRole('button', { name: 'Delete Option 1' }).click()
  await expect(a.getByRole('button', { name: 'Edit Option 1' })).toHaveCount(0)
  await expect(a.getByRole('button', { name: 'Edit From tab A' })).toBeVisible()
})

test('Premium Only badges on Save and Import; upsell on Presets and History', async ({ page }) => {
  await page.goto('/wheel')
  for (const name of ['Save Wheel', 'Import']) {
    const button = page.getByRole('button', { name, exact: true })
    await expect(button).toBeDisabled()
    // Each locked button has its own badge beside it, linking to the plans.
    const badge = page.locator('span', { has: button }).getByRole('link', { name: 'Premium Only' })
    await expect(badge).toHaveCount(1)
    await expect(badge).toHaveAttribute('href', '/subscription')
  }
  await page.getByRole('tab', { name: 'Presets' }).click()
  await expect(page.getByText('Presets is a Premium feature')).toBeVisible()
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByText('Spin history is a Premium feature')).toBeVisible()
})

for (const batch of [1, 2, 3, 4]) {
  test(`the colour under the pointer is the announced winner's (5 spins, batch ${batch})`, async ({
    page,
  }) => {
    test.setTimeout(90_000)
    let seed = batch * 7919
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    for (let spin = 0; spin < 5; spin++) {
      const count = 1 + Math.floor(random() * 40)
      const colors = distinctColors(count, random)
      const seeded = colors.map((color, i) => ({ id: `s${i}`, text: `Item ${i + 1}`, color }))
      await openWithWheel(page, seeded)
      await page.getByRole('button', { name: 'Spin', exact: true }).click()
      const text = (await page.getByTestId('winner-text').textContent())?.trim()
      const winner = seeded.find((s) => s.text === text)
      expect(winner, `winner ${text}`).toBeTruthy()
      await page.getByRole('button', { name: 'Close', exact: true }).click()
      const samples = await colorsUnderPointer(page)
      const target = hexToRgb(winner?.color ?? '#000000')
      const matchesWinner = samples.filter((s) => near(s, target)).length
      // Each sample is a pixel straight under the pointer, at 0.22 … 0.86 of the radius.
      const others = samples.flatMap((pixel, k) => {
        const other = seeded.find((o) => o !== winner && near(pixel, hexToRgb(o.color)))
        return other
          ? [
              `pixel rgb(${pixel.join(',')}) at ${(0.22 + k * 0.01).toFixed(2)} r is ${other.text} ${other.color}`,
            ]
          : []
      })
      expect(matchesWinner, `${count} items, winner ${text} ${winner?.color}`).toBeGreaterThanOrEqual(3)
      expect(others, `${count} items, winner ${text} ${winner?.color}`).toEqual([])
    }
  })
}
