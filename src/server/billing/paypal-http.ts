import { type ErrorResponse, errorResponse, tokenResponse } from './paypal-schemas'
import { ProviderError } from './provider'

export type PaypalHttpOptions = {
  clientId: string
  clientSecret: string
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or a local stand-in in tests. */
  apiUrl: string
  /** Per request; a slower answer is a failure the user is told about. */
  timeoutMs?: number
  fetch?: typeof fetch
  now?: () => number
}

export type ApiCall = {
  /** A JSON body, or `raw` JSON text sent exactly as given. */
  body?: unknown
  raw?: string
  /** PayPal-Request-Id: the same key never repeats the action. */
  requestId?: string
  /** Prefer: return=representation, sent only where PayPal's specification declares it. */
  representation?: boolean
}
export type ApiAnswer = { status: number; ok: boolean; body: unknown }

export const UNREACHABLE = 'PayPal is not responding. Please try again in a moment.'
/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000

/** PayPal's error body, in a sentence the user may see (never a token or a secret). */
export function describeError(status: number, body: unknown): string {
  const parsed = errorResponse.safeParse(body)
  const error: ErrorResponse = parsed.success ? parsed.data : {}
  const detail = [error.name ?? error.error, error.details?.[0]?.issue].filter(Boolean).join(': ')
  return `PayPal returned an error (HTTP ${status}${detail ? `, ${detail}` : ''}). Please try again.`
}

/** The issue PayPal names in an error body (e.g. SUBSCRIPTION_STATUS_INVALID), if any. */
export function issueOf(body: unknown): string | null {
  const parsed = errorResponse.safeParse(body)
  return parsed.success ? (parsed.data.details?.[0]?.issue ?? null) : null
}

/** OAuth2 client credentials with a cached token, and authenticated JSON calls with a timeout. */
export function createPaypalHttp(options: PaypalHttpOptions) {
  const doFetch = options.fetch ?? globalThis.fetch
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? 15_000
  const base = options.apiUrl.replace(/\/+$/, '')
  let token: { value: string; expiresAt: number } | null = null
  let pending: Promise<string> | null = null

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    } catch {
      throw new ProviderError(UNREACHABLE)
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text().catch(() => {
      throw new ProviderError(UNREACHABLE)
    })
    if (!text) return {}
    try {
      return JSON.parse(text)
    } catch {
      throw new ProviderError(
        `PayPal sent an answer that could not be read (HTTP ${response.status}).`,
        response.status,
      )
    }
  }

  async function fetchToken(): Promise<string> {
    const response = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    })
    const parsed = tokenResponse.safeParse(await readJson(response))
    if (!response.ok || !parsed.success) {
      throw new ProviderError('PayPal refused our credentials. Please contact support.', response.status)
    }
    const lifetime = (parsed.data.expires_in ?? 0) * 1000
    token = { value: parsed.data.access_token, expiresAt: now() + Math.max(0, lifetime - TOKEN_MARGIN_MS) }
    return token.value
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return Promise.resolve(token.value)
    pending ??= fetchToken().finally(() => {
      pending = null
    })
    return pending
  }

  /** An authenticated JSON call; a 401 (token revoked early) gets one new token and one retry. */
  async function api(method: 'GET' | 'POST', path: string, request: ApiCall = {}): Promise<ApiAnswer> {
    const text = request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body))
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken()
      const headers: Record<string, string> = {
        authorization: `Bearer ${bearer}`,
        accept: 'application/json',
      }
      if (request.representation) headers.prefer = 'return=representation'
      if (text !== undefined) headers['content-type'] = 'application/json'
      if (request.requestId) headers['paypal-request-id'] = request.requestId
      const response = await call(path, { method, headers, ...(text === undefined ? {} : { body: text }) })
      if (response.status === 401 && attempt === 0) {
        await response.body?.cancel().catch(() => {})
        if (token?.value === bearer) token = null
        continue
      }
      return { status: response.status, ok: response.ok, body: await readJson(response) }
    }
  }

  return { api }
}
