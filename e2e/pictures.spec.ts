import { expect, test } from '@playwright/test'
import { PICTURE_MESSAGES } from '../src/core/wheel/picture-file-check'
import { expectNoAxeViolations } from './axe'
import { png } from './png'
import { items, near, openWithWheel, storedWheelState } from './wheel-helpers'

test('a picture on an item: made small, shown in its row and in the winner dialog; hostile files refused', async ({
  page,
}) => {
  await openWithWheel(page, items(['Ann'], ['#ef4444']), { spinDuration: 1000 })
  // Pictures are added in Advanced; an item that has one shows it in every view.
  await expect(page.getByRole('button', { name: 'Picture for Ann' })).toHaveCount(0)
  await page.getByRole('switch', { name: 'Advanced' }).click()
  await page.getByRole('button', { name: 'Picture for Ann' }).click()
  const dialog = page.getByRole('dialog', { name: 'Picture for Ann' })
  await expect(dialog.getByText('No picture yet.')).toBeVisible()
  await expectNoAxeViolations(page)

  // A "PNG" that is really HTML, and an SVG: refused with a message, nothing changes.
  const choose = dialog.getByLabel('Choose picture')
  await choose.setInputFiles({
    name: 'cat.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
  })
  await expect(dialog.getByRole('alert')).toHaveText(PICTURE_MESSAGES.notPicture)
  await choose.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  })
  await expect(dialog.getByRole('alert')).toHaveText(PICTURE_MESSAGES.svg)
  const before = await storedWheelState(page)
  expect(JSON.stringify(before.currentWheel.items)).not.toContain('image')

  // A real 600 × 400 PNG: kept, at most 256 px a side.
  await choose.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png(600, 400) })
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Remove picture' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await page.getByRole('switch', { name: 'Advanced' }).click()
  await expect(page.getByRole('button', { name: 'Picture for Ann' }).locator('img')).toBeVisible()
  await expect
    .poll(async () => {
      const state = await storedWheelState(page)
      return (state.currentWheel.items[0] as { image?: string }).image?.slice(0, 15)
    })
    .toMatch(/^data:image\/(webp|png)/)
  const sides = await page
    .getByRole('button', { name: 'Picture for Ann' })
    .locator('img')
    .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])
  expect(sides).toEqual([256, 171])

  await page.getByRole('button', { name: 'Spin', exact: true }).click()
  const winner = page.getByRole('dialog', { name: 'We have a winner!' })
  await expect(winner.getByRole('img', { name: 'Ann' })).toBeVisible({ timeout: 5000 })
  await winner.getByRole('button', { name: 'Close', exact: true }).click()

  // A centre picture: drawn in the middle of the wheel.
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Centre picture' }).click()
  const centre = page.getByRole('dialog', { name: 'Centre picture' })
  await centre
    .getByLabel('Choose picture')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(300, 300) })
  await expect(centre.getByRole('button', { name: 'Remove picture' })).toBeVisible()
  await centre.getByRole('button', { name: 'Close', exact: true }).click()
  const middle = () =>
    page
      .getByTestId('wheel')
      .locator('canvas')
      .evaluate((canvas: HTMLCanvasElement) => {
        const x = Math.floor(canvas.width / 2)
        return [...(canvas.getContext('2d')?.getImageData(x, x, 1, 1).data ?? [])].slice(0, 3)
      })
  // WebP is lossy: the colour comes back within a few levels.
  await expect
    .poll(async () => near((await middle()) as [number, number, number], [200, 40, 90], 6))
    .toBe(true)
})
