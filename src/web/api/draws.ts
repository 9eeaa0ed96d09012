import {
  type CreatedDraw,
  createdDrawSchema,
  type GiveawayRecord,
  giveawayRecordSchema,
  type PublicDraw,
  publicDrawSchema,
  type RevealResult,
  revealedDrawSchema,
} from '../../core/draws/api'
import type { GiveawaySpec } from '../../core/draws/giveaway'
import type { DrawEntry } from '../../core/draws/protocol'
import { msg } from '../../core/i18n/message-id'
import { request } from './client'

/** Every draws call reads one message for an answer it cannot use. */
const UNREADABLE = msg('Whirl sent an answer it could not read. Please try again.')
const messages = { failure: UNREADABLE, unreadable: { empty: UNREADABLE, invalid: UNREADABLE } }

/** Verifiable draws (/api/draws). A failure is an ApiError (status 0: no connection). */
export const drawsApi = {
  create: (
    name: string,
    entries: DrawEntry[],
    previousDrawId: string | null,
    giveaway?: GiveawaySpec,
  ): Promise<CreatedDraw> =>
    request('/api/draws', {
      method: 'POST',
      body: giveaway ? { name, entries, previousDrawId, giveaway } : { name, entries, previousDrawId },
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
  /** Several winners (issue 36): a new winner for one place, recorded as a reroll. */
  reroll: (id: string, place: number): Promise<GiveawayRecord> =>
    request(`/api/draws/${encodeURIComponent(id)}/reroll`, {
      method: 'POST',
      body: { place },
      schema: giveawayRecordSchema,
      ...messages,
    }),
  get: (id: string): Promise<PublicDraw> =>
    request(`/api/draws/${encodeURIComponent(id)}`, { schema: publicDrawSchema, ...messages }),
}
