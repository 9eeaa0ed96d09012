// Live rooms (issue 35): two server processes on PostgreSQL (scripts/nginx-cluster.mjs), one room,
// N headless viewers (real WebSocket clients, half on each process) and 3 Chromium screens
// (/live/<code>/screen, two on A, one on B). The host spins over HTTP on process A; for each spin,
// the time from the request to its answer and to each viewer receiving the message (its arrival in
// this process, before parsing), and the spread of the screens' first moving frames on the
// machine's one clock. Memory per idle viewer from the processes' RSS before and after the viewers
// connect, each read after a full collection (gc-on-signal.cjs). Needs DATABASE_URL and a build
// (BUILD_DIR or dist).
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { CreatedRoom, RoomSpin, ServerMessage } from '../src/core/rooms/protocol'
import { connectRoom, type RoomClient, testWheel } from '../src/server/testing/room-client'
import { openScreens, type Screens } from './live-screens'
import type { BenchResult } from './run'
import { round } from './support'

type Cluster = { url: string; ports: number[]; pids(): (number | undefined)[]; stop(): Promise<void> }

const VIEWERS = Number(process.env.LIVE_VIEWERS ?? 1_000)
const SPINS = Number(process.env.LIVE_SPINS ?? 20)
/**
 * One spin every 6.1 s: a room allows 10 spins a minute (ROOM_LIMITS.spinsPerMinute), and the
 * built processes the bench runs take no test options, so the bench keeps under the product's limit.
 */
