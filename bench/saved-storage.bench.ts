// Saved wheels at Premium's scale, in Chromium on the production build: a premium user with 50
// saved wheels of 10,000 items and a 10,000-item current wheel. Measures the main-thread time of
// persisting one item add, opening /saved, and moving an older version's local-storage state.
// SAVED_STORAGE_BASELINE=1 writes the figures to bench/baseline/ (run it on the previous build).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { STORE_KEY } from '../src/core/storage/keys'
import type { BenchResult } from './run'
import {
  clickedAt,
  launchChromium,
  paintedAt,
  percentile,
  round,
  startBuiltServer,
  watchClick,
  watchPaint,
  watchPaintOnLoad,
} from './support'

const RUNS = 5
const WHEELS = 50
const ITEMS = 10_000
const PALETTE = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#06b6d4', '#3b82f6', '#8b5cf6', '#ec4899']
const BASELINE = path.join(path.dirname(new URL(import.meta.url).pathname), 'baseline', 'saved-storage.json')

const median = (values: number[]) =>
  values.length === 0
    ? Number.NaN
    : percentile(
        [...values].sort((a, b) => a - b),
        50,
      )

const items = (name: string, withIds: boolean, count = ITEMS) =>
  Array.from({ length: count }, (_, i) => ({
    ...(withIds ? { id: `${name.replace(/\W/g, '')}-${i}` } : {}),
    text: `${name} entry ${i + 1}`,
    color: PALETTE[i % PALETTE.length],
  }))

async function premiumPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url })
  const page = await context.newPage()
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
  const password = 'bench-secret-1'
  const registered = await page.request.post('/api/account/register', {
    data: { displayName: 'Bench', email, password, confirmPassword: password },
  })
  if (registered.status() !== 201) throw new Error(`register failed: ${registered.status()}`)
  const premium = await page.request.post('/api/billing/test/simulate-monthly', { data: {} })
  if (premium.status() !== 200) throw new Error(`simulate-monthly failed: ${premium.status()}`)
  return page
}

const cardCount = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('[aria-label="Saved wheels"] article').length)

/** Counts the main-thread time spent serialising and storing (JSON, local storage, IndexedDB puts). */
// A string, so that the bench's compiler adds nothing to it (helpers it would name are not in the page).
const INSTRUMENT = `(() => {
  window.persistMs = 0
  let depth = 0
  for (const [owner, key] of [[JSON, 'stringify'], [Storage.prototype, 'setItem']].concat(
    typeof IDBObjectStore === 'undefined' ? [] : [[IDBObjectStore.prototype, 'put']],
  )) {
    const original = owner[key]
    owner[key] = function (...args) {
      if (depth > 0) return original.apply(this, args)
      depth += 1
      const start = performance.now()
      try {
        return original.apply(this, args)
      } finally {
        window.persistMs += performance.now() - start
        depth -= 1
      }
    }
  }
})()`

async function instrument(page: Page) {
  // Wrapped once per page: each run resets the sum.
  const wrapped = await page.evaluate(() => 'persistMs' in window)
  if (wrapped) await page.evaluate(() => Object.assign(window, { persistMs: 0 }))
  else await page.evaluate(INSTRUMENT)
}

/**
 * Main-thread time of persisting one add. The build marks its own writes ('whirl:persist…' user
 * timings); for a build without them (the older one), the time inside the calls that serialise and
 * store is summed instead.
 */
async function persistOneAdd(page: Page): Promise<number[]> {
  const times: number[] = []
  // Opened from /saved inside the app, as a user would (the older build could not store it).
  await page.getByRole('button', { name: `Load Library ${WHEELS}` }).click()
  await page.getByLabel('New item').waitFor()
  await page.waitForTimeout(1000)
  for (let run = 0; run < RUNS; run++) {
    await instrument(page)
    const before = await page.evaluate(() => performance.getEntriesByType('measure').length)
    await page.getByLabel('New item').fill(`Added ${run}`)
    await page.getByLabel('New item').press('Enter')
    await page.waitForTimeout(600)
    const marked = await page.evaluate(
      (from) =>
        performance
          .getEntriesByType('measure')
          .slice(from)
          .filter((e) => e.name.startsWith('whirl:persist'))
          .map((e) => e.duration),
      before,
    )
    times.push(
      marked.length > 0
        ? marked.reduce((a, b) => a + b, 0)
        : await page.evaluate(() => (window as unknown as { persistMs: number }).persistMs),
    )
  }
  return times
}

