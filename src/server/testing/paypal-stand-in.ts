import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type StandInContext, sendJson } from './paypal-stand-in-records'
import { createStandInRoutes } from './paypal-stand-in-routes'

/**
 * A stand-in for PayPal's REST API on loopback, for tests: OAuth2 client credentials, Subscriptions
 * v1 (create, show, cancel), Orders v2 (create, capture, show) and verify-webhook-signature. It is
 * strict where PayPal is strict: every request's headers and body are checked against the schemas
 * transcribed from PayPal's specification (../billing/paypal-schemas.ts), and a mismatch is
 * 400 INVALID_REQUEST in PayPal's error shape. Test helpers move subscriptions and payments the way
 * a buyer or PayPal would (approve, renew, fail a renewal, suspend, complete a pending capture), make
 * requests fail, be refused with 429 or 503, hang or be slow, and deliver signed webhooks.
 */

export type PaypalStandInOptions = {
  clientId?: string
  clientSecret?: string
  webhookId?: string
  /** Lifetime of issued access tokens, in seconds (PayPal: about 32,400). */
  tokenLifetimeS?: number
  /** Failed renewals after which an ACTIVE subscription is SUSPENDED (the plan's threshold). */
  paymentFailureThreshold?: number
  /** Plans with a free TRIAL cycle first: plan id → its days (PAYPAL_TRIAL_PLAN_ID's plan). */
  trialPlans?: Record<string, number>
}

/** How the next requests fail: 500, no answer, 429 or 503, or an answer after `slowMs`. */
export type FailureMode = 'error' | 'hang' | 429 | 503 | 'slow'

/** One request as received, for tests that look at what was sent. */
export type ReceivedRequest = {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

export async function startPaypalStandIn(options: PaypalStandInOptions = {}) {
  let tokenLifetimeS = options.tokenLifetimeS ?? 32_400
  const context: StandInContext = {
    clientId: options.clientId ?? 'stand-in-client',
    clientSecret: options.clientSecret ?? 'stand-in-secret',
    webhookId: options.webhookId ?? `WH${randomBytes(8).toString('hex').toUpperCase()}`,
    tokenLifetimeS: () => tokenLifetimeS,
    threshold: options.paymentFailureThreshold ?? 3,
    tokens: new Map(),
    trialPlans: options.trialPlans ?? {},
  }
  const routes = createStandInRoutes(context)
  const received: ReceivedRequest[] = []
  let failures: { count: number; mode: FailureMode; path: string; slowMs: number } = {
    count: 0,
    mode: 'error',
    path: '',
    slowMs: 0,
  }
  const hanging = new Set<ServerResponse>()

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname
    const body = await readBody(req)
    received.push({ method: req.method ?? '', path, headers: req.headers, body })
    if (failures.count > 0 && path.startsWith(failures.path)) {
      failures.count--
      const { mode } = failures
      if (mode === 'hang') return void hanging.add(res)
      if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, failures.slowMs))
      else if (mode === 429)
        return sendJson(res, 429, { name: 'RATE_LIMIT_REACHED', message: 'Too many requests.' })
      else if (mode === 503)
        return sendJson(res, 503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' })
      else
        return sendJson(res, 500, {
          name: 'INTERNAL_SERVER_ERROR',
          message: 'An internal server error occurred.',
        })
    }
    routes.handle(req.method ?? '', path, req.headers, body, res)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => sendJson(res, 500, { name: 'INTERNAL_SERVER_ERROR' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    clientId: context.clientId,
    clientSecret: context.clientSecret,
    webhookId: context.webhookId,
    /** Every request received, in order. */
    received,
    /** `METHOD /path` of every request received, in order. */
    get requests() {
      return received.map((r) => `${r.method} ${r.path}`)
    },
    count: (prefix: string) => received.filter((r) => `${r.method} ${r.path}`.startsWith(prefix)).length,
    ...routes.helpers,
    /** Revokes every token issued so far (the next call gets a 401). */
    revokeTokens: () => context.tokens.clear(),
    setTokenLifetime(seconds: number) {
      tokenLifetimeS = seconds
    },
    /** The next `count` requests (to paths starting with `path`) fail in this way. */
    failNext(count: number, mode: FailureMode = 'error', path = '', slowMs = 1_000) {
      failures = { count, mode, path, slowMs }
    },
    async close() {
      for (const res of hanging) res.destroy()
      hanging.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type PaypalStandIn = Awaited<ReturnType<typeof startPaypalStandIn>>
