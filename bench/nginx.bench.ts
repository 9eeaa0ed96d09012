// Through nginx (deploy/nginx.conf.example): GET /api/health (one trivial query on PostgreSQL)
// with one and with two server processes behind it, measured with autocannon beside a bare Fastify
// route in a process of its own, in the same run. Needs DATABASE_URL and Debian's nginx.
import { autocannon, failures, startBareServer } from './http-load'
import type { BenchResult } from './run'
import { round } from './support'

type Cluster = { url: string; stop(): Promise<void> }

const CONNECTIONS = 50
const DURATION_S = 10

async function measure(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 })
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S })
  return {
    rps: round(result.requests.average, 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: failures(result),
  }
}

export default async function nginxBench(): Promise<BenchResult> {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set: the processes share a PostgreSQL')
  const clusterModule = '../scripts/nginx-cluster.mjs'
  const { startCluster } = (await import(clusterModule)) as {
    startCluster(options: { count: number; env?: Record<string, string> }): Promise<Cluster>
  }
  const bare = await startBareServer()
  const rows: (string | number)[][] = []
  const figures: Record<string, number> = {}
  try {
    const b = await measure(bare.url)
    rows.push(['bare Fastify route (no nginx)', b.rps, b.p50, b.p99, b.errors])
    Object.assign(figures, { bareRps: b.rps, bareP99: b.p99 })
    for (const count of [1, 2]) {
      const cluster = await startCluster({ count, env: { LOG_LEVEL: 'warn' } })
      try {
        const m = await measure(`${cluster.url}/api/health`)
        rows.push([
          `nginx → ${count} process${count === 1 ? '' : 'es'}, GET /api/health`,
          m.rps,
          m.p50,
          m.p99,
          m.errors,
        ])
        Object.assign(figures, {
          [`nginx${count}Rps`]: m.rps,
          [`nginx${count}P50`]: m.p50,
          [`nginx${count}P99`]: m.p99,
          [`nginx${count}Errors`]: m.errors,
        })
      } finally {
        await cluster.stop()
      }
    }
  } finally {
    await bare.stop()
  }
  return {
    title: `Through nginx: ${CONNECTIONS} connections, ${DURATION_S} s each (same run)`,
    columns: ['target', 'requests/s', 'p50 ms', 'p99 ms', 'errors'],
    rows,
    figures,
    notes: ['2 cores shared with other work: compare the rows of one run, not runs of different days.'],
  }
}
