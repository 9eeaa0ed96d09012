// The server's first start on a fresh, empty data folder (PGlite) and a restart on the folder it
// left: peak RSS (VmHWM, polled every 20 ms) and the time from spawn until /api/health answers ok.
// FIRST_START_RUNS (3 by default) pairs; min and median are printed.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { BenchResult } from './run'
import { freePort, round, sleep } from './support'

const PREVIOUS = { firstPeakMiB: 767, firstHeldMiB: 665, firstMs: 6800, restartPeakMiB: 276, restartMs: 2600 }
const GOAL = { firstPeakMiB: 350, firstMs: 3000 }

type Start = { peakMiB: number; heldMiB: number; ms: number; cpuMs: number }

/** CPU time (user + system) the process has used so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function status(pid: number): { hwm: number; rss: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8')
  return {
    hwm: Number(/VmHWM:\s+(\d+)/.exec(text)?.[1] ?? 0),
    rss: Number(/VmRSS:\s+(\d+)/.exec(text)?.[1] ?? 0),
  }
}

/** Spawns dist/server/main.js on dataDir, waits for /api/health ok, then for 2 s, and stops it. */
async function start(dataDir: string): Promise<Start> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const buildDir = process.env.BUILD_DIR || 'dist'
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, [path.join(buildDir, 'server', 'main.js')], {
    env: {
      ...process.env,
      WEB_DIR: path.join(buildDir, 'web'),
      DATABASE_URL: '',
      BILLING_SANDBOX: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const pid = child.pid
  if (!pid) throw new Error('the server did not spawn')
  let peak = 0
  const sample = () => {
    try {
      const s = status(pid)
      peak = Math.max(peak, s.hwm, s.rss)
    } catch {}
  }
  const sampler = setInterval(sample, 20)
  try {
    let healthy = false
    let ms = 0
    let cpu = 0
    while (!healthy) {
      if (child.exitCode !== null) throw new Error('the server exited before it was healthy')
      if (performance.now() - started > 180_000) throw new Error('the server was not healthy within 180 s')
      healthy = await fetch(`${url}/api/health`).then(
        async (r) => r.ok && ((await r.json()) as { status?: string }).status === 'ok',
        () => false,
      )
      ms = performance.now() - started
      cpu = cpuMs(pid)
      if (!healthy) await sleep(20)
    }
    await sleep(2000)
    sample()
    const held = status(pid).rss
    return { peakMiB: round(peak / 1024), heldMiB: round(held / 1024), ms: Math.round(ms), cpuMs: cpu }
  } finally {
    clearInterval(sampler)
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  }
}

const min = (xs: number[]) => Math.min(...xs)
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2
}

export default async function firstStart(): Promise<BenchResult> {
  const runs = Number(process.env.FIRST_START_RUNS || 3)
  const first: Start[] = []
  const restart: Start[] = []
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'whirl-bench-first-'))
    try {
      first.push(await start(dataDir))
      restart.push(await start(dataDir))
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const pick = (xs: Start[], key: keyof Start) => xs.map((x) => x[key])
  const figures: Record<string, number> = {
    first_peak_rss_mib_min: min(pick(first, 'peakMiB')),
    first_peak_rss_mib_median: round(median(pick(first, 'peakMiB'))),
    first_held_rss_mib_median: round(median(pick(first, 'heldMiB'))),
    first_healthy_ms_min: min(pick(first, 'ms')),
    first_healthy_ms_median: Math.round(median(pick(first, 'ms'))),
    first_cpu_ms_median: Math.round(median(pick(first, 'cpuMs'))),
    restart_peak_rss_mib_min: min(pick(restart, 'peakMiB')),
    restart_peak_rss_mib_median: round(median(pick(restart, 'peakMiB'))),
    restart_held_rss_mib_median: round(median(pick(restart, 'heldMiB'))),
    restart_healthy_ms_min: min(pick(restart, 'ms')),
    restart_healthy_ms_median: Math.round(median(pick(restart, 'ms'))),
    restart_cpu_ms_median: Math.round(median(pick(restart, 'cpuMs'))),
  }
  const runsText = (xs: number[], unit: string) => xs.map((x) => `${x}${unit}`).join(', ')
  const met = (value: number, goal: number) => (value <= goal ? 'met' : 'NOT met')
  return {
    title: `Server start on PGlite (${runs} runs each): peak RSS and time until /api/health is ok`,
    columns: ['measure', 'min', 'median', 'runs', 'previous', 'goal'],
    rows: [
      [
        'first start, peak RSS',
        `${figures.first_peak_rss_mib_min} MiB`,
        `${figures.first_peak_rss_mib_median} MiB`,
        runsText(pick(first, 'peakMiB'), ''),
        `${PREVIOUS.firstPeakMiB} MiB`,
        `≤ ${GOAL.firstPeakMiB} MiB (${met(figures.first_peak_rss_mib_median ?? 0, GOAL.firstPeakMiB)})`,
      ],
      [
        'first start, RSS held 2 s after healthy',
        `${min(pick(first, 'heldMiB'))} MiB`,
        `${figures.first_held_rss_mib_median} MiB`,
        runsText(pick(first, 'heldMiB'), ''),
        `${PREVIOUS.firstHeldMiB} MiB`,
        '',
      ],
      [
        'first start, time to healthy',
        `${figures.first_healthy_ms_min} ms`,
        `${figures.first_healthy_ms_median} ms`,
        runsText(pick(first, 'ms'), ''),
        `${PREVIOUS.firstMs} ms`,
        `≤ ${GOAL.firstMs} ms (${met(figures.first_healthy_ms_median ?? 0, GOAL.firstMs)})`,
      ],
      [
        'first start, CPU time until healthy',
        `${min(pick(first, 'cpuMs'))} ms`,
        `${figures.first_cpu_ms_median} ms`,
        runsText(pick(first, 'cpuMs'), ''),
        '',
        '',
      ],
      [
        'restart, peak RSS',
        `${figures.restart_peak_rss_mib_min} MiB`,
        `${figures.restart_peak_rss_mib_median} MiB`,
        runsText(pick(restart, 'peakMiB'), ''),
        `${PREVIOUS.restartPeakMiB} MiB`,
        '',
      ],
      [
        'restart, RSS held 2 s after healthy',
        `${min(pick(restart, 'heldMiB'))} MiB`,
        `${figures.restart_held_rss_mib_median} MiB`,
        runsText(pick(restart, 'heldMiB'), ''),
        '',
        '',
      ],
      [
        'restart, time to healthy',
        `${figures.restart_healthy_ms_min} ms`,
        `${figures.restart_healthy_ms_median} ms`,
        runsText(pick(restart, 'ms'), ''),
        `${PREVIOUS.restartMs} ms`,
        '',
      ],
      [
        'restart, CPU time until healthy',
        `${min(pick(restart, 'cpuMs'))} ms`,
        `${figures.restart_cpu_ms_median} ms`,
        runsText(pick(restart, 'cpuMs'), ''),
        '',
        '',
      ],
    ],
    figures,
    notes: [
      'The goals are judged on the median. Wall times vary with the machine load; CPU time (user + system) much less.',
    ],
  }
}
