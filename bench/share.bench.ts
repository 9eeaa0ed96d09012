// Share links on the production build: in Chromium, Create link → the address shown in the dialog,
// and opening /w/<id> until the wheel can spin; over HTTP, the 1200×630 preview PNG at 6, 1,000
// and 10,000 items, first render and cached.
import type { Page } from '@playwright/test'
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
  watchFrame,
  watchFrameOnLoad,
} from './support'

const RUNS = 5
const PNG_LINKS = 3
const PALETTE = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#06b6d4', '#3b82f6', '#8b5cf6', '#ec4899']

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

const wheel = (count: number) => ({
  id: null,
  name: `Bench ${count}`,
  items: Array.from({ length: count }, (_, i) => ({
    id: `b${i}`,
    text: `Entry ${i + 1}`,
    color: PALETTE[i % PALETTE.length],
  })),
  settings: {
    spinDuration: 1000,
    soundEnabled: false,
    confettiEnabled: false,
    wheelSize: 300,
    mode: 'normal',
  },
})

// Page expressions and scripts as source text (tsx would add helpers to functions that the page lacks).
/** The share dialog shows the link's address. */
const ADDRESS_SHOWN = `/\\/w\\/\\w+$/.test(document.getElementById('share-address')?.value ?? '')`
/** The shared wheel is drawn and its Spin button enabled. */
const SPINNABLE = `[...document.querySelectorAll('button')].some((b) => b.textContent === 'Spin' && !b.disabled) && !!document.querySelector('canvas[aria-label="Wheel with 6 items"]')`

async function premium(page: Page) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
  const password = 'bench-secret-1'
  const registered = await page.request.post('/api/account/register', {
    data: { displayName: 'Bench', email, password, confirmPassword: password },
  })
  if (registered.status() !== 201) throw new Error(`register failed: ${registered.status()}`)
  const upgraded = await page.request.post('/api/billing/test/simulate-monthly', { data: {} })
  if (upgraded.status() !== 200) throw new Error(`simulate-monthly failed: ${upgraded.status()}`)
}

async function timedFetch(url: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(url)
  const body = await response.arrayBuffer()
  if (response.status !== 200 || body.byteLength < 1000) throw new Error(`image ${response.status}`)
  return performance.now() - started
}

export default async function shareBench(): Promise<BenchResult> {
  const server = await startBuiltServer()
  const browser = await launchChromium()
  const creates: number[] = []
  const ready: number[] = []
  const png: Record<number, { first: number[]; cached: number[] }> = {}
  try {
    const context = await browser.newContext({ baseURL: server.url })
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'))
    const page = await context.newPage()
    await page.goto('/')
    await page.evaluate(([key, state]) => localStorage.setItem(key, state), [
      STORE_KEY,
      JSON.stringify({
        version: 1,
        currentWheel: wheel(6),
        savedWheels: [],
        spinHistory: [],
        settings: { soundEnabled: false, confettiEnabled: false, autoSave: true },
      }),
    ] as const)
    const addresses: string[] = []
    for (let run = 0; run < RUNS; run++) {
      await page.goto('/wheel')
      await page.getByRole('button', { name: 'Share', exact: true }).click()
      const create = page.getByRole('button', { name: 'Create link' })
      await create.waitFor()
      // From the click as the page hears it to the frame that shows the address, both in the page's
      // own time (support.ts): before 2026-12-08 both ends were read by the driver, a round trip or
      // more away from them.
      await watchClick(page)
      await watchFrame(page, 'shown', ADDRESS_SHOWN)
      await create.click()
      const shown = await paintedAt(page, 'shown')
      creates.push(shown - (await clickedAt(page)))
      addresses.push(await page.locator('#share-address').inputValue())
    }

    for (const address of addresses) {
      const visitor = await browser.newPage()
      // The first frame, from the navigation's start, at which the wheel can spin, watched in the
      // page from its start (before 2026-12-08: read by the driver after its wait returned).
      await watchFrameOnLoad(visitor, 'spinnable', SPINNABLE)
      await visitor.goto(address, { waitUntil: 'commit' })
      ready.push(await paintedAt(visitor, 'spinnable'))
      await visitor.close()
    }

    await premium(page)
    for (const count of [6, 1000, 10_000]) {
      png[count] = { first: [], cached: [] }
      for (let link = 0; link < PNG_LINKS; link++) {
        const created = await page.request.post('/api/shares', { data: { wheel: wheel(count) } })
        if (created.status() !== 201)
          throw new Error(`share failed: ${created.status()} ${await created.text()}`)
        const { share } = await created.json()
        const url = `${server.url}/api/shares/${share.id}/image.png`
        png[count].first.push(await timedFetch(url))
        for (let again = 0; again < RUNS; again++) png[count].cached.push(await timedFetch(url))
      }
    }
  } finally {
    await browser.close()
    await server.stop()
  }

  const figures: Record<string, number> = {
    createLinkMs: round(median(creates)),
    spinReadyMs: round(median(ready)),
  }
  const rows: (string | number)[][] = [
    ['Create link → address shown (Chromium)', figures.createLinkMs as number, '≤ 300'],
    ['/w/<id> until the wheel can spin (Chromium)', figures.spinReadyMs as number, '≤ 1000'],
  ]
  for (const [count, times] of Object.entries(png)) {
    figures[`png${count}FirstMs`] = round(median(times.first))
    figures[`png${count}CachedMs`] = round(median(times.cached), 2)
    const label = Number(count).toLocaleString('en-US')
    rows.push([
      `PNG preview, ${label} items, first render`,
      figures[`png${count}FirstMs`] as number,
      count === '1000' ? '≤ 150' : '',
    ])
    rows.push([
      `PNG preview, ${label} items, cached`,
      figures[`png${count}CachedMs`] as number,
      count === '1000' ? '≤ 5' : '',
    ])
  }
  return {
    title: `Share links (medians; ${RUNS} runs in Chromium, ${PNG_LINKS} links per size for the PNG, HTTP on loopback)`,
    columns: ['measure', 'ms', 'goal'],
    rows,
    figures,
    notes: [
      'PNG times are the whole HTTP request (database read, SVG, resvg render and PNG encoding).',
      "Create link: from the click's event to the first frame showing the address; /w/<id>: from the navigation's start (a new browser context, nothing cached) to the first frame at which Spin is enabled and the wheel drawn; both timed in the page (support.ts, watchFrame). Until 2026-12-08 the driver read both ends, a round trip or more after them.",
    ],
  }
}
