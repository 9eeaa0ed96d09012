// Faults (f), issue 33: 16 concurrent full pulls of one account at the cloud quota, on a PostgreSQL
// the bench starts itself. Pass: no 5xx but 503 with Retry-After, every client gets the whole
// account, and the server's peak RSS (VmHWM, since a restart after the account was filled) stays at
// or under 600 MB. Each client follows the pages as the web app does and honours Retry-After.
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import pg from 'pg'
import { CLOUD_QUOTA_BYTES, type SyncResponse } from '../src/core/sync/protocol'
import { createDefaultWheel, type Wheel } from '../src/core/wheel/model'
import { signUp, simulateMonthly } from './http-load'
import { startPrivatePostgres } from './private-postgres'
import { percentile, type RunningServer, round, sleep, startBuiltServer } from './support'

type Outcome = { scenario: string; pass: boolean; figure: string; figures: Record<string, number | string> }

const CLIENTS = 16
const RSS_LIMIT_MB = 600
const SCENARIO = `(f) ${CLIENTS} concurrent full pulls of one account at the quota`

/** A wheel of 3,000 items of 190 characters: about 0.7 MB as JSON. */
function bigWheel(i: number, now: string): Wheel {
  return {
    ...createDefaultWheel(),
    id: `quota-${i}`,
    name: `Quota wheel ${i}`,
    items: Array.from({ length: 3_000 }, (_, k) => ({
      id: `i${k}`,
      text: `${i}.${k} ${'q'.repeat(180)}`,
      color: '#3b82f6',
    })),
    createdAt: now,
    updatedAt: now,
  }
}

