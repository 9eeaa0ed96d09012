// Faults: scripted scenarios against the built server (dist/server/main.js), each printing pass or
// fail with its figure (issue 12):
//  (a) kill -9 of a server during a 500-wheel sync push: the account then holds all of it or none;
//  (b) PostgreSQL restarted under load: the server stays up, /api/health says "unavailable" and
//      then "ok" within 5 s of the database's return, and no request hangs over 10 s;
//  (c) kill -9 of a PGlite server during a stream of contact messages: after a restart, every
//      message that got a 200 is in the database;
//  (d) the mail server (smtp-server on loopback, SMTP_URL as the README says) down for a minute:
//      nothing lost, each message sent once.
// (a) and (b) run on a PostgreSQL the bench starts itself (bench/private-postgres.ts), never the
// machine's shared one. FAULTS_SMTP_DOWN_S shortens (d)'s minute for trying the bench out only.
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import type { SyncChange } from '../src/core/sync/protocol'
import { createDefaultWheel, type Wheel } from '../src/core/wheel/model'
import { scenarioE } from './faults-image'
import { scenarioF } from './faults-pulls'
import { signUp, simulateMonthly } from './http-load'
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres'
import type { BenchResult } from './run'
import { freePort, percentile, type RunningServer, round, sleep, startBuiltServer } from './support'

type Outcome = { scenario: string; pass: boolean; figure: string; figures: Record<string, number | string> }

const SMTP_DOWN_S = Number(process.env.FAULTS_SMTP_DOWN_S ?? 60)

async function killHard(server: RunningServer): Promise<void> {
  const { child } = server
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGKILL')
  await once(child, 'exit')
}

const alive = (server: RunningServer) => server.child.exitCode === null && server.child.signalCode === null

// ---------------------------------------------------------------------------------------------
// (a) kill -9 during a 500-wheel push

function wheels500(tag: string): SyncChange[] {
  const now = new Date().toISOString()
  return Array.from({ length: 500 }, (_, i) => {
    const wheel: Wheel = {
      ...createDefaultWheel(),
      id: `${tag}-${i}`,
      name: `Fault wheel ${i}`,
      items: Array.from({ length: 20 }, (_, k) => ({
        id: `i${k}`,
        text: `Item ${k} of wheel ${i}`,
        color: '#3b82f6',
      })),
      createdAt: now,
      updatedAt: now,
    }
    return { id: wheel.id as string, base: null, wheel }
  })
}

const pushBody = (tag: string) => JSON.stringify({ since: 0, changes: wheels500(tag) })

