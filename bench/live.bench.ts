// Live rooms (issue 35): two server processes on PostgreSQL (scripts/nginx-cluster.mjs), one room,
// N headless viewers (real WebSocket clients, half on each process). The host spins over HTTP on
// process A; for each spin, the time from the request to each viewer hearing it. Memory per idle
// viewer from the processes' RSS before and after the viewers connect. Needs DATABASE_URL.
import { readFileSync } from 'node:fs'
import type { CreatedRoom, RoomState, ServerMessage } from '../src/core/rooms/protocol'
import { connectRoom, type RoomClient, testWheel } from '../src/server/testing/room-client'
import type { BenchResult } from './run'
import { round } from './support'

type Cluster = { url: string; ports: number[]; pids(): (number | undefined)[]; stop(): Promise<void> }

const VIEWERS = Number(process.env.LIVE_VIEWERS ?? 1_000)
/** A room allows 10 spins a minute (ROOM_LIMITS.spinsPerMinute). */
const SPINS = 10

const rssKiB = (pid: number | undefined) =>
  pid ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) : 0
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
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
  const cluster = await startCluster({ count: 2, env: { LOG_LEVEL: 'warn' } })
  const clients: RoomClient[] = []
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
    const before = cluster.pids().map(rssKiB)
    for (let i = 0; i < VIEWERS; i += 100) {
      const batch = Array.from({ length: Math.min(100, VIEWERS - i) }, (_, j) =>
        connectRoom(bases[(i + j) % 2] as string, created.code).catch(() => {
          errors++
          return null
        }),
      )
      for (const client of await Promise.all(batch)) if (client) clients.push(client)
    }
    for (const client of clients) client.socket.on('error', () => errors++)
    // Idle: the joins' viewer counts settle, then the memory is read.
    await sleep(3_000)
    const after = cluster.pids().map(rssKiB)
    const perViewerKiB = round(
      (after.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0)) / VIEWERS,
      1,
    )

    const lastHeard: number[] = []
    const allHeard: number[] = []
    for (let spin = 0; spin < SPINS; spin++) {
      const heard = new Map<RoomClient, number>()
      const started = performance.now()
      const waits = clients.map((client) => {
        const from = client.messages.length
        return client
          .next(
            (m: ServerMessage): m is Extract<ServerMessage, { type: 'state' }> =>
              m.type === 'state' && (m.room as RoomState).history.length === spin + 1,
            10_000,
            from,
          )
          .then(() => heard.set(client, performance.now() - started))
          .catch(() => errors++)
      })
      const res = await fetch(`${bases[0]}/api/rooms/${created.code}/spin`, {
        method: 'POST',
        headers: { authorization: `Bearer ${created.hostToken}` },
      })
      if (res.status !== 200) errors++
      await Promise.all(waits)
      const times = [...heard.values()]
      allHeard.push(...times)
      lastHeard.push(Math.max(...times))
      for (const client of clients) client.messages.length = 0
      await sleep(1_600)
    }
    const figures = {
      viewers: clients.length,
      spins: SPINS,
      lastViewerP99Ms: round(percentile(lastHeard, 99), 1),
      lastViewerP50Ms: round(percentile(lastHeard, 50), 1),
      everyViewerP99Ms: round(percentile(allHeard, 99), 1),
      everyViewerP50Ms: round(percentile(allHeard, 50), 1),
      idleViewerKiB: perViewerKiB,
      rssBeforeMiB: round(before.reduce((a, b) => a + b, 0) / 1024, 1),
      rssAfterMiB: round(after.reduce((a, b) => a + b, 0) / 1024, 1),
      errors,
    }
    return {
      title: `Live room: ${clients.length} headless viewers on 2 processes (PostgreSQL), ${SPINS} spins`,
      columns: ['figure', 'value'],
      rows: Object.entries(figures),
      figures,
      notes: [
        'From the spin request (HTTP, process A) to each viewer hearing the state with the spin; half the viewers are on process B (LISTEN/NOTIFY).',
        'Memory per idle viewer: both processes’ RSS after the viewers connected minus before, divided by the viewers.',
        'The 3 Chromium screens of the issue’s bench are not part of this run.',
      ],
    }
  } finally {
    for (const client of clients) client.socket.terminate()
    await cluster.stop()
  }
}
