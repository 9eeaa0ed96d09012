// The live bench's Chromium screens (issue 35): pages on /live/<code>/screen, each noting, on the
// machine's one clock, the frame in which its wheel first moved for a spin. The server processes
// and Chromium share that clock (Date.now() in Node, performance.timeOrigin + frame time in the
// page), so the starts of different screens compare directly.
import type { Browser, Page } from '@playwright/test'
import { launchChromium } from './support'

declare global {
  interface Window {
    /** [epoch ms of the frame, the rotor's rotation in degrees], one per change. */
    __turns: [number, number][]
  }
}

/**
 * Runs in each page once its wheel is shown: every change of the rotor's rotation, with its
 * frame's time. A string, not a function: tsx would wrap the function's inner names in a helper
 * the page does not have.
 */
const WATCH_ROTOR = `(() => {
  window.__turns = []
  const degrees = (transform) => Number(/rotate\\(([-\\d.e+]+)deg\\)/.exec(transform)?.[1] ?? NaN)
  new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target
      if (target.dataset.testid !== 'live-rotor') continue
      // Within the frame's callbacks: the frame's own time, as the wheel was drawn for it.
      const frame = Number(document.timeline.currentTime ?? performance.now())
      const deg = degrees(target.style.transform)
      const last = window.__turns.at(-1)
      if (!last || last[1] !== deg) window.__turns.push([performance.timeOrigin + frame, deg])
    }
  }).observe(document, { attributes: true, attributeFilter: ['style'], subtree: true })
})()`

export type Screens = {
  /** Forgets the turns noted so far (before a spin). */
  reset(): Promise<void>
  /**
   * Each screen's first frame (epoch ms) whose rotation left `from` (by more than the 0.001° the
   * style's serialisation rounds to); NaN for a screen that did not move.
   */
  starts(from: number): Promise<number[]>
  close(): Promise<void>
}

export async function openScreens(urls: string[]): Promise<Screens> {
  const browser: Browser = await launchChromium()
  const pages: Page[] = []
  try {
    for (const url of urls) {
      const page = await browser.newPage({ viewport: { width: 640, height: 480 } })
      await page.goto(url)
      await page.getByTestId('live-rotor').waitFor()
      await page.evaluate(WATCH_ROTOR)
      pages.push(page)
    }
  } catch (error) {
    await browser.close()
    throw error
  }
  return {
    async reset() {
      await Promise.all(
        pages.map((page) =>
          page.evaluate(() => {
            window.__turns = []
          }),
        ),
      )
    },
    starts(from) {
      return Promise.all(
        pages.map((page) =>
          page.evaluate(
            (rest) => window.__turns.find(([, deg]) => Math.abs(deg - rest) > 0.01)?.[0] ?? Number.NaN,
            from,
          ),
        ),
      )
    },
    close: () => browser.close(),
  }
}