function push(url: string, cookie: string, body: string) {
  return fetch(`${url}/api/wheels/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body,
  }).then(
    async (r) => ({ status: r.status, text: await r.text() }),
    (error: Error) => ({ status: 0, text: error.message }),
  )
}

async function scenarioA(db: PrivatePostgres): Promise<Outcome> {
  const env = { DATABASE_URL: db.url }
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  const rowsOf = async (email: string) => {
    const result = await client.query(
      'select count(*)::int as n from wheels w join users u on u.id = w.user_id where u.email = $1',
      [email],
    )
    return (result.rows[0] as { n: number }).n
  }
  const lockHeld = async () => {
    const result = await client.query(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and granted",
    )
    return (result.rows[0] as { n: number }).n > 0
  }
  let server = await startBuiltServer(env)
  const stamp = Date.now()
  const trials = [
    { name: 'at the lock', fraction: 0 },
    { name: 'mid-transaction', fraction: 0.5 },
    { name: 'near the commit', fraction: 0.9 },
  ]
  const users: { email: string; cookie: string }[] = []
  try {
    for (let i = 0; i <= trials.length; i++) {
      const email = `fault-a-${stamp}-${i}@example.com`
      const cookie = await signUp(server.url, email)
      await simulateMonthly(server.url, cookie)
      users.push({ email, cookie })
    }
    // Calibration: one whole push, timed from the lock to the answer.
    const calibration = users[0] as { email: string; cookie: string }
    const sent = performance.now()
    const pending = push(server.url, calibration.cookie, pushBody('cal'))
    let lockedAt = Number.NaN
    while (Number.isNaN(lockedAt)) {
      if (await lockHeld()) lockedAt = performance.now()
      else await sleep(5)
    }
    const whole = await pending
    const txMs = performance.now() - lockedAt
    if (whole.status !== 200) throw new Error(`the calibration push failed: ${whole.status} ${whole.text}`)
    const calibrated = await rowsOf(calibration.email)
    console.log(
      `faults (a): a whole 500-wheel push took ${round(performance.now() - sent, 0)} ms, ${round(txMs, 0)} ms of it in the transaction; ${calibrated} rows`,
    )

    const results: {
      name: string
      rows: number
      inTransaction: boolean
      retried: number
      killAtMs: number
    }[] = []
    for (const [k, trial] of trials.entries()) {
      const user = users[k + 1] as { email: string; cookie: string }
      const body = pushBody(`t${k}`)
      const request = push(server.url, user.cookie, body)
      while (!(await lockHeld())) await sleep(2)
      const lockSeen = performance.now()
      await sleep(trial.fraction * txMs)
      const inTransaction = await lockHeld()
      await killHard(server)
      const killAtMs = performance.now() - lockSeen
      const answer = await request
      // PostgreSQL ends the dead process's session and rolls back what it had not committed.
      await sleep(500)
      const rows = await rowsOf(user.email)
      server = await startBuiltServer(env)
      // The account is not stuck: the same push through the new process lands whole.
      const again = await push(server.url, user.cookie, body)
      const retried = again.status === 200 ? await rowsOf(user.email) : -again.status
      results.push({ name: trial.name, rows, inTransaction, retried, killAtMs: round(killAtMs, 0) })
      console.log(
        `faults (a): kill -9 ${trial.name} (${round(killAtMs, 0)} ms after the lock, transaction open: ${inTransaction}, client saw ${answer.status || answer.text}): ${rows} rows; pushed again: ${retried} rows`,
      )
    }
    const allOrNone = results.every((r) => r.rows === 0 || r.rows === 500)
    const midTransaction = results.some((r) => r.inTransaction)
    const retriedWhole = results.every((r) => r.retried === 500)
    const pass = calibrated === 500 && allOrNone && midTransaction && retriedWhole
    return {
      scenario: '(a) kill -9 during a 500-wheel sync push',
      pass,
      figure: `${results.map((r) => `${r.name}: ${r.rows}/500`).join(', ')} rows after the kill; every push retried whole: ${retriedWhole}`,
      figures: {
        a_transaction_ms: round(txMs, 0),
        ...Object.fromEntries(
          results.flatMap((r, i) => [
            [`a_trial${i + 1}_rows`, r.rows],
            [`a_trial${i + 1}_kill_after_lock_ms`, r.killAtMs],
            [`a_trial${i + 1}_in_transaction`, String(r.inTransaction)],
          ]),
        ),
      },
    }
  } finally {
    await server.stop()
    await client.end()
  }
}

// ---------------------------------------------------------------------------------------------
// (b) PostgreSQL restarted under load

async function scenarioB(db: PrivatePostgres): Promise<Outcome> {
  const server = await startBuiltServer({ DATABASE_URL: db.url, AUTH_RATE_LIMIT_IP: '1000' })
  const cookie = await signUp(server.url, `fault-b-${Date.now()}@example.com`)
  await simulateMonthly(server.url, cookie)
  const HANG_MS = 10_000
  const requests: { path: string; status: number; ms: number; at: number }[] = []
  const health: { at: number; status: number; body: string }[] = []
  let stopLoad = false
  const t0 = performance.now()
  const timed = async (p: string) => {
    const started = performance.now()
    // Aborted at 15 s: past 10 s a request counts as hung whatever it answers.
    const status = await fetch(`${server.url}${p}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(15_000),
    }).then(
      async (r) => {
        await r.arrayBuffer()
        return r.status
      },
      () => 0,
    )
    requests.push({ path: p, status, ms: performance.now() - started, at: started - t0 })
  }
  const paths = ['/api/profile', '/api/wheels?since=0', '/api/health', '/api/session']
  const workers = Array.from({ length: 16 }, async (_, w) => {
    for (let i = 0; !stopLoad; i++) await timed(paths[(w + i) % paths.length] as string)
  })
  const poller = (async () => {
    while (!stopLoad) {
      const at = performance.now() - t0
      const answer = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(15_000) }).then(
        async (r) => ({ status: r.status, body: await r.text() }),
        (error: Error) => ({ status: 0, body: error.message }),
      )
      health.push({ at, ...answer })
      await sleep(100)
    }
  })()
  let downAt = 0
  let upAt = 0
  try {
    await sleep(3000)
    downAt = performance.now() - t0
    await db.stop()
    await sleep(5000)
    await db.start()
    upAt = performance.now() - t0
    await sleep(10_000)
  } finally {
    stopLoad = true
    await Promise.all([...workers, poller])
  }
  const stayedUp = alive(server)
  await server.stop()

  const sawUnavailable = health.some(
    (h) => h.at > downAt && h.at < upAt && h.status === 503 && h.body.includes('"unavailable"'),
  )
  const okAfter = health.find((h) => h.at >= upAt && h.status === 200 && h.body.includes('"ok"'))
  // The first poll answered ok, measured from the moment pg_ctl said the database accepts connections.
  const okWithinMs = okAfter ? okAfter.at - upAt : Number.POSITIVE_INFINITY
  const durations = requests.map((r) => r.ms).sort((a, b) => a - b)
  const longest = durations[durations.length - 1] ?? 0
  const hung = requests.filter((r) => r.ms > HANG_MS).length
  const during = requests.filter((r) => r.at >= downAt && r.at < upAt)
  const failedDuring = during.filter((r) => r.status !== 200).length
  const after = requests.filter((r) => r.at >= upAt + 5000)
  const failedAfter = after.filter((r) => r.status !== 200).length
  const pass = stayedUp && sawUnavailable && okWithinMs <= 5000 && hung === 0 && failedAfter === 0
  return {
    scenario: '(b) PostgreSQL restarted under load',
    pass,
    figure: `server up: ${stayedUp}; health unavailable while down: ${sawUnavailable}; ok ${round(okWithinMs / 1000, 2)} s after the database returned; longest request ${round(longest / 1000, 2)} s (${hung} over 10 s) of ${requests.length}`,
    figures: {
      b_server_stayed_up: String(stayedUp),
      b_health_unavailable_seen: String(sawUnavailable),
      b_health_ok_after_return_s: round(okWithinMs / 1000, 2),
      b_requests: requests.length,
      b_requests_failed_while_down: failedDuring,
      b_requests_while_down: during.length,
      b_requests_failed_5s_after_return: failedAfter,
      b_longest_request_s: round(longest / 1000, 2),
      b_p99_request_ms: round(percentile(durations, 99), 0),
      b_requests_over_10s: hung,
      b_database_down_s: round((upAt - downAt) / 1000, 1),
    },
  }
}

