import { msg } from '../../core/i18n/message-id'
import type { Schema } from '../../core/schema'
import { currentLocale, t } from '../i18n/i18n'

/**
 * The one way the web app calls the server's JSON API. Endpoint modules beside this file (account,
 * auth, billing, contact, draws, shares, themes, wheels…) describe their calls with it; a failure is
 * always an ApiError whose message is fit to show the user, in the page's language: the messages
 * given here (`failure`, `unreadable`) are English sources marked with msg(), translated when thrown;
 * the server's own `error` comes in the page's language already (Accept-Language).
 */

/**
 * A failed call: HTTP status (0 when the server was not reached), a message to show, the parsed
 * body, and the seconds the server asked to wait before trying again (its Retry-After), if it said.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
    readonly retryAfter: number | null = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const NETWORK_ERROR = msg('Could not reach Whirl. Check your connection and try again.')
/** A network failure while the browser knows it has no connection. */
export const OFFLINE_ERROR = msg(
  'You are offline. This needs a connection to Whirl; the wheel itself keeps working. Try again once you are back online.',
)

/** True when the browser says it has no network (navigator.onLine is false). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false
export const EMPTY_RESPONSE = msg('Empty response from server')
export const INVALID_RESPONSE = msg('Invalid response from server')

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** Sent as JSON; a call other than GET always sends a body (`{}` when none is given). */
  body?: unknown
  /** The body as JSON text already made (the caller measured it); sent as it is. */
  bodyText?: string
  /** Lets the request outlive the page (at most 64 KiB of body). */
  keepalive?: boolean
  /** The shape of a successful answer; without one the answer's body is not read. */
  schema?: Schema<T>
  /** The message of a failed answer that carries no `error` of its own. */
  failure?: string
  /** Messages of an answer that cannot be read: an empty body, or one that is not JSON / of the wrong shape. */
  unreadable?: { empty: string; invalid: string }
  /** Failed statuses whose body is still the answer when the schema accepts it (a draw revealed first elsewhere: 409). */
  answerOn?: readonly number[]
  fetch?: FetchLike
}

/** The `error` field of an answer, trimmed and kept short, or null. */
export function errorOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null
  const error = (body as { error: unknown }).error
  return typeof error === 'string' && error.trim() ? error.trim().slice(0, 300) : null
}

/**
 * One call. Resolves with the answer the schema accepts; throws an ApiError for a network failure
 * (OFFLINE_ERROR when the browser is offline, else NETWORK_ERROR), an empty or unreadable body, or a non-OK status (the server's `error`, else
 * `failure`).
 */
export async function request<T = undefined>(url: string, options: RequestOptions<T> = {}): Promise<T> {
  const {
    method = 'GET',
    schema,
    unreadable = { empty: EMPTY_RESPONSE, invalid: INVALID_RESPONSE },
  } = options
  const send = method !== 'GET'
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init))
  let response: Response
  let text: string
  try {
    response = await fetchFn(url, {
      method,
      credentials: 'same-origin',
      // The server answers errors (and writes mails) in the page's language.
      headers: send
        ? { 'Content-Type': 'application/json', 'Accept-Language': currentLocale() }
        : { 'Accept-Language': currentLocale() },
      body: send ? (options.bodyText ?? JSON.stringify(options.body ?? {})) : undefined,
      ...(options.keepalive ? { keepalive: true } : {}),
    })
    text = response.ok && !schema ? '' : await response.text()
  } catch {
    throw new ApiError(0, t(isOffline() ? OFFLINE_ERROR : NETWORK_ERROR))
  }
  if (response.ok && !schema) return undefined as T
  const { status } = response
  // Retry-After as this server sends it, in seconds (an HTTP date is not read: null).
  const wait = response.headers.get('Retry-After')?.trim() ?? ''
  const retryAfter = /^\d+$/.test(wait) ? Number(wait) : null
  const fail = (message: string, body: unknown = null) => new ApiError(status, message, body, retryAfter)
  if (!text.trim()) throw fail(t(unreadable.empty))
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw fail(t(unreadable.invalid))
  }
  const parsed = schema?.safeParse(json)
  if (!response.ok) {
    if (parsed?.success && options.answerOn?.includes(status)) return parsed.data
    throw fail(errorOf(json) ?? t(options.failure ?? unreadable.invalid), json)
  }
  if (!parsed?.success) throw fail(t(unreadable.invalid), json)
  return parsed.data
}
