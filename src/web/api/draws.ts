import {
  type CreatedDraw,
  createdDrawSchema,
  type PublicDraw,
  publicDrawSchema,
  type RevealResult,
  revealedDrawSchema,
} from '../../core/draws/api'
import type { DrawEntry } from '../../core/draws/protocol'
import { request } from './client'

/** Every draws call reads one message for an answer it cannot use. */
const UNREADABLE = 'Whirl sent an answer it could not read. Please try again.'
const messages = { failure: UNREADABLE, unreadable: { empty: UNREADABLE, invalid: UNREADABLE } }

/** Verifiable draws (/api/draws). A failure is an ApiError (status 0: no connection). */
export const drawsApi = {
  create: (name: string, entries: DrawEntry[], previousDrawId: string | null): Promise<CreatedDraw> =>
    request('/api/draws', {
      method: 'POST',
      body: { name, entries, previousDrawId },
      schema: createdDrawSchema,
      ...messages,
    }),
  /** A reveal that lost the race answers 409 with the first result: that result is the answer. */
  reveal: (id: string, clientSeed: string): Promise<RevealResult> =>
    request(`/api/draws/${encodeURIComponent(id)}/reveal`, {
      method: 'POST',
      body: { clientSeed },
      schema: revealedDrawSchema,
      answerOn: [409],
      ...messages,
    }),
  get: (id: string): Promise<PublicDraw> =>
    request(`/api/draws/${encodeURIComponent(id)}`, { schema: publicDrawSchema, ...messages }),
}
