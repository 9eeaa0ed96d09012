// Giveaways (issue 36) on the production build, in Chromium: 10,000 chat messages in a minute
// into open chat entries (from a loopback Twitch chat server), how stale the entrant list gets and
// the page's longest main-thread task; then 100 winners of 10,000 entries drawn on the server and
// recomputed on the proof page (from the page's first paint to "Verified").
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { startTwitchLoopback } from '../e2e/twitch-loopback'
import type { BenchResult } from './run'
import { launchChromium, round, sleep, startBuiltServer } from './support'

const TWITCH_HOST = 'irc-ws.chat.twitch.tv'

/** A throwaway self-signed certificate for Twitch's chat host (openssl), for the loopback's wss://. */
function selfSigned(host: string): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'whirl-bench-tls-'))
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')]
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-keyout', key, '-out', cert].concat([
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
      ]),
      { stdio: 'ignore' },
    )
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const MESSAGES = 10_000
const MINUTE_MS = 60_000
const TICK_MS = 100

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

export default async function giveawayBench(): Promise<BenchResult> {
  // The page's own WebSocket reaches the loopback chat server as Twitch's host (host-resolver
  // rules and a self-signed certificate), as in production: every message arrives as one network
  // task. GIVEAWAY_CHAT=route uses Playwright's routeWebSocket as the e2e tests do instead, which
  // hands each message to the page through the DevTools protocol: main-thread work of the harness.
  const routed = process.env.GIVEAWAY_CHAT === 'route'
  const server = await startBuiltServer()
  const loopback = await startTwitchLoopback(routed ? {} : { tls: selfSigned(TWITCH_HOST) })
  const browser = await launchChromium(
    routed
      ? []
      : [
          `--host-resolver-rules=MAP ${TWITCH_HOST}:443 127.0.0.1:${loopback.port}`,
          '--ignore-certificate-errors',
        ],
  )
  try {
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    await premium(page)
    if (routed) await loopback.route(page)
    await page.addInitScript(() => {
      // Every long task and long frame with its start, sorted out at the end: the page's own start
      // is reported while `since` is still 0, so a filter at record time would count it (it did
      // before decision 0057: the 83–169 ms of earlier runs were the page's start, not the chat).
      const w = window as unknown as { tasks: [number, number][]; since: number; lastEnd: number }
      w.tasks = []
      w.since = 0
      w.lastEnd = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          w.lastEnd = Math.max(w.lastEnd, entry.startTime + entry.duration)
          w.tasks.push([entry.startTime, entry.duration])
        }
      }).observe({ type: 'longtask', buffered: true })
      // Attribution (Long Animation Frames): which script, and how much was style and layout.
      const f = window as unknown as { frames: [number, string][] }
      f.frames = []
      type Script = { invoker: string; sourceFunctionName: string; duration: number }
      type Frame = PerformanceEntry & { scripts: Script[]; renderStart: number; styleAndLayoutStart: number }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Frame[]) {
          if (entry.duration <= 50) continue
          const layout = entry.styleAndLayoutStart
            ? entry.startTime + entry.duration - entry.styleAndLayoutStart
            : 0
          const scripts = entry.scripts
            .map(
              (x) =>
                `${x.invoker}${x.sourceFunctionName ? `/${x.sourceFunctionName}` : ''} ${Math.round(x.duration)}`,
            )
            .join(', ')
          f.frames.push([
            entry.startTime,
            `${Math.round(entry.duration)} ms: layout ${Math.round(layout)}; ${scripts || 'no script'}`,
          ])
        }
      }).observe({ type: 'long-animation-frame', buffered: true })
    })
    await page.goto('/wheel')
    await page.getByRole('button', { name: 'Chat entries' }).click()
    const panel = page.getByRole('region', { name: 'Chat entries' })
    await panel.getByLabel('Twitch channel').fill('streamer')
    await panel.getByRole('button', { name: 'Open entries' }).click()
    await loopback.joined(1)
    await panel.getByText('Reading #streamer.').waitFor()
    // The page's own start (its main script, the session, lazy chunks) runs on after the load
    // event; the chat minute starts once the page has had no long task for a second (at most 15 s).
    const quiet = () =>
      page.evaluate(() => performance.now() - (window as unknown as { lastEnd: number }).lastEnd > 1000)
    for (let waited = 0; !(await quiet()) && waited < 15_000; waited += 250) await sleep(250)
    // The page notes the time of every change of the count (no DevTools call into the page during
    // the minute: that would be main-thread work of the harness, and a coarser figure).
    await page.evaluate(() => {
      const w = window as unknown as { since: number; counts: [number, number][] }
      w.since = performance.now()
      w.counts = []
      const count = document.querySelector('[data-testid="entrant-count"]') as HTMLElement
      new MutationObserver(() =>
        // "1,234 entries": the count is written with the page's digit grouping.
        w.counts.push([Date.now(), Number((count.textContent ?? '').replace(/\D/g, '') || 0)]),
      ).observe(count, { subtree: true, childList: true, characterData: true })
    })
    // A Chrome trace of the chat minute gives each task's thread (CPU) time besides its wall time: on
    // a loaded machine a task of a few ms of work can last 150 ms while the OS runs other processes.
    // GIVEAWAY_TRACE=file.json keeps a detailed trace (layout, paint, GC) in that file.
    const trace = process.env.GIVEAWAY_TRACE
    await browser.startTracing(page, {
      ...(trace ? { path: trace } : {}),
      categories: trace
        ? ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'toplevel']
        : ['toplevel'],
    })

    // Every other message is the keyword, each from a new chatter: 5,000 entrants in the minute.
    const joinedAt: number[] = []
    let sent = 0
    const started = performance.now()
    const perTick = Math.ceil(MESSAGES / (MINUTE_MS / TICK_MS))
    while (sent < MESSAGES) {
      for (let i = 0; i < perTick && sent < MESSAGES; i++, sent++) {
        const join = sent % 2 === 0
        loopback.say(String(sent + 1), `Viewer${sent + 1}`, join ? '!join' : `hello ${sent}`)
        if (join) joinedAt.push(Date.now())
      }
      const next = started + (sent / perTick) * TICK_MS
      await sleep(Math.max(0, next - performance.now()))
    }
    const expected = joinedAt.length
    await panel
      .getByTestId('entrant-count')
      .filter({ hasText: `${expected.toLocaleString('en-US')} entries` })
      .waitFor()
    // The list is as stale as the longest wait of a joining chatter for the count to include them.
    const counts = await page.evaluate(() => (window as unknown as { counts: [number, number][] }).counts)
    let stalest = 0
    let at = 0
    joinedAt.forEach((sentAt, i) => {
      while (at < counts.length && (counts[at] as [number, number])[1] < i + 1) at++
      const shownAt = counts[at]?.[0] ?? Date.now()
      stalest = Math.max(stalest, shownAt - sentAt)
    })
    const cpu = longestTaskCpu(await browser.stopTracing())
    // The tasks and frames that started in the chat minute, their start from the minute's start.
    const { tasks, frames } = await page.evaluate(() => {
      const w = window as unknown as { tasks: [number, number][]; frames: [number, string][]; since: number }
      return {
        tasks: w.tasks
          .filter(([start]) => start >= w.since)
          .map(([start, duration]) => [Math.round(start - w.since), Math.round(duration)]),
        frames: w.frames.filter(([start]) => start >= w.since).map(([, text]) => text),
      }
    })
    const longest = Math.max(0, ...tasks.map(([, duration]) => duration as number))

    // 100 winners of 10,000 entries, recomputed by the proof page.
    const entries = Array.from({ length: 10_000 }, (_, i) => [`Entrant ${i + 1}`, 1])
    const made = await page.request.post('/api/draws', {
      data: { name: 'Bench giveaway', entries, giveaway: { kind: 'winners', count: 100 } },
      headers: { origin: server.url },
    })
    if (made.status() !== 201) throw new Error(`draw: ${made.status()} ${await made.text()}`)
    const { id } = (await made.json()) as { id: string }
    await page.request.post(`/api/draws/${id}/reveal`, {
      data: { clientSeed: 'bench' },
      headers: { origin: server.url },
    })
    const proof = await context.newPage()
    // The longest main-thread task from the proof page's start to "Verified", then from Show all to
    // the 10,000th entry listed (issue 36: no task over 50 ms during a big draw).
    await proof.addInitScript(() => {
      const w = window as unknown as { proofTasks: [number, number][] }
      w.proofTasks = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.proofTasks.push([entry.startTime, entry.duration])
      }).observe({ type: 'longtask', buffered: true })
    })
    /** The longest task that ended after `from` (page clock), and the page clock now. */
    const longestSince = (from: number) =>
      proof.evaluate((since) => {
        const tasks = (window as unknown as { proofTasks: [number, number][] }).proofTasks
        const after = tasks.filter(([start, duration]) => start + duration > since)
        return { longest: Math.max(0, ...after.map(([, duration]) => duration)), now: performance.now() }
      }, from)
    // From the proof page's load event: it fetches the record and recomputes every pick.
    // Traced too (category toplevel), for each task's CPU time beside its wall time.
    await browser.startTracing(proof, { categories: ['toplevel'] })
    await proof.goto(`/draw/${id}`)
    const t0 = Date.now()
    await proof.getByText('Verified', { exact: true }).waitFor({ timeout: 30_000 })
    const verifyMs = Date.now() - t0
    await sleep(200)
    // The whole page (its own start, the app's main script among it), and from the draw's record
    // on (the recomputation and the record's rendering alone).
    const pageLongest = (await longestSince(0)).longest
    const recordAt = await proof.evaluate(
      (path) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
          e.name.endsWith(path),
        )?.responseEnd ?? 0,
      `/api/draws/${id}`,
    )
    const verifyLongest = (await longestSince(recordAt)).longest
    const verifyCpu = longestTaskCpu(await browser.stopTracing())
    const beforeShowAll = (await longestSince(0)).now
    await browser.startTracing(proof, { categories: ['toplevel'] })
    const t1 = Date.now()
    await proof.getByRole('button', { name: 'Show all 10,000 entries' }).click()
    // Counted in the page, 10 times a second: Playwright's text search over 10,000 rows, polled,
    // would be main-thread work of the harness inside the measured tasks.
    await proof.waitForFunction(
      () => document.querySelectorAll('[aria-labelledby="draw-entries"] [role="listitem"]').length >= 10_000,
      null,
      { polling: 100, timeout: 60_000 },
    )
    const showAllMs = Date.now() - t1
    await sleep(200)
    const showAllLongest = (await longestSince(beforeShowAll)).longest
    const showAllCpu = longestTaskCpu(await browser.stopTracing())

    const figures = {
      chat_messages: MESSAGES,
      chat_routed: routed ? 1 : 0,
      chat_entrants: expected,
      chat_list_stalest_ms: Math.round(stalest),
      chat_longest_task_ms: Math.round(longest),
      chat_longest_task_cpu_ms: round(cpu.longestCpuMs, 1),
      chat_longest_task_trace_wall_ms: Math.round(cpu.longestWallMs),
      verify_100_of_10000_ms: verifyMs,
      verify_longest_task_ms: Math.round(verifyLongest),
      proof_page_longest_task_ms: Math.round(pageLongest),
      proof_page_longest_task_cpu_ms: round(verifyCpu.longestCpuMs, 1),
      show_all_longest_task_cpu_ms: round(showAllCpu.longestCpuMs, 1),
      show_all_10000_ms: showAllMs,
      show_all_longest_task_ms: Math.round(showAllLongest),
    }
    return {
      title:
        'Giveaways: chat entries at 10,000 messages a minute, and 100 winners of 10,000 verified in the browser',
      columns: ['measure', 'value', 'goal'],
      rows: [
        ['chat messages in one minute', MESSAGES, ''],
        ['chat reaches the page by', routed ? 'routeWebSocket (DevTools protocol)' : 'its own WebSocket', ''],
        ['entrants', expected, ''],
        ['entrant list, stalest', `${round(stalest / 1000, 2)} s`, '≤ 1 s'],
        ['longest main-thread task', `${Math.round(longest)} ms`, '≤ 50 ms'],
        ['longest main-thread task, CPU time (trace)', `${round(cpu.longestCpuMs, 1)} ms`, '≤ 50 ms'],
        [
          'longest main-thread task in the trace, wall time',
          `${Math.round(cpu.longestWallMs)} ms`,
          '≤ 50 ms',
        ],
        ['100 winners of 10,000 recomputed on the proof page', `${verifyMs} ms`, '≤ 1,000 ms'],
        [
          'proof page, longest main-thread task from the record to Verified',
          `${Math.round(verifyLongest)} ms`,
          '≤ 50 ms',
        ],
        ['proof page, longest main-thread task from its start', `${Math.round(pageLongest)} ms`, ''],
        [
          'proof page, longest task from its start, CPU time (trace)',
          `${round(verifyCpu.longestCpuMs, 1)} ms`,
          '',
        ],
        ['proof page, Show all 10,000 entries', `${showAllMs} ms`, ''],
        [
          'proof page, longest main-thread task during Show all',
          `${Math.round(showAllLongest)} ms`,
          '≤ 50 ms',
        ],
        [
          'proof page, longest task during Show all, CPU time (trace)',
          `${round(showAllCpu.longestCpuMs, 1)} ms`,
          '≤ 50 ms',
        ],
      ],
      figures,
      notes: [
        `main-thread tasks over 50 ms (start after the first message, duration), ms: ${JSON.stringify(tasks.slice(0, 20))}`,
        `tasks over 50 ms in the trace: ${cpu.overWall50} (wall), ${cpu.overCpu50} (CPU time); main-thread CPU in all: ${Math.round(cpu.totalCpuMs)} ms`,
        `frames over 50 ms (long-animation-frame attribution): ${JSON.stringify(frames.slice(0, 10))}`,
      ],
    }
  } finally {
    await loopback.close()
    await browser.close()
    await server.stop()
  }
}

type TraceEvent = {
  ph: string
  name: string
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/** The renderers' main threads: their tasks' wall and CPU times. */
function longestTaskCpu(buffer: Buffer) {
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const tasksOf = new Map<string, TraceEvent[]>()
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !mains.has(thread)) continue
    const list = tasksOf.get(thread) ?? []
    list.push(e)
    tasksOf.set(thread, list)
  }
  // Every page's main thread: the proof page's (one new renderer) runs few but long tasks, so the
  // thread with most tasks may be another page's.
  const tasks = [...tasksOf.values()].flat()
  const ms = (us: number | undefined) => (us ?? 0) / 1000
  return {
    longestCpuMs: Math.max(0, ...tasks.map((t) => ms(t.tdur))),
    longestWallMs: Math.max(0, ...tasks.map((t) => ms(t.dur))),
    totalCpuMs: tasks.reduce((sum, t) => sum + ms(t.tdur), 0),
    overWall50: tasks.filter((t) => ms(t.dur) > 50).length,
    overCpu50: tasks.filter((t) => ms(t.tdur) > 50).length,
  }
}