// ---------------------------------------------------------------------------------------------
// (c) kill -9 of a PGlite server during a stream of contact messages

const contact = (tag: string) =>
  JSON.stringify({
    name: 'Fault Bench',
    email: 'fault@example.com',
    subject: tag,
    message: `Message ${tag} from the faults bench.`,
    type: 'general',
  })

async function sendContact(url: string, tag: string): Promise<number> {
  return fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: contact(tag),
  }).then(
    async (r) => {
      await r.arrayBuffer()
      return r.status
    },
    () => 0,
  )
}

async function scenarioC(): Promise<Outcome> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'whirl-bench-pglite-'))
  const env = { CONTACT_RATE_LIMIT: '100000' }
  try {
    const server = await startBuiltServer(env, { dataDir, keepData: true })
    const accepted: string[] = []
    const refused: number[] = []
    let n = 0
    let stop = false
    const senders = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const tag = `fault-c-${n++}`
        const status = await sendContact(server.url, tag)
        if (status === 200) accepted.push(tag)
        else refused.push(status)
        if (status === 0) return
      }
    })
    // Let the stream run, then kill the process in the middle of it.
    await sleep(4000)
    await killHard(server)
    stop = true
    await Promise.all(senders)
    const restartedAt = performance.now()
    const again = await startBuiltServer(env, { dataDir, keepData: true })
    const restartS = (performance.now() - restartedAt) / 1000
    // The restarted server works: one more message is taken.
    const after = await sendContact(again.url, 'fault-c-after-restart')
    await again.stop()
    // Read the database the server left (PGlite in DATA_DIR/pglite), with the server stopped.
    const pglite = new PGlite(path.join(dataDir, 'pglite'))
    const stored = new Set(
      (await pglite.query<{ subject: string }>('select subject from contact_messages')).rows.map(
        (r) => r.subject,
      ),
    )
    await pglite.close()
    const missing = accepted.filter((tag) => !stored.has(tag))
    const pass = missing.length === 0 && after === 200 && accepted.length > 0
    return {
      scenario: '(c) kill -9 of a PGlite server during contact messages',
      pass,
      figure: `${accepted.length} messages answered 200 before the kill, ${accepted.length - missing.length} of them in the database after the restart (${missing.length} missing); restart took ${round(restartS, 1)} s and the next message got ${after}`,
      figures: {
        c_accepted: accepted.length,
        c_found: accepted.length - missing.length,
        c_missing: missing.length,
        c_not_answered: refused.length,
        c_restart_s: round(restartS, 1),
        c_after_restart_status: after,
      },
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------
// (d) the mail server down for a minute

/** An SMTP server on loopback (the smtp-server package) that can be stopped and started on its port. */
function mailServer(port: number) {
  const received: string[] = []
  let server: SMTPServer | null = null
  return {
    received,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => {
            received.push(Buffer.concat(chunks).toString('utf8'))
            callback()
          })
        },
      })
      server.listen(port, '127.0.0.1')
      await once(server.server, 'listening')
    },
    async stop() {
      const current = server
      server = null
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
    },
  }
}

