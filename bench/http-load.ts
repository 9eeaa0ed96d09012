// Shared by the HTTP load benches (auth-load, nginx, load, faults): autocannon, a bare Fastify
// route in a process of its own to measure beside the app, and signing users up over HTTP.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { freePort } from './support'

export type AutocannonResult = {
  requests: { average: number; total: number }
  latency: { p50: number; p90: number; p99: number; average: number; max: number }
  non2xx: number
  errors: number
  timeouts: number
  duration: number
  statusCodeStats?: Record<string, { count: number }>
}

/** One request of an autocannon sequence (see autocannon's README, "requests"). */
export type AutocannonRequest = {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (request: AutocannonRequest, context: object) => AutocannonRequest
  onResponse?: (status: number, body: string, context: object) => void
}

export type AutocannonClient = {
  setRequests(requests: AutocannonRequest[]): void
  /** Every answer, before the connection's next request is sent (autocannon's httpClient). */
  on(event: 'response', listener: (status: number, bytes: number, durationMs: number) => void): void
}

export type AutocannonOptions = {
  /** One URL, or several: connection i goes to url[i % n]. */
  url: string | string[]
  connections: number
  duration: number
  headers?: Record<string, string>
  requests?: AutocannonRequest[]
  setupClient?: (client: AutocannonClient) => void
  timeout?: number
}

export const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>

/** non-2xx answers, socket errors and timeouts together. */
export const failures = (result: AutocannonResult) => result.non2xx + result.errors + result.timeouts

/** A Fastify server with one route (GET /bare → {"ok":true}) and nothing else, in a child process. */
export async function startBareServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort()
  const script = `
    import Fastify from 'fastify'
    const app = Fastify({ logger: false })
    app.get('/bare', async () => ({ ok: true }))
    await app.listen({ port: ${port}, host: '127.0.0.1' })
    console.log('ready')
  `
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)))
  })
  return {
    url: `http://127.0.0.1:${port}/bare`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await once(child, 'exit')
      }
    },
  }
}

/** Cookie header value of a response's Set-Cookie headers. */
export const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

/**
 * Registers a user over HTTP (POST /api/account/register) and answers the session cookie, checked
 * with GET /api/profile. Registration is limited per client address (AUTH_RATE_LIMIT_IP).
 */
export async function signUp(baseUrl: string, email = `bench-${Date.now()}@example.com`): Promise<string> {
  const response = await fetch(`${baseUrl}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      displayName: 'Bench User',
      email,
      password: 'bench-password',
      confirmPassword: 'bench-password',
    }),
  })
  if (response.status !== 201)
    throw new Error(`registration failed: ${response.status} ${await response.text()}`)
  const cookie = cookieOf(response)
  const check = await fetch(`${baseUrl}/api/profile`, { headers: { cookie } })
  if (!check.ok) throw new Error(`the session cookie does not work: ${check.status}`)
  return cookie
}

/**
 * Makes a signed-in user premium through the sandbox provider's test endpoint, as the browser
 * tests do (POST /api/billing/test/simulate-monthly: a month of Premium, no payment). Only while
 * the sandbox provider is active, i.e. no PAYPAL_* settings.
 */
export async function simulateMonthly(baseUrl: string, cookie: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/billing/test/simulate-monthly`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: '{}',
  })
  const body = (await response.json()) as { profile?: { planType?: string } }
  if (!response.ok || body.profile?.planType !== 'monthly')
    throw new Error(`simulate-monthly failed: ${response.status} ${JSON.stringify(body)}`)
}
