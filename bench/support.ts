import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium'

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  })
}

export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

export type RunningServer = { url: string; child: ChildProcess; rssKiB(): number; stop(): Promise<void> }

/** Starts the built server (dist/server/main.js, or BUILD_DIR's) on a free port with a fresh data folder. */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; keepData?: boolean; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'whirl-bench-'))
  const url = `http://127.0.0.1:${port}`
  const buildDir = process.env.BUILD_DIR || 'dist'
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), path.join(buildDir, 'server', 'main.js')],
    {
      env: {
        ...process.env,
        WEB_DIR: path.join(buildDir, 'web'),
        DATABASE_URL: '',
        BILLING_SANDBOX: '1',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (i > 300 || child.exitCode !== null || child.signalCode !== null)
      throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    child,
    rssKiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await once(child, 'exit')
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] ?? Number.NaN
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

/** The machine's CPU time so far, idle and in all (jiffies of every core, /proc/stat's first line). */
function cpuTimes(): { idle: number; total: number } {
  // user nice system idle iowait irq softirq steal (guest time, after them, is counted in user and
  // nice already): idle and iowait are a core doing nothing.
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number)
  return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) }
}

/**
 * The time so far in which some task waited for the disk, in microseconds (Linux's pressure
 * information, /proc/pressure/io "some"), or null where the kernel does not give it.
 */
function ioStalledUs(): number | null {
  try {
    const some = readFileSync('/proc/pressure/io', 'utf8').split('\n')[0] ?? ''
    const total = /total=(\d+)/.exec(some)?.[1]
    return total === undefined ? null : Number(total)
  } catch {
    return null
  }
}

/** A quiet second: at least this share of every core idle… */
const QUIET_IDLE = 0.85
/** …and tasks waiting for the disk in at most this share of it. */
const QUIET_IO = 0.1
const QUIET_MAX_WAIT_MS = 60_000

/** What waitForQuietMachine found: the last second's shares, and whether it was quiet or the wait ran out. */
export type Quiet = { quiet: boolean; waitedMs: number; idle: number; ioStalled: number | null }

/**
 * Waits until the machine has been quiet for a second: at least QUIET_IDLE of every core idle, and
 * tasks waiting for the disk in at most QUIET_IO of it (a core waiting for the disk counts as
 * idle, yet PostgreSQL writing out a dropped database holds up the next bench's files). What one
 * bench leaves behind (a browser still closing, that write) then does not land in the next one's
 * figures. Gives up after QUIET_MAX_WAIT_MS; answers what it found, for the bench's notes.
 */
export async function waitForQuietMachine(): Promise<Quiet> {
  const start = Date.now()
  for (;;) {
    const before = cpuTimes()
    const ioBefore = ioStalledUs()
    await sleep(1_000)
    const after = cpuTimes()
    const ioAfter = ioStalledUs()
    const idle = (after.idle - before.idle) / Math.max(1, after.total - before.total)
    const ioStalled = ioBefore === null || ioAfter === null ? null : (ioAfter - ioBefore) / 1_000_000
    const quiet = idle >= QUIET_IDLE && (ioStalled ?? 0) <= QUIET_IO
    const waitedMs = Date.now() - start
    if (quiet || waitedMs >= QUIET_MAX_WAIT_MS) return { quiet, waitedMs, idle, ioStalled }
  }
}

const percent = (share: number) => `${Math.round(share * 100)} %`

/** What waitForQuietMachine found, as a bench's note says it. */
export const quietNote = ({ quiet, waitedMs, idle, ioStalled }: Quiet): string =>
  `The machine before this bench: ${percent(idle)} idle` +
  (ioStalled === null ? '' : `, tasks waiting for the disk ${percent(ioStalled)} of the time`) +
  ` in the last second, ${quiet ? 'quiet' : 'not quiet, the bench started anyway'} after ${Math.round(waitedMs / 1000)} s` +
  ` (quiet: ≥ ${percent(QUIET_IDLE)} idle, ≤ ${percent(QUIET_IO)} waiting for the disk).`

/** What to watch for: `count` elements matching `selector`; the time goes in window[key]. */
export type PaintWatch = { selector: string; count: number; key: string; path?: string }

/**
 * Runs in the page: once `count` elements match `selector`, the time (performance.now()) of the next
 * animation frame, the one that paints them, goes in window[key]. A MutationObserver sees them go
 * in, so the time is the page's own, not the moment the driver looked: Playwright's click and goto
 * return a while after the page has moved on (up to 100 ms later on this machine), and a wait set up
 * then reads the time it was set up. With `path`, only in a document at that path (an init script
 * runs in every document the page loads). Source text, not a function: tsx would name the inner
 * functions with a helper that the page does not have.
 */
const WATCH_PAINTED = `({ selector, count, key, path }) => {
  if (path !== undefined && location.pathname !== path) return
  window[key] = undefined
  const found = () => document.querySelectorAll(selector).length >= count
  const painted = () => requestAnimationFrame(() => { window[key] = performance.now() })
  if (found()) return painted()
  const observer = new MutationObserver(() => {
    if (!found()) return
    observer.disconnect()
    painted()
  })
  observer.observe(document, { childList: true, subtree: true })
}`
const watchScript = (watch: PaintWatch) => `(${WATCH_PAINTED})(${JSON.stringify(watch)})`

/** Watches from now (before the click that shows it) for the frame that paints `watch`. */
export const watchPaint = (page: Page, watch: PaintWatch) => page.evaluate(watchScript(watch))

/** Watches every document the page loads (at watch.path) from its start, for a page load. */
export const watchPaintOnLoad = (page: Page, watch: PaintWatch) =>
  page.addInitScript({ content: watchScript(watch) })

/**
 * Runs in the page: from now on, at every animation frame until `test` (a page expression, source
 * text) holds, and then the time of that frame goes in window[key]. For what a MutationObserver
 * does not see, such as an input's value or a button no longer disabled; as with watchPaint, the
 * time is the page's own, not the moment the driver looked.
 */
const frameScript = (key: string, test: string) => `(() => {
  window[${JSON.stringify(key)}] = undefined
  const frame = () => {
    if (${test}) window[${JSON.stringify(key)}] = performance.now()
    else requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()`

/** Watches from now (before the click that brings it) for the first frame at which `test` holds. */
export const watchFrame = (page: Page, key: string, test: string) => page.evaluate(frameScript(key, test))

/** Watches every document the page loads, from its start, for the first frame at which `test` holds. */
export const watchFrameOnLoad = (page: Page, key: string, test: string) =>
  page.addInitScript({ content: frameScript(key, test) })

/**
 * Keeps the time of the page's next click, its event's own (in the page's time, as paintedAt's),
 * so that the driver's own checks before clicking do not count; clickedAt reads it.
 */
export const watchClick = (page: Page) =>
  page.evaluate(
    `document.addEventListener('click', (event) => { window.clickedAt = event.timeStamp }, { capture: true, once: true })`,
  )

/** The time of the click watchClick kept. */
export const clickedAt = (page: Page) =>
  page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt)

/** The page's time of the frame that painted what `key` watches for, once it has come. */
export async function paintedAt(page: Page, key: string): Promise<number> {
  const time = await page.waitForFunction(
    (slot) => (window as unknown as Record<string, number | undefined>)[slot] ?? false,
    key,
    { timeout: 60_000 },
  )
  return (await time.jsonValue()) as number
}
