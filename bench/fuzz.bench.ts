// Fuzz: random bodies, query strings and headers (fast-check, fixed seed, a fixed number of runs)
// against every JSON endpoint of an in-process app (app.inject on in-memory PGlite), half of them
// with a signed-in premium user's cookie; then hostile inputs (fuzz-inputs.ts: U+0000, lone
// surrogates, 1 MB strings, 10,000-deep arrays) in valid bodies, whole bodies, queries and paths.
// Goals: no 5xx, a 4xx changes nothing in the database (each table's row count and checksum
// compared before and after; the rate-limit and failed-login counters, which are meant to count
// refused attempts, are left out), and no line of the server's log or output is over 4,000 bytes.

import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config/config'
import { openDatabase } from '../src/server/db/client'
import { cookieFrom } from '../src/server/testing/auth'
import { DEEP, type HostileInput, hostileBody, hostileInput, urlText } from './fuzz-inputs'
import { lineCounter, MAX_LOG_LINE_BYTES } from './fuzz-output'
import type { BenchResult } from './run'

const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 50)
const HOSTILE_RUNS_PER_ENDPOINT = Number(process.env.FUZZ_HOSTILE_RUNS ?? 30)
const SEED = 20261123
const ORIGIN = 'http://localhost:3000'

const ENDPOINTS: [string, string][] = [
  ['GET', '/api/health'],
  ['GET', '/api/session'],
  ['GET', '/api/auth-config'],
  ['POST', '/api/account/register'],
  ['POST', '/api/account/login'],
  ['POST', '/api/account/forgot-password'],
  ['POST', '/api/account/reset-password'],
  ['GET', '/api/profile'],
  ['PATCH', '/api/profile'],
  ['GET', '/api/account/data'],
  ['POST', '/api/contact'],
  ['GET', '/api/billing/config'],
  ['GET', '/api/billing/trial'],
  ['POST', '/api/billing/create-subscription'],
  ['POST', '/api/billing/activate-subscription'],
  ['POST', '/api/billing/verify-subscription'],
  ['POST', '/api/billing/cancel-subscription'],
  ['POST', '/api/billing/create-payment'],
  ['POST', '/api/billing/capture-payment'],
  ['POST', '/api/billing/webhook'],
  ['POST', '/api/billing/test/simulate-monthly'],
  ['GET', '/api/wheels'],
  ['GET', '/api/wheels/list'],
  ['POST', '/api/wheels/sync'],
  ['GET', '/api/themes'],
  ['POST', '/api/themes/sync'],
  ['POST', '/api/shares'],
  ['GET', '/api/shares'],
  ['GET', '/api/shares/:id'],
  ['DELETE', '/api/shares/:id'],
  ['POST', '/api/draws'],
  ['GET', '/api/draws/:id'],
  ['POST', '/api/draws/:id/reveal'],
  // Last: these end the signed-in user's session or premium plan, which the others rely on.
  ['POST', '/api/billing/test/clear'],
  ['POST', '/api/account/delete'],
  ['POST', '/api/account/logout'],
]

const text = fc.string({ maxLength: 40 })
const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'since',
      'changes',
      'wheel',
      'name',
      'entries',
      'order_id',
      'subscription_id',
      'displayName',
      'message',
      'token',
      'limit',
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
)
const input = fc.record({
  body: fc.oneof(
    jsonish.map((v) => JSON.stringify(v)),
    text,
  ),
  contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
  query: fc.dictionary(fc.constantFrom('since', 'limit', 'id', 'x', 'token'), text, { maxKeys: 3 }),
  origin: fc.constantFrom(ORIGIN, 'https://evil.example', ''),
  signedIn: fc.boolean(),
  cookieNoise: fc.option(text, { nil: undefined }),
  param: fc.oneof(text, fc.constant('aaaaaaaaaa')),
  extraHeader: fc.tuple(fc.constantFrom('x-forwarded-for', 'accept', 'if-none-match', 'range'), text),
})

