import { expect, type Page } from '@playwright/test'
import { test } from './fixtures'
import { pngUrl } from './png'
import { items } from './wheel-helpers'

// Issue 37: one label size per wheel, labels on the left half the right way up, big wheels as even
// colour bands without labels, and the ticker naming the item under the pointer. The pictures are
// compared with committed images (Debian's Chromium and its DejaVu fonts), with a small tolerance.

const COLORS = [
  '#ef4444',
  '#f97316',
  '#eab308',
  '#22c55e',
  '#06b6d4',
  '#3b82f6',
  '#8b5cf6',
  '#ec4899',
  '#14b8a6',
  '#84cc16',
]
const NAMES = ['Mia White', 'Lucas Thompson', 'Ava', 'Alexandra Richardson-Smythe', 'Noah Lee', 'Zoë Martín']
const wheelOf = (count: number) =>
  items(
    Array.from({ length: count }, (_, i) => (i < NAMES.length ? NAMES[i] : `Entry ${i + 1}`) as string),
    COLORS,
  )
/** The item under the pointer of a wheel at rest where it starts: the pointer is at 270°. */
const underPointerAtStart = (count: number) => wheelOf(count)[Math.floor((270 / 360) * count)]?.text

// Narrower than the desktop layout, so the wheel is drawn at the size set.
test.use({ viewport: { width: 800, height: 1000 } })

const ticker = (page: Page) => page.getByRole('marquee', { name: 'Ticker' })

for (const count of [6, 40, 500])
  for (const size of [200, 500])
    test(`a ${count}-item wheel at ${size} px looks as it did`, async ({ page, seedWheel }) => {
      await seedWheel(wheelOf(count), { wheelSize: size })
      await expect(page.getByRole('img', { name: `Wheel with ${count} items` })).toBeVisible()
      await expect(ticker(page)).toHaveText(underPointerAtStart(count) as string)
      await expect(page.getByTestId('wheel-stage')).toHaveScreenshot(`wheel-${count}-${size}.png`, {
        maxDiffPixelRatio: 0.01,
      })
    })

/** crypto.getRandomValues from a fixed seed, so the spin stops where it stopped when the image was made. */
function seededRandom() {
  let state = 0x2545f491
  crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
    if (!array) return array
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength)
    for (let i = 0; i < bytes.length; i++) {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      bytes[i] = state & 255
    }
    return array
  }
}

test('the ticker changes as the wheel turns and settles on the announced winner', async ({
  page,
  seedWheel,
}) => {
  await page.addInitScript(seededRandom)
  await seedWheel(wheelOf(500), { wheelSize: 300, spinDuration: 3000 })
  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  const seen = new Set<string>()
  for (let i = 0; i < 8; i++) {
    seen.add((await ticker(page).textContent()) ?? '')
    await page.waitForTimeout(100)
  }
  expect(seen.size).toBeGreaterThanOrEqual(4)
  const winner = page.getByRole('dialog').getByTestId('winner-text')
  await expect(winner).toBeVisible({ timeout: 10_000 })
  const name = (await winner.textContent()) ?? ''
  await expect(ticker(page)).toHaveText(name)
  await expect(page.getByTestId('announcer')).toHaveText(`The winner is ${name}`)
})

test('after a spin the ticker shows the winner and the labels on the left read the right way up', async ({
  page,
  seedWheel,
}) => {
  await page.addInitScript(seededRandom)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await seedWheel(wheelOf(6), { wheelSize: 300 })
  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  const winner = page.getByRole('dialog').getByTestId('winner-text')
  await expect(winner).toBeVisible()
  const name = (await winner.textContent()) ?? ''
  await page.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(ticker(page)).toHaveText(name)
  await expect(page.getByTestId('wheel-stage')).toHaveScreenshot('wheel-6-after-spin.png', {
    maxDiffPixelRatio: 0.01,
  })
})

test('a wheel with pictures looks as it did: pictures in their segments and in the centre', async ({
  page,
  seedWheel,
}) => {
  const withPictures = wheelOf(6).map((item, i) =>
    i % 2 === 0 ? { ...item, image: pngUrl(64, 64, [255 - i * 30, 255, 255]) } : item,
  )
  await seedWheel(withPictures, { wheelSize: 300 })
  await expect(page.getByRole('img', { name: 'Wheel with 6 items' })).toBeVisible()
  // Pictures are drawn once they have decoded: the image is compared until it settles.
  await expect(page.getByTestId('wheel-stage')).toHaveScreenshot('wheel-6-pictures.png', {
    maxDiffPixelRatio: 0.01,
  })
})
