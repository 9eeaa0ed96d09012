import * as z from 'zod/mini'
import {
  type CreatedDraw,
  createdDrawSchema,
  type PublicDraw,
  publicDrawSchema,
  type RevealResult,
  revealedDrawSchema,
} from '../../core/draws/api'
import type { DrawEntry } from '../../core/draws/protocol'
import { isOffline, NETWORK_ERROR, OFFLINE_ERROR } from './client'

/** A failed draws request, with a message fit to show the user. */
export class DrawApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'DrawApiError'
  }
}

const errorAnswer = z.object({ error: z.string() })

async function request<T>(
  url: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  body?: unknown,
): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new DrawApiError(isOffline() ? OFFLINE_ERROR : NETWORK_ERROR, 0)
  }
  const json: unknown = await response.json().catch(() => null)
  // A reveal that lost the race answers 409 with the first result: that result is the answer.
  const parsed = schema.safeParse(json)
  if (response.ok || (response.status === 409 && parsed.success)) {
    if (parsed.success) return parsed.data
  } else {
    const error = errorAnswer.safeParse(json)
    if (error.success) throw new DrawApiError(error.data.error, response.status)
  }
  throw new DrawApiError('Whirl sent an answer it could not read. Please try again.', response.status)
}

export const drawsApi = {
  create: (name: string, entries: DrawEntry[], previousDrawId: string | null): Promise<CreatedDraw> =>
    request('/api/draws', createdDrawSchema, { name, entries, previousDrawId }),
  reveal: (id: string, clientSeed: string): Promise<RevealResult> =>
    request(`/api/draws/${encodeURIComponent(id)}/reveal`, revealedDrawSchema, { clientSeed }),
  get: (id: string): Promise<PublicDraw> => request(`/api/draws/${encodeURIComponent(id)}`, publicDrawSchema),
}