const SPIN_EVERY_MS = 6_100
const SCREENS_SETTLE_MS = 4_000

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
type Memory = { rss: number; heapUsed: number; heapTotal: number; external: number; at: number }
const MEMORY_FILE = path.join(tmpdir(), `whirl-live-memory-${process.pid}`)
/** Each process's memory after a full collection (bench/gc-on-signal.cjs, asked with SIGUSR2). */
async function collected(pids: (number | undefined)[]): Promise<Memory[]> {
  const asked = Date.now()
  const file = (pid: number | undefined) => `${MEMORY_FILE}.${pid}`
  for (const pid of pids) if (pid) process.kill(pid, 'SIGUSR2')
  for (let waited = 0; waited < 10_000; waited += 50) {
    const read = pids.map((pid) =>
      existsSync(file(pid)) ? (JSON.parse(readFileSync(file(pid), 'utf8')) as Memory) : null,
    )
    if (read.every((m) => m && m.at >= asked)) {
      for (const pid of pids) rmSync(file(pid), { force: true })
      return read as Memory[]
    }
    await sleep(50)
  }
  throw new Error('the server processes did not report their memory')
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

export default async function liveBench(): Promise<BenchResult> {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set: the processes share a PostgreSQL')
  const clusterModule = '../scripts/nginx-cluster.mjs'
  const { startCluster } = (await import(clusterModule)) as {
    startCluster(options: { count: number; env?: Record<string, string> }): Promise<Cluster>
  }
  // As deployed (NODE_ENV=production): the cluster's default is the tests' mode, which checks every
  // answer against its schema and hashes passwords the cheap way. Payments in the sandbox.
  const cluster = await startCluster({
    count: 2,
    env: {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      BILLING_SANDBOX: '1',
      NODE_OPTIONS: `--expose-gc --require ${path.resolve('bench/gc-on-signal.cjs')}`,
      WHIRL_MEMORY_FILE: MEMORY_FILE,
    },
  })
  const clients: RoomClient[] = []
  /** The viewers connected to process B (the others are on A, where the spin is made). */
  const onB = new Set<RoomClient>()
  let errors = 0
  try {
    const bases = cluster.ports.map((port) => `http://127.0.0.1:${port}`)
    const created = (await (
      await fetch(`${bases[0]}/api/rooms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ wheel: testWheel(12, 'normal', 1000) }),
      })
    ).json()) as CreatedRoom
    await sleep(1_000)
    const beforeCollected = await collected(cluster.pids())
    for (let i = 0; i < VIEWERS; i += 100) {
      const batch = Array.from({ length: Math.min(100, VIEWERS - i) }, (_, j) =>
        connectRoom(bases[(i + j) % 2] as string, created.code)
          .then((client) => {
            if ((i + j) % 2 === 1) onB.add(client)
            return client
          })
          .catch(() => {
            errors++
            return null
          }),
      )
      for (const client of await Promise.all(batch)) if (client) clients.push(client)
    }
    for (const client of clients) client.socket.on('error', () => errors++)
    // Idle: the joins' viewer counts settle, then the memory is read.
    await sleep(3_000)
    const afterCollected = await collected(cluster.pids())
    const perViewer = (read: (m: Memory) => number) =>
      round((sum(afterCollected.map(read)) - sum(beforeCollected.map(read))) / 1024 / VIEWERS, 1)
    const perViewerKiB = perViewer((m) => m.rss)
    const perViewerHeapKiB = perViewer((m) => m.heapUsed)

    const screens: Screens = await openScreens(
      [0, 1, 2].map((i) => `${bases[i % 2]}/live/${created.code}/screen`),
    )
    // The screens finish their start (code, clock samples) before the first spin: on this 2-core
    // machine a screen still starting held up the servers, where a projector has its own. With 1 s,
    // the first spin's answer took 190 and 202 ms in two runs of 20 (the others at most 81 ms).
    await sleep(SCREENS_SETTLE_MS)

    const lastHeard: number[] = []
    const allHeard: number[] = []
    const lastOnA: number[] = []
    const lastOnB: number[] = []
    const answered: number[] = []
    const spreads: number[] = []
    const lateness: number[] = []
    /** Each spin's answer and last viewer, in order (where the outliers fall). */
    const perSpin: string[] = []
    // Each viewer's messages with their arrival, parsed only after the spin (the parsing of 1,000
    // clients in this one process would otherwise be counted as the server's time).
    const arrivals = new Map<RoomClient, [number, string][]>()
    for (const client of clients) {
      const list: [number, string][] = []
      arrivals.set(client, list)
      // The client's own listener (it parses every message) makes way for this one.
      client.socket.removeAllListeners('message')
      client.socket.on('message', (data) => list.push([performance.now(), data.toString()]))
    }
    for (let spin = 0; spin < SPINS; spin++) {
      const cycle = performance.now()
      for (const list of arrivals.values()) list.length = 0
      await screens.reset()
      const started = performance.now()
      const res = await fetch(`${bases[0]}/api/rooms/${created.code}/spin`, {
        method: 'POST',
        headers: { authorization: `Bearer ${created.hostToken}` },
      })
      answered.push(performance.now() - started)
      if (res.status !== 200) {
        perSpin.push(`${round(answered.at(-1) ?? 0, 0)}/refused`)
        errors++
        await sleep(SPIN_EVERY_MS)
        continue
      }
      const { spin: timeline } = (await res.json()) as { spin: RoomSpin }
      // Past the spin's end (lead + duration) and a margin, every screen and viewer has it.
      await sleep(Math.max(0, timeline.start + timeline.duration - Date.now()) + 300)
      const times: number[] = []
      let maxA = 0
      let maxB = 0
      for (const client of clients) {
        const heard = arrivals.get(client)?.find(([, text]) => {
          const m = JSON.parse(text) as ServerMessage
          return m.type === 'state' && m.room.spin?.drawId === timeline.drawId
        })
        if (!heard) {
          errors++
          continue
        }
        const ms = heard[0] - started
        times.push(ms)
        if (onB.has(client)) maxB = Math.max(maxB, ms)
        else maxA = Math.max(maxA, ms)
      }
      lastOnA.push(maxA)
      lastOnB.push(maxB)
      allHeard.push(...times)
      lastHeard.push(Math.max(...times))
      perSpin.push(`${round(answered.at(-1) ?? 0, 0)}/${round(Math.max(...times), 0)}`)
      const starts = await screens.starts(timeline.from)
      if (starts.some(Number.isNaN)) errors++
      else {
        spreads.push(Math.max(...starts) - Math.min(...starts))
        lateness.push(...starts.map((at) => at - timeline.start))
      }
      await sleep(Math.max(0, SPIN_EVERY_MS - (performance.now() - cycle)))
    }
    await screens.close()
    const figures = {
      viewers: clients.length,
      screens: 3,
      spins: SPINS,
      spinAnswerP50Ms: round(percentile(answered, 50), 1),
      spinAnswerP99Ms: round(percentile(answered, 99), 1),
      lastViewerOnAP99Ms: round(percentile(lastOnA, 99), 1),
      lastViewerOnBP99Ms: round(percentile(lastOnB, 99), 1),
      lastViewerP99Ms: round(percentile(lastHeard, 99), 1),
      lastViewerP90Ms: round(percentile(lastHeard, 90), 1),
      lastViewerP50Ms: round(percentile(lastHeard, 50), 1),
      everyViewerP99Ms: round(percentile(allHeard, 99), 1),
      everyViewerP50Ms: round(percentile(allHeard, 50), 1),
      screenStartSpreadP95Ms: round(percentile(spreads, 95), 1),
      screenStartSpreadMaxMs: round(Math.max(...spreads), 1),
      screenStartAfterAnnouncedP95Ms: round(percentile(lateness, 95), 1),
      idleViewerKiB: perViewerKiB,
      idleViewerHeapKiB: perViewerHeapKiB,
      rssBeforeMiB: round(sum(beforeCollected.map((m) => m.rss)) / 1024 / 1024, 1),
      rssAfterMiB: round(sum(afterCollected.map((m) => m.rss)) / 1024 / 1024, 1),
      errors,
    }
    return {
      title: `Live room: ${clients.length} headless viewers and 3 screens on 2 processes (PostgreSQL), ${SPINS} spins`,
      columns: ['figure', 'value'],
      rows: Object.entries(figures),
      figures,
      notes: [
        'spinAnswer: the spin request (HTTP, process A) to its answer (two statements: the read with the limits, then the write whose commit sends the NOTIFY; decision 0056).',
        'Viewers: from the spin request to the arrival of the state with the spin in the bench process (before parsing); half the viewers are on process B (LISTEN/NOTIFY; the spin’s state comes in the notification when it fits, else one read of the room).',
        'Screens: 3 Chromium pages on /live/<code>/screen (2 on A, 1 on B); each spin, the frames in which each screen’s wheel first moved, on the machine’s one clock; spread = latest minus earliest (goal ≤ 17 ms, one frame at 60 Hz). AfterAnnounced: a screen’s first moving frame minus the spin’s announced start.',
        'Memory per idle viewer: both processes’ RSS after the viewers connected minus before, divided by the viewers, each read after a full garbage collection (bench/gc-on-signal.cjs); Heap: the same for the JavaScript heap in use. Until this bench collected first, the RSS was read as it was, with the garbage of the start and of the connections not yet collected, and it moved with the collector’s timing (13–21 KiB in runs of one build).',
        'The machine is shared with other work: latencies are noisy (load average noted in the report).',
        `Each spin in order, answer / last viewer (ms): ${perSpin.join(', ')}.`,
      ],
    }
  } finally {
    for (const client of clients) client.socket.terminate()
    await cluster.stop()
  }
}
