// In-page measurement helpers for the spin benchmark (run inside Chromium through page.evaluate).
import type { Browser, Page } from '@playwright/test'

export type FrameStats = { frames: number[]; longTasks: number[] }

/**
 * Installed before the page's scripts: records rAF timestamps and long tasks on demand. The window
 * is closed at both ends: the first "frame" is the moment recording starts, just before the spin is
 * asked for, and the last the moment it ends. A wheel whose spin call holds the main thread for
 * seconds shows no frame in that time, and a frame's timestamp is when the browser meant to begin
 * it, not when the page got to run it: a package that froze for 3 s on its spin call then had a
 * frame or two, timed 16.6 ms apart, and measured a perfect p95 (2026-12-06, react-custom-roulette
 * at 10,000 items). With the ends, the freeze is an interval of its own.
 */
export const MEASURE_SCRIPT = `
window.__longTasks = []
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e) }).observe({ type: 'longtask', buffered: false })
window.__recordFrames = (ms) => new Promise((resolve) => {
  const t0 = performance.now()
  const frames = [t0]
  window.__longTasks = []
  const loop = (t) => {
    frames.push(t)
    if (performance.now() - t0 < ms) requestAnimationFrame(loop)
    else resolve({ frames: [...frames, performance.now()], longTasks: window.__longTasks.filter((e) => e.startTime >= t0).map((e) => e.duration) })
  }
  requestAnimationFrame(loop)
})
`

type TraceEvent = {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { message?: string } }
}

/**
 * Main-thread time (ms) the renderer spent in tasks between the console.timeStamp marks
 * 'spin-start' and 'spin-end', from a Chromium performance trace.
 */
export async function mainThreadBusyMs(
  browser: Browser,
  page: Page,
  run: () => Promise<void>,
): Promise<number> {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  })
  await page.evaluate(() => console.timeStamp('spin-start'))
  await run()
  await page.evaluate(() => console.timeStamp('spin-end'))
  const buffer = await browser.stopTracing()
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents
  const marks = events.filter((e) => e.name === 'TimeStamp')
  const start = marks.find((e) => e.args?.data?.message === 'spin-start')
  const end = marks.find((e) => e.args?.data?.message === 'spin-end')
  if (!start || !end) throw new Error('trace marks not found')
  const isMain = (e: TraceEvent) => e.pid === start.pid && e.tid === start.tid
  let busy = 0
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || !isMain(e) || e.dur === undefined) continue
    const from = Math.max(e.ts, start.ts)
    const to = Math.min(e.ts + e.dur, end.ts)
    if (to > from) busy += to - from
  }
  return busy / 1000
}

export function frameSummary(stats: FrameStats) {
  // A frame's timestamp is when its work began, which can be a little before the recording started.
  const intervals = stats.frames.slice(1).map((t, i) => Math.max(0, t - (stats.frames[i] as number)))
  intervals.sort((a, b) => a - b)
  const pick = (p: number) =>
    intervals[Math.min(intervals.length - 1, Math.ceil((p / 100) * intervals.length) - 1)] ?? 0
  return {
    count: intervals.length,
    p50: pick(50),
    p95: pick(95),
    max: intervals[intervals.length - 1] ?? 0,
    longTasks: stats.longTasks.length,
    longestTask: Math.max(0, ...stats.longTasks),
  }
}