/** Pushes wheels 5 at a time (about 3.5 MB a request) until the server says the account is full. */
async function fillToQuota(url: string, cookie: string): Promise<number> {
  const now = new Date().toISOString()
  let since = 0
  for (let i = 0; i < 500; i += 5) {
    const changes = [0, 1, 2, 3, 4].map((k) => {
      const wheel = bigWheel(i + k, now)
      return { id: wheel.id as string, base: null, wheel }
    })
    const res = await fetch(`${url}/api/wheels/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ since, changes }),
    })
    if (res.status === 413) break
    if (!res.ok) throw new Error(`filling the account: ${res.status} ${await res.text()}`)
    since = ((await res.json()) as SyncResponse).cursor
  }
  return since
}

type Tally = {
  pages: number
  bytes: number
  refused: number
  statuses: Map<number, number>
  failures: string[]
}

/** One device's full pull: pages from cursor 0 until no more follow, waiting as Retry-After says. */
async function fullPull(url: string, cookie: string, tally: Tally): Promise<Set<string>> {
  const ids = new Set<string>()
  for (let since = 0, more = true; more; ) {
    const res = await fetch(`${url}/api/wheels?since=${since}`, { headers: { cookie } }).catch(
      (error: Error) => error,
    )
    if (res instanceof Error) {
      tally.failures.push(`network: ${res.message}`)
      return ids
    }
    tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1)
    const text = await res.text()
    const retryAfter = Number(res.headers.get('retry-after'))
    if ((res.status === 429 || res.status === 503) && retryAfter > 0) {
      tally.refused += 1
      await sleep(retryAfter * 1000)
      continue
    }
    if (!res.ok) {
      tally.failures.push(`${res.status}: ${text.slice(0, 120)}`)
      return ids
    }
    const page = JSON.parse(text) as SyncResponse
    tally.pages += 1
    tally.bytes += text.length
    for (const w of page.wheels) ids.add(w.id)
    more = page.more === true
    since = page.cursor
  }
  return ids
}

/**
 * Another visitor meanwhile: /api/health every 50 ms, from a thread of its own so that the pulling
 * clients' parsing of their pages in this process does not delay it.
 */
function startProber(url: string) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads')
    const times = []
    let failed = 0
    let on = true
    parentPort.on('message', () => { on = false })
    ;(async () => {
      while (on) {
        const started = performance.now()
        const ok = await fetch(workerData + '/api/health').then((r) => r.ok, () => false)
        times.push(performance.now() - started)
        if (!ok) failed += 1
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      parentPort.postMessage({ times, failed })
    })()`
  const worker = new Worker(code, { eval: true, workerData: url })
  return {
    async stop(): Promise<{ times: number[]; failed: number }> {
      const done = once(worker, 'message') as Promise<[{ times: number[]; failed: number }]>
      worker.postMessage('stop')
      const [result] = await done
      await worker.terminate()
      return result
    },
  }
}

const peakKiB = (server: RunningServer) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? Number.NaN)

export async function scenarioF(): Promise<Outcome> {
  const db = await startPrivatePostgres()
  const env = { DATABASE_URL: db.url }
  let server = await startBuiltServer(env)
  const client = new pg.Client({ connectionString: db.url })
  try {
    await client.connect()
    const email = `fault-f-${Date.now()}@example.com`
    const cookie = await signUp(server.url, email)
    await simulateMonthly(server.url, cookie)
    const fillStarted = performance.now()
    await fillToQuota(server.url, cookie)
    const stored = (
      await client.query(
        `select count(*)::int as n, coalesce(sum(data_bytes), 0)::bigint as bytes from wheels w
         join users u on u.id = w.user_id where u.email = $1 and w.deleted_at is null`,
        [email],
      )
    ).rows[0] as { n: number; bytes: string }
    const storedMB = Number(stored.bytes) / 1024 / 1024
    console.log(
      `faults (f): the account holds ${stored.n} wheels, ${round(storedMB, 1)} MB of ${CLOUD_QUOTA_BYTES / 1024 / 1024} MB (filled in ${round((performance.now() - fillStarted) / 1000, 1)} s)`,
    )
    // A fresh process, so that its peak RSS is the pulls' and not the filling's.
    await server.stop()
    server = await startBuiltServer(env)
    const idleMB = server.rssKiB() / 1024

    // The machine's own pace first: the same probe for 5 s with no pull under way.
    const quiet = startProber(server.url)
    await sleep(5_000)
    const calm = [...(await quiet.stop()).times].sort((a, b) => a - b)
    const prober = startProber(server.url)
    let rssSampledKiB = 0
    const sampler = setInterval(() => {
      rssSampledKiB = Math.max(rssSampledKiB, server.rssKiB())
    }, 25)

    const tally: Tally = { pages: 0, bytes: 0, refused: 0, statuses: new Map(), failures: [] }
    const started = performance.now()
    const results = await Promise.all(
      Array.from({ length: CLIENTS }, () => fullPull(server.url, cookie, tally)),
    )
    const seconds = (performance.now() - started) / 1000
    const { times: health, failed: healthErrors } = await prober.stop()
    clearInterval(sampler)
    const peakMB = peakKiB(server) / 1024

    const complete = results.filter((ids) => ids.size === stored.n).length
    const fiveXX = [...tally.statuses].filter(([s]) => s >= 500 && s !== 503).reduce((n, [, c]) => n + c, 0)
    const bare503 = tally.failures.filter((f) => f.startsWith('503')).length
    const sorted = [...health].sort((a, b) => a - b)
    const statuses = [...tally.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${c} × ${s}`)
      .join(', ')
    const pass =
      storedMB >= 40 &&
      fiveXX === 0 &&
      bare503 === 0 &&
      tally.failures.length === 0 &&
      complete === CLIENTS &&
      peakMB <= RSS_LIMIT_MB
    for (const failure of tally.failures.slice(0, 5)) console.log(`faults (f): a pull failed: ${failure}`)
    console.log(
      `faults (f): ${complete}/${CLIENTS} clients got all ${stored.n} wheels in ${round(seconds, 1)} s; ${tally.pages} pages, ${round(tally.bytes / 1024 / 1024, 0)} MB; answers: ${statuses}; RSS idle ${round(idleMB, 0)} MB, peak ${round(peakMB, 0)} MB (sampled ${round(rssSampledKiB / 1024, 0)} MB); /api/health p50 ${round(percentile(sorted, 50), 1)} ms, p99 ${round(percentile(sorted, 99), 1)} ms, max ${round(sorted[sorted.length - 1] ?? 0, 0)} ms, ${healthErrors} failed (with no pull: p50 ${round(percentile(calm, 50), 1)} ms, p99 ${round(percentile(calm, 99), 1)} ms)`,
    )
    return {
      scenario: SCENARIO,
      pass,
      figure: `${complete}/${CLIENTS} complete, ${fiveXX + bare503 + tally.failures.length} failures, ${tally.refused} asked to retry (Retry-After), ${fiveXX} × 5xx; peak RSS ${round(peakMB, 0)} MB (limit ${RSS_LIMIT_MB}); ${round(storedMB, 1)} MB account; health p99 ${round(percentile(sorted, 99), 0)} ms`,
      figures: {
        f_account_mb: round(storedMB, 1),
        f_clients_complete: complete,
        f_seconds: round(seconds, 1),
        f_pages: tally.pages,
        f_retry_after: tally.refused,
        f_5xx: fiveXX,
        f_failures: tally.failures.length,
        f_peak_rss_mb: round(peakMB, 0),
        f_idle_rss_mb: round(idleMB, 0),
        f_health_p99_ms: round(percentile(sorted, 99), 1),
        f_health_max_ms: round(sorted[sorted.length - 1] ?? 0, 0),
        f_health_quiet_p99_ms: round(percentile(calm, 99), 1),
      },
    }
  } finally {
    await server.stop()
    await client.end().catch(() => {})
    await db.destroy()
  }
}