type Row = { endpoint: string; runs: number; s2xx: number; s4xx: number; s5xx: number; changed4xx: number }

export default async function fuzz(): Promise<BenchResult> {
  const database = await openDatabase({ kind: 'pglite', dir: 'memory://' })
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/fuzz-data',
    WEB_DIR: '.tmp/none',
  })
  const output = lineCounter()
  // The server's log as it runs in production (level info), counted instead of printed.
  const app = await buildApp(config, { database, logger: { level: 'info', stream: output.log } })
  await app.ready()
  const registered = await app.inject({
    method: 'POST',
    url: '/api/account/register',
    headers: { origin: ORIGIN },
    payload: {
      displayName: 'Fuzz',
      email: 'fuzz@example.com',
      password: 'fuzz-secret-1',
      confirmPassword: 'fuzz-secret-1',
    },
  })
  const cookie = cookieFrom(registered)
  await app.accounts.profiles.updatePlan(registered.json().profile.userId, {
    planType: 'monthly',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 30 * 86_400_000),
  })

  const tables = (
    (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '%rate_limit%' and table_name <> 'login_failures' and table_name not like '\\_\\_%' order by 1`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((r) => r.table_name)
  // The mail queue changes a contact message's delivery columns in the background, after the
  // request that stored it: only what a request writes is compared.
  const rowsOf: Record<string, string> = {
    contact_messages: '(id, name, email, subject, message, type, user_id, priority)',
  }
  const snapshot = async () => {
    const parts: string[] = []
    for (const table of tables) {
      const row = rowsOf[table] ?? 't'
      const res = (await database.db.execute(
        sql.raw(
          `select count(*)::int as n, coalesce(md5(string_agg(${row}::text, '|' order by ${row}::text)), '') as h from "${table}" t`,
        ),
      )) as unknown as { rows: { n: number; h: string }[] }
      parts.push(`${table}:${res.rows[0]?.n}:${res.rows[0]?.h}`)
    }
    return parts.join(',')
  }

  // A draw of the signed-in user, for the reveal's hostile runs.
  const draw = await app.inject({
    method: 'POST',
    url: '/api/draws',
    headers: { origin: ORIGIN, cookie },
    payload: { name: 'Fuzz draw', entries: [['Ann', 1]] },
  })
  const drawId = String(draw.json().id)

  const samples = fc.sample(input, { numRuns: RUNS_PER_ENDPOINT, seed: SEED })
  const hostileSamples = fc.sample(hostileInput, { numRuns: HOSTILE_RUNS_PER_ENDPOINT, seed: SEED })
  const rows: Row[] = []
  const failures: string[] = []
  let hostileRuns = 0

  const measure = async (row: Row, method: string, url: string, inject: InjectOptions) => {
    const before = await snapshot()
    const res = await app.inject(inject)
    row.runs++
    const shown = url.length > 80 ? `${url.slice(0, 80)}…` : url
    if (res.statusCode >= 500) {
      row.s5xx++
      failures.push(`${method} ${shown} → ${res.statusCode}: ${res.body.slice(0, 120)}`)
    } else if (res.statusCode >= 400) {
      row.s4xx++
      const after = await snapshot()
      if (after !== before) {
        row.changed4xx++
        const was = new Set(before.split(','))
        const tablesChanged = after
          .split(',')
          .filter((part) => !was.has(part))
          .map((part) => part.split(':')[0])
        failures.push(`${method} ${shown} → ${res.statusCode} changed ${tablesChanged.join(', ')}`)
      }
    } else row.s2xx++
  }

  const hostileRequest = (method: string, path: string, h: HostileInput, remoteAddress: string) => {
    const id = h.where === 'param' ? urlText(h.value) : path.includes('/draws/') ? drawId : 'x'
    const url = path.replace(':id', id)
    const query = h.where === 'query' ? `?since=${urlText(h.value)}&id=${urlText(h.value)}` : ''
    const headers: Record<string, string> = { origin: ORIGIN, 'content-type': 'application/json' }
    if (h.signedIn) headers.cookie = cookie
    return {
      url,
      inject: {
        method: method as 'GET',
        url: `${url}${query}`,
        headers,
        remoteAddress,
        ...(method === 'GET' ? {} : { payload: hostileBody(path, h) }),
      },
    }
  }

  for (const [method, path] of ENDPOINTS) {
    const row: Row = { endpoint: `${method} ${path}`, runs: 0, s2xx: 0, s4xx: 0, s5xx: 0, changed4xx: 0 }
    for (const s of samples) {
      const url = path.replace(':id', encodeURIComponent(s.param) || 'x')
      const query = new URLSearchParams(s.query).toString()
      const headers: Record<string, string> = {
        [s.extraHeader[0]]: s.extraHeader[1].replace(/[^\x20-\x7e]/g, ''),
      }
      if (s.contentType) headers['content-type'] = s.contentType
      if (s.origin) headers.origin = s.origin
      const cookies = [
        s.signedIn ? cookie : '',
        s.cookieNoise ? `whirl.x=${encodeURIComponent(s.cookieNoise)}` : '',
      ]
      if (cookies.some(Boolean)) headers.cookie = cookies.filter(Boolean).join('; ')
      await measure(row, method, url, {
        method: method as 'GET',
        url: query ? `${url}?${query}` : url,
        headers,
        remoteAddress: `10.77.${row.runs % 250}.${(rows.length % 250) + 1}`,
        ...(method === 'GET' ? {} : { payload: s.body }),
      })
    }
    for (const h of hostileSamples) {
      const remoteAddress = `10.78.${hostileRuns % 250}.${(rows.length % 250) + 1}`
      const { url, inject } = hostileRequest(method, path, h, remoteAddress)
      await measure(row, method, url, inject)
      hostileRuns++
    }
    rows.push(row)
  }
  await app.close()
  await database.close()
  output.restore()
  const { lines, over, longest } = output.counts

  const total = rows.reduce((n, r) => n + r.runs, 0)
  const s5xx = rows.reduce((n, r) => n + r.s5xx, 0)
  const changed = rows.reduce((n, r) => n + r.changed4xx, 0)
  const pass = s5xx === 0 && changed === 0 && over === 0
  return {
    title: `Fuzz: ${RUNS_PER_ENDPOINT} random and ${HOSTILE_RUNS_PER_ENDPOINT} hostile runs per endpoint, seed ${SEED} (app.inject, PGlite in memory)`,
    columns: ['endpoint', 'runs', '2xx', '4xx', '5xx', '4xx that changed the db'],
    rows: [
      ...rows.map((r) => [r.endpoint, r.runs, r.s2xx, r.s4xx, r.s5xx, r.changed4xx]),
      [
        'total',
        total,
        rows.reduce((n, r) => n + r.s2xx, 0),
        rows.reduce((n, r) => n + r.s4xx, 0),
        s5xx,
        changed,
      ],
    ],
    figures: {
      endpoints: rows.length,
      runs: total,
      hostileRuns,
      responses5xx: s5xx,
      changed4xx: changed,
      logLines: lines,
      logLinesOver4000Bytes: over,
      longestLogLineBytes: longest,
      pass: pass ? 'pass' : 'fail',
    },
    notes: [
      pass
        ? `pass: no 5xx, no 4xx changed the database, no log line over ${MAX_LOG_LINE_BYTES} bytes`
        : 'FAIL',
      `${hostileRuns} hostile runs (U+0000, lone surrogates, 1 MB strings, ${DEEP.toLocaleString('en')}-deep arrays); server log and output: ${lines} lines, longest ${longest} bytes, ${over} over ${MAX_LOG_LINE_BYTES}`,
      ...failures.slice(0, 15),
    ],
  }
}
