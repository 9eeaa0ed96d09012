// Server load: an authenticated GET /api/profile (the signed session cookie checked, then one
// query for the session with its profile on PostgreSQL) measured with autocannon, side by side in
// the same run with the same server's GET /api/health (one trivial query) and a bare Fastify route
// in a process of its own. The ratio profile / bare is the figure to watch.
import pg from 'pg'
import { type AutocannonResult, autocannon, signUp, startBareServer } from './http-load'
import type { BenchResult } from './run'
import { round, startBuiltServer } from './support'

const CONNECTIONS = 50
const WARMUP_S = 2
const DURATION_S = 10

async function load(url: string, headers?: Record<string, string>): Promise<AutocannonResult> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, headers })
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    )
  }
  return result
}

export default async function authLoad(): Promise<BenchResult> {
  const pgUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
  const schema = `bench_auth_${Date.now()}`
  const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 5000 })
  await probe.connect().catch((error: Error) => {
    throw new Error(
      `auth-load measures on PostgreSQL: set DATABASE_URL (could not reach ${pgUrl}: ${error.message})`,
    )
  })
  await probe.end()
  const server = await startBuiltServer({ DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema })
  const bare = await startBareServer()
  let auth: AutocannonResult
  let health: AutocannonResult
  let plain: AutocannonResult
  try {
    const cookie = await signUp(server.url)
    auth = await load(`${server.url}/api/profile`, { cookie })
    health = await load(`${server.url}/api/health`)
    plain = await load(bare.url)
  } finally {
    await bare.stop()
    await server.stop()
    const client = new pg.Client({ connectionString: pgUrl })
    await client.connect().then(
      () => client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end()),
      () => {},
    )
  }

  const figures = {
    profile_rps: round(auth.requests.average, 0),
    profile_p50_ms: round(auth.latency.p50, 1),
    profile_p99_ms: round(auth.latency.p99, 1),
    health_rps: round(health.requests.average, 0),
    health_p50_ms: round(health.latency.p50, 1),
    health_p99_ms: round(health.latency.p99, 1),
    bare_rps: round(plain.requests.average, 0),
    bare_p50_ms: round(plain.latency.p50, 1),
    bare_p99_ms: round(plain.latency.p99, 1),
    profile_to_bare_rps_ratio: round(auth.requests.average / plain.requests.average, 3),
    profile_to_health_rps_ratio: round(auth.requests.average / health.requests.average, 3),
  }
  return {
    title: `Server load: authenticated GET /api/profile on PostgreSQL vs /api/health and a bare Fastify route (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up)`,
    columns: ['route', 'requests/s', 'p50 latency', 'p99 latency'],
    rows: [
      [
        'GET /api/profile (session + profile)',
        figures.profile_rps,
        `${figures.profile_p50_ms} ms`,
        `${figures.profile_p99_ms} ms`,
      ],
      [
        'GET /api/health (same server, one trivial query)',
        figures.health_rps,
        `${figures.health_p50_ms} ms`,
        `${figures.health_p99_ms} ms`,
      ],
      ['bare Fastify route', figures.bare_rps, `${figures.bare_p50_ms} ms`, `${figures.bare_p99_ms} ms`],
      ['ratio (profile / bare)', figures.profile_to_bare_rps_ratio, '', ''],
      ['ratio (profile / health)', figures.profile_to_health_rps_ratio, '', ''],
    ],
    figures,
    notes: [
      'One server process each; a session is read from PostgreSQL once, then from the process cache until its user changes (LISTEN/NOTIFY: other processes see a sign-out within a second).',
    ],
  }
}
