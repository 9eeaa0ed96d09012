import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { STORE_KEY } from '../src/core/storage/keys'
import { registerPremium } from './premium-helpers'

const ITEMS = ['Pizza', 'Sushi', 'Tacos'].map((text, i) => ({
  id: `i${i}`,
  text,
  color: ['#dc2626', '#16a34a', '#2563eb'][i] as string,
}))

/** 90 spins over three days, Pizza far more often than a fair wheel would pick it. */
function skewedHistory() {
  const wins = [...Array(60).fill('Pizza'), ...Array(15).fill('Sushi'), ...Array(15).fill('Tacos')]
  const start = Date.parse('2026-11-01T12:00:00Z')
  return wins
    .map((text, i) => ({
      id: `h${i}`,
      result: { text, color: '#000000' },
      wheelName: 'Lunch',
      timestamp: new Date(start + Math.floor(i / 30) * 86_400_000 + i * 60_000).toISOString(),
    }))
    .reverse()
}

test('Statistics: a premium user sees wins against a fair wheel with a verdict, charts with tables, and exports them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await registerPremium(page, 'Stats Sam')
  await page.goto('/')
  const state = {
    version: 1,
    currentWheel: {
      id: null,
      name: 'Lunch',
      items: ITEMS,
      settings: {
        spinDuration: 1000,
        soundEnabled: false,
        confettiEnabled: false,
        wheelSize: 300,
        mode: 'normal',
      },
      tally: {},
    },
    savedWheels: [],
    spinHistory: skewedHistory(),
    settings: { soundEnabled: false, confettiEnabled: false, autoSave: true },
  }
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [STORE_KEY, JSON.stringify(state)],
  )
  const chunks: string[] = []
  page.on('request', (request) => {
    if (/statistics-view[^/]*\.js$/.test(request.url())) chunks.push(request.url())
  })
  await page.goto('/wheel')
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByTestId('total-spins')).toHaveText('90')
  expect(chunks).toHaveLength(0)

  await page.getByRole('button', { name: 'Statistics' }).click()
  await expect(page.getByTestId('fairness-verdict')).toContainText('not consistent with a fair wheel')
  expect(chunks).toHaveLength(1)
  await expect(page.getByTestId('stat-most-picked')).toHaveText('Pizza')
  await expect(page.getByTestId('stat-longest-streak')).toHaveText('Pizza × 60')
  const winsChart = page.getByRole('img', { name: 'Wins of each item against a fair wheel' })
  await expect(winsChart).toBeVisible()
  await expect(page.getByRole('img', { name: 'Spins per day' })).toBeVisible()
  const winsRows = page.getByTestId('wins-table').locator('tbody tr')
  await expect(winsRows).toHaveCount(3)
  await expect(winsRows.first()).toContainText('Pizza60')
  await expect(page.getByTestId('days-table').locator('tbody tr')).toHaveCount(3)

  // Dark mode: the chart's text is light; 375 px: nothing wider than the screen.
  const red = await winsChart
    .locator('text')
    .first()
    .evaluate((el) => {
      // Colours may come as oklch(): paint one pixel to read them as RGB.
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
      context.fillStyle = getComputedStyle(el).fill
      context.fillRect(0, 0, 1, 1)
      return context.getImageData(0, 0, 1, 1).data[0] as number
    })
  expect(red).toBeGreaterThan(200)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Statistics as CSV' }).click(),
  ])
  expect(csv.suggestedFilename()).toMatch(/^whirl_statistics_\d{4}-\d{2}-\d{2}\.csv$/)
  const text = await readFile(await csv.path(), 'utf8')
  expect(text).toContain('Pizza,60,30,')
  expect(text).toContain('Verdict,not consistent with a fair wheel')

  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'Wins against a fair wheel' })
      .getByRole('button', { name: 'Export PNG' })
      .click(),
  ])
  expect(png.suggestedFilename()).toMatch(/_wins\.png$/)
  const bytes = await readFile(await png.path())
  expect(bytes.subarray(1, 4).toString()).toBe('PNG')
  expect(bytes.length).toBeGreaterThan(2000)
})