/** Waits until the account holds every wheel imported and the page says it is in step. */
async function uploaded(page: Page): Promise<void> {
  const deadline = Date.now() + 300_000
  for (;;) {
    const list = (await (await page.request.get('/api/wheels/list')).json()) as { wheels: unknown[] }
    if (list.wheels.length >= WHEELS) break
    if (Date.now() > deadline) throw new Error(`the upload stopped at ${list.wheels.length} wheels`)
    await page.waitForTimeout(1000)
  }
  await page.getByText('Synced with your account').waitFor({ timeout: 60_000 })
}

/** Every saved wheel's card in the page. */
const CARDS = '[aria-label="Saved wheels"] article'

/**
 * Opens /saved RUNS times, afresh and from the header, each time to the frame that paints every
 * card, in the page's own time (support.ts, watchPaint). Before 2026-12-08 the time was read by a
 * check set up once Playwright was back from its goto or click, which could be later than the cards.
 */
async function openSaved(page: Page): Promise<{ times: number[]; inApp: number[]; cards: number }> {
  const times: number[] = []
  const inApp: number[] = []
  await watchPaintOnLoad(page, { selector: CARDS, count: WHEELS, key: 'loaded', path: '/saved' })
  for (let run = 0; run < RUNS; run++) {
    // A fresh page load of /saved: navigation start → every card painted.
    await page.goto('/saved')
    times.push(await paintedAt(page, 'loaded'))
    // Opened from the header on the home page (the wheel code not loaded yet): click → every card.
    await page.goto('/')
    await page.getByRole('navigation').getByRole('link', { name: 'Saved Wheels' }).first().waitFor()
    await page.waitForTimeout(500)
    // From the click itself (the page hears it), so the driver's own checks before clicking do not count.
    await watchClick(page)
    await watchPaint(page, { selector: CARDS, count: WHEELS, key: 'opened' })
    await page.getByRole('navigation').getByRole('link', { name: 'Saved Wheels' }).first().click()
    inApp.push((await paintedAt(page, 'opened')) - (await clickedAt(page)))
  }
  return { times, inApp, cards: await cardCount(page) }
}

/** An older version's local-storage state, as large as local storage holds: 5 saved + the current wheel. */
function oldState(): string {
  const wheel = (n: number) => ({
    id: `old-${n}`,
    name: `Old ${n}`,
    items: items(`Old ${n}`, true),
    settings: {
      spinDuration: 3000,
      soundEnabled: false,
      confettiEnabled: false,
      wheelSize: 300,
      mode: 'normal',
    },
    tally: {},
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
  })
  return JSON.stringify({
    version: 1,
    currentWheel: { ...wheel(0), id: null },
    savedWheels: [1, 2, 3, 4, 5].map(wheel),
    spinHistory: [],
    settings: { soundEnabled: true, confettiEnabled: true, autoSave: true },
  })
}

async function migrate(browser: Browser, url: string): Promise<number[]> {
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const page = await premiumPage(browser, url)
    // The older version's state is put in place from a file of the site, not from a page of the
    // app: a running page does not hear its own document's storage writes, and its next write of
    // the wheel store (once its start settles) replaced the state put there in a quarter of the
    // runs. A browser upgrading holds that state before the new version's first page runs.
    await page.goto('/favicon.svg')
    await page.evaluate(([key, state]) => localStorage.setItem(key, state), [STORE_KEY, oldState()] as const)
    await page.goto('/saved')
    await page.waitForFunction(
      () => document.querySelectorAll('[aria-label="Saved wheels"] article').length >= 5,
      undefined,
      {
        timeout: 60_000,
      },
    )
    // The cards show from the summaries before the wheels are read: wait for the move to finish.
    await page.waitForFunction(
      () => performance.getEntriesByName('whirl:saved-wheels-ready').length > 0,
      undefined,
      {
        timeout: 60_000,
      },
    )
    const measured = await page.evaluate(
      () => performance.getEntriesByName('whirl:saved-wheels-ready')[0]?.duration ?? null,
    )
    if (measured !== null) times.push(measured)
    await page.context().close()
  }
  return times
}

