// The editor at 10,000 items in Chromium on the production build, as a premium user: pasting
// 10,000 lines with Add many until the wheel shows them, and Shuffle and Undo until the list and
// the wheel are redrawn (each measured in the page from the click to the next frame).
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { BenchResult } from './run'
import { launchChromium, percentile, round, startBuiltServer } from './support'

const RUNS = 5
const COUNT = 10_000
const GOALS = { paste: 150, shuffle: 50, undo: 50 }

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

async function premiumPage(page: Page) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
  const password = 'bench-secret-1'
  const registered = await page.request.post('/api/account/register', {
    data: { displayName: 'Bench', email, password, confirmPassword: password },
  })
  if (registered.status() !== 201) throw new Error(`register failed: ${registered.status()}`)
  const premium = await page.request.post('/api/billing/test/simulate-monthly', { data: {} })
  if (premium.status() !== 200) throw new Error(`simulate-monthly failed: ${premium.status()}`)
}

/** Clicks the button named `name` and resolves with the ms until `done` holds, plus one frame. */
function timeClick(page: Page, name: string, done: string): Promise<number> {
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  return page.evaluate(`new Promise((resolve, reject) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(name)})
    if (!button) return reject(new Error('no button ' + ${JSON.stringify(name)}))
    const started = performance.now()
    button.click()
    const poll = () => {
      if (${done}) requestAnimationFrame(() => resolve(performance.now() - started))
      else requestAnimationFrame(poll)
    }
    poll()
  })`) as Promise<number>
}

const wheelShows = (n: number) =>
  `document.querySelector('[aria-label="Wheel with ${n.toLocaleString('en-US')} items"]') !== null`
const announced = (text: string) =>
  `document.querySelector('[data-testid="list-announcer"]')?.textContent === ${JSON.stringify(text)}`

/** The medians of the last run, from bench/results/editor.json, to print beside this run's. */
function previousFigures(): Record<string, number | undefined> {
  try {
    const file = new URL('./results/editor.json', import.meta.url)
    const last = JSON.parse(readFileSync(file, 'utf8')) as {
      date?: string
      figures?: Record<string, unknown>
    }
    const figures = last.figures ?? {}
    const pick = (key: string) => (typeof figures[key] === 'number' ? (figures[key] as number) : undefined)
    return {
      paste: pick('paste_10000_median_ms'),
      shuffle: pick('shuffle_10000_median_ms'),
      undo: pick('undo_10000_median_ms'),
    }
  } catch {
    return {}
  }
}

export default async function editorBench(): Promise<BenchResult> {
  const previous = previousFigures()
  const server = await startBuiltServer()
  const browser = await launchChromium()
  const pastes: number[] = []
  const shuffles: number[] = []
  const undos: number[] = []
  const lines = Array.from({ length: COUNT }, (_, i) => `Pupil number ${i + 1}`).join('\n')
  try {
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    await premiumPage(page)
    await page.goto('/wheel')
    await page.getByRole('button', { name: 'Clear all' }).click()
    for (let run = 0; run < RUNS; run++) {
      // Add many closes once every line went in; open it again for the next run.
      const toggle = page.getByRole('button', { name: 'Add many' })
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
      await page.getByLabel('Items, one per line').waitFor({ state: 'attached' })
      await page.evaluate((text) => {
        const area = document.querySelector('textarea') as HTMLTextAreaElement
        const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set
        setter?.call(area, text)
        area.dispatchEvent(new Event('input', { bubbles: true }))
      }, lines)
      pastes.push(await timeClick(page, 'Add lines', wheelShows(COUNT)))
      shuffles.push(await timeClick(page, 'Shuffle', announced(`Shuffled ${COUNT} items.`)))
      undos.push(await timeClick(page, 'Undo', announced(`Undid the shuffle: ${COUNT} items on the wheel.`)))
      await page.getByRole('button', { name: 'Clear all' }).click()
      // Over 15 items, Clear all asks first (issue 33.1).
      await page.getByRole('dialog').getByRole('button', { name: 'Clear all' }).click()
      await page.waitForFunction(() => document.querySelector('[data-testid="item-list"]') === null)
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  const row = (label: string, values: number[], goal: number, before: number | undefined) => [
    label,
    before ?? '–',
    round(median(values), 0),
    round(Math.min(...values), 0),
    round(Math.max(...values), 0),
    goal,
  ]
  return {
    title: `The editor at ${COUNT.toLocaleString('en-US')} items in Chromium, production build (${RUNS} runs each, ms)`,
    columns: ['measurement', 'previous median', 'median', 'min', 'max', 'goal'],
    rows: [
      row('paste 10,000 lines with Add many (click → wheel shown)', pastes, GOALS.paste, previous.paste),
      row('Shuffle 10,000 items (click → redrawn)', shuffles, GOALS.shuffle, previous.shuffle),
      row('Undo the shuffle (click → redrawn)', undos, GOALS.undo, previous.undo),
    ],
    figures: {
      paste_10000_median_ms: round(median(pastes), 0),
      shuffle_10000_median_ms: round(median(shuffles), 0),
      undo_10000_median_ms: round(median(undos), 0),
      ...(previous.paste === undefined ? {} : { previous_paste_10000_median_ms: previous.paste }),
      ...(previous.shuffle === undefined ? {} : { previous_shuffle_10000_median_ms: previous.shuffle }),
      ...(previous.undo === undefined ? {} : { previous_undo_10000_median_ms: previous.undo }),
    },
    notes: [
      'Chromium headless on this machine (2 cores, shared), no throttling.',
      '"previous median" is the median of the last run written to bench/results/editor.json.',
    ],
  }
}
