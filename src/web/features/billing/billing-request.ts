/** A failed billing call, with a message fit to show the user (spec §5, §8). */
export class BillingApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'BillingApiError'
  }
}

export const EMPTY_RESPONSE = 'Empty response from server'
export const INVALID_RESPONSE = 'Invalid response from server'
export const NETWORK_ERROR = 'Could not reach Whirl. Check your connection and try again.'

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } }

const errorField = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null
  const error = (body as { error: unknown }).error
  return typeof error === 'string' && error.trim() ? error.trim().slice(0, 300) : null
}

/**
 * One billing call, as spec §5 reads the server: the body is read as text; an empty body is
 * 'Empty response from server', a body that is not JSON 'Invalid response from server', a non-OK
 * status the server's error field or `defaultMessage`. An OK body that does not have the expected
 * shape (the schema, which may include `{success: false, error}`) is 'Invalid response from server'
 * too. A network failure throws NETWORK_ERROR.
 */
export async function billingRequest<T>(
  method: 'GET' | 'POST',
  url: string,
  schema: Schema<T>,
  defaultMessage: string,
  body?: unknown,
  fetchFn: FetchLike = (url, init) => fetch(url, init),
): Promise<T> {
  let response: Response
  let text: string
  try {
    response = await fetchFn(url, {
      method,
      credentials: 'same-origin',
      headers: method === 'POST' ? { 'Content-Type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    })
    text = await response.text()
  } catch {
    throw new BillingApiError(NETWORK_ERROR, 0)
  }
  if (!text.trim()) throw new BillingApiError(EMPTY_RESPONSE, response.status)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new BillingApiError(INVALID_RESPONSE, response.status)
  }
  if (!response.ok) throw new BillingApiError(errorField(json) ?? defaultMessage, response.status)
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new BillingApiError(INVALID_RESPONSE, response.status)
  return parsed.data
}