export default async function savedStorageBench(): Promise<BenchResult> {
  const server = await startBuiltServer()
  const browser = await launchChromium()
  let adds: number[]
  let saved: { times: number[]; inApp: number[]; cards: number }
  let migrations: number[]
  try {
    const page = await premiumPage(browser, server.url)
    await page.goto('/saved')
    for (let w = 0; w < WHEELS; w++) {
      const name = `Library ${w + 1}`
      await page.getByTestId('import-file').setInputFiles({
        name: `${name}.json`,
        mimeType: 'application/json',
        // The last one, which stays open in the editor, has room for the adds measured below.
        buffer: Buffer.from(
          JSON.stringify({ name, items: items(name, false, w === WHEELS - 1 ? ITEMS - RUNS : ITEMS) }),
        ),
      })
      await page.getByText(`Imported “${name}”.`).waitFor()
    }
    // The measurements are of a library in step with the account, as a user opens it any later
    // day: the upload of these 38 MB (ten requests) ends first, else every page load below would
    // share its main thread and the server with the rest of it (decision 0063). The local-storage
    // build of the baseline keeps only what fits, so it never holds them all.
    if (process.env.SAVED_STORAGE_BASELINE === '1') await page.waitForTimeout(3000)
    else await uploaded(page)
    adds = await persistOneAdd(page)
    saved = await openSaved(page)
    migrations = await migrate(browser, server.url)
  } finally {
    await browser.close()
    await server.stop()
  }
  const figures = {
    persist_one_add_median_ms: round(median(adds), 1),
    open_saved_median_ms: round(median(saved.times), 0),
    open_saved_cards: saved.cards,
    open_saved_in_app_median_ms: round(median(saved.inApp), 0),
    migrate_median_ms: migrations.length ? round(median(migrations), 0) : 'n/a',
  }
  if (process.env.SAVED_STORAGE_BASELINE === '1') {
    mkdirSync(path.dirname(BASELINE), { recursive: true })
    writeFileSync(BASELINE, `${JSON.stringify({ date: new Date().toISOString(), figures }, null, 2)}\n`)
  }
  const before: Record<string, number | string> = existsSync(BASELINE)
    ? JSON.parse(readFileSync(BASELINE, 'utf8')).figures
    : {}
  const was = (key: string) => String(before[key] ?? '—')
  return {
    title: `Saved wheels at scale: ${WHEELS} saved wheels of ${ITEMS.toLocaleString('en')} items, Chromium, production build (median of ${RUNS})`,
    columns: ['measurement', 'now', 'before (local storage)', 'goal'],
    rows: [
      [
        'main-thread time persisting one item add (ms)',
        figures.persist_one_add_median_ms,
        was('persist_one_add_median_ms'),
        '≤ 4',
      ],
      [
        'open /saved from the header until every card is painted (ms)',
        figures.open_saved_in_app_median_ms,
        was('open_saved_in_app_median_ms'),
        '≤ 150',
      ],
      [
        `load /saved afresh until every card is painted (ms from navigation start; cards shown)`,
        `${figures.open_saved_median_ms}; ${saved.cards}`,
        `${was('open_saved_median_ms')}; ${was('open_saved_cards')}`,
        '≤ 150; 50',
      ],
      [
        'move the old local-storage state (5 + current wheel of 10,000) (ms)',
        figures.migrate_median_ms,
        was('migrate_median_ms'),
        '—',
      ],
    ],
    figures,
    notes: [
      "Persisting = the build's own whirl:persist user timings after one add to the open wheel (9,995 → 10,000 items); the older build has none, so the time inside JSON.stringify and localStorage.setItem is summed.",
      '"before" is the local-storage build (commit 0a45e8e), which cannot hold 50 such wheels: it keeps what fits.',
      'Measured once the account holds all 50 wheels and the page says "Synced with your account" (the first upload, 38 MB in ten requests, ended).',
      'Each /saved time ends at the frame that paints every card, seen from the page (a MutationObserver, then the next animation frame). Until 2026-12-08 it ended when a check set up after Playwright was back from its goto or click first ran, which could be later than the cards.',
    ],
  }
}
