import {
  createShareResponseSchema,
  type SharedWheel,
  type ShareSummary,
  sharedWheelSchema,
  shareListSchema,
} from '../../core/share/protocol'
import type { Wheel } from '../../core/wheel/model'
import { isOffline, NETWORK_ERROR, OFFLINE_ERROR } from './client'

/** A failed share call, with a message fit to show the user and the HTTP status (0: no connection). */
export class ShareApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'ShareApiError'
  }
}

const UNREADABLE = 'Whirl sent an answer that could not be read. Please try again.'

type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } }

async function call<T>(method: string, url: string, schema: Schema<T> | null, body?: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ShareApiError(isOffline() ? OFFLINE_ERROR : NETWORK_ERROR, 0)
  }
  const json: unknown = response.status === 204 ? null : await response.json().catch(() => null)
  if (!response.ok) {
    const error = (json as { error?: unknown } | null)?.error
    throw new ShareApiError(typeof error === 'string' && error ? error : UNREADABLE, response.status)
  }
  if (!schema) return undefined as T
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new ShareApiError(UNREADABLE, response.status)
  return parsed.data
}

/** Publishes a snapshot of the wheel; answers the new link. */
export const createShare = (wheel: Wheel): Promise<ShareSummary> =>
  call('POST', '/api/shares', createShareResponseSchema, { wheel }).then((r) => r.share)

/** A shared wheel; ShareApiError with status 404 (unknown) or 410 (deleted or expired) otherwise. */
export const fetchShare = (id: string): Promise<SharedWheel> =>
  call('GET', `/api/shares/${encodeURIComponent(id)}`, sharedWheelSchema)

/** The signed-in user's links, newest first. */
export const fetchMyShares = (): Promise<ShareSummary[]> =>
  call('GET', '/api/shares', shareListSchema).then((r) => r.shares)

export const deleteShare = (id: string): Promise<void> =>
  call('DELETE', `/api/shares/${encodeURIComponent(id)}`, null)