async function scenarioD(): Promise<Outcome> {
  const port = await freePort()
  const mail = mailServer(port)
  await mail.start()
  const server = await startBuiltServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SUPPORT_EMAIL: 'support@whirl.example',
    CONTACT_RATE_LIMIT: '100000',
  })
  const accepted: string[] = []
  const send = async (tag: string) => {
    const status = await sendContact(server.url, tag)
    if (status === 200) accepted.push(tag)
    return status
  }
  // The mail's text holds the message as sent ("Message <tag> from the faults bench.").
  const countOf = (tag: string) => mail.received.filter((raw) => raw.includes(`Message ${tag} from`)).length
  let downFor = 0
  let deliveredAfterS = Number.NaN
  try {
    const stamp = Date.now()
    for (let i = 0; i < 3; i++) await send(`fault-d-${stamp}-before-${i}`)
    await sleep(2000)
    await mail.stop()
    const downAt = performance.now()
    // Messages keep coming while the mail server is down: one every few seconds.
    const during = Math.max(3, Math.round(SMTP_DOWN_S / 5))
    for (let i = 0; i < during; i++) {
      await send(`fault-d-${stamp}-during-${i}`)
      await sleep((SMTP_DOWN_S * 1000) / during)
    }
    await mail.start()
    const upAt = performance.now()
    downFor = (upAt - downAt) / 1000
    for (let i = 0; i < 3; i++) await send(`fault-d-${stamp}-after-${i}`)
    // Wait for every message to arrive (the queue retries with backoff: 5 s, 10 s, 20 s, 40 s …).
    for (;;) {
      if (accepted.every((tag) => countOf(tag) >= 1)) {
        deliveredAfterS = (performance.now() - upAt) / 1000
        break
      }
      if (performance.now() - upAt > 180_000) break
      await sleep(250)
    }
    // Anything sent twice would show up within a poll or two more.
    await sleep(12_000)
  } finally {
    await server.stop()
    await mail.stop()
  }
  const counts = accepted.map(countOf)
  const lost = counts.filter((c) => c === 0).length
  const twice = counts.filter((c) => c > 1).length
  const pass = accepted.length > 0 && lost === 0 && twice === 0
  return {
    scenario: `(d) mail server down for ${round(downFor, 0)} s`,
    pass,
    figure: `${accepted.length} messages taken, ${accepted.length - lost} delivered (${lost} lost), ${twice} delivered more than once; all in ${round(deliveredAfterS, 1)} s after the mail server returned`,
    figures: {
      d_down_s: round(downFor, 1),
      d_accepted: accepted.length,
      d_delivered: accepted.length - lost,
      d_lost: lost,
      d_duplicates: twice,
      d_mails_received: mail.received.length,
      d_all_delivered_after_return_s: round(deliveredAfterS, 1),
    },
  }
}

// ---------------------------------------------------------------------------------------------

export default async function faultsBench(): Promise<BenchResult> {
  const outcomes: Outcome[] = []
  const run = async (name: string, scenario: () => Promise<Outcome>) => {
    console.log(`faults: ${name} …`)
    try {
      const outcome = await scenario()
      console.log(`faults: ${outcome.scenario}: ${outcome.pass ? 'PASS' : 'FAIL'} — ${outcome.figure}`)
      outcomes.push(outcome)
    } catch (error) {
      console.log(`faults: ${name}: FAIL — ${(error as Error).stack}`)
      outcomes.push({
        scenario: name,
        pass: false,
        figure: `error: ${(error as Error).message}`,
        figures: {},
      })
    }
  }
  const only = process.env.FAULTS_ONLY // e.g. "a,c" while trying the bench out
  const wanted = (key: string) => !only || only.split(',').includes(key)
  if (wanted('a') || wanted('b')) {
    const db = await startPrivatePostgres()
    try {
      if (wanted('a')) await run('(a) kill -9 during a 500-wheel sync push', () => scenarioA(db))
      if (wanted('b')) await run('(b) PostgreSQL restarted under load', () => scenarioB(db))
    } finally {
      await db.destroy()
    }
  }
  if (wanted('e')) await run("(e) 30 concurrent first requests for a 10,000-item link's image", scenarioE)
  if (wanted('c')) await run('(c) kill -9 of a PGlite server during contact messages', scenarioC)
  if (wanted('d')) await run('(d) mail server down', scenarioD)
  if (wanted('f')) await run('(f) 16 concurrent full pulls of one account at the quota', scenarioF)
  return {
    title: 'Faults: scripted scenarios against the built server',
    columns: ['scenario', 'result', 'figure'],
    rows: outcomes.map((o) => [o.scenario, o.pass ? 'pass' : 'FAIL', o.figure]),
    figures: Object.assign(
      { passed: outcomes.filter((o) => o.pass).length, failed: outcomes.filter((o) => !o.pass).length },
      ...outcomes.map((o) => o.figures),
    ),
    notes: [
      '(a) and (b) on a PostgreSQL the bench starts itself (initdb in a temporary folder, its own port).',
    ],
  }
}
