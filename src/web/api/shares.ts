import { msg } from '../../core/i18n/message-id'
import {
  createShareResponseSchema,
  type SharedWheel,
  type ShareSummary,
  sharedWheelSchema,
  shareListSchema,
} from '../../core/share/protocol'
import type { Wheel } from '../../core/wheel/model'
import { request } from './client'

/** Every share call reads one message for an answer it cannot use. */
const UNREADABLE = msg('Whirl sent an answer that could not be read. Please try again.')
const messages = { failure: UNREADABLE, unreadable: { empty: UNREADABLE, invalid: UNREADABLE } }

/** Shared links (/api/shares). A failure is an ApiError (status 0: no connection). */
export const sharesApi = {
  /** Publishes a snapshot of the wheel; answers the new link. */
  create: async (wheel: Wheel): Promise<ShareSummary> =>
    (
      await request('/api/shares', {
        method: 'POST',
        body: { wheel },
        schema: createShareResponseSchema,
        ...messages,
      })
    ).share,
  /** A shared wheel; an ApiError with status 404 (unknown) or 410 (deleted or expired) otherwise. */
  get: (id: string): Promise<SharedWheel> =>
    request(`/api/shares/${encodeURIComponent(id)}`, { schema: sharedWheelSchema, ...messages }),
  /** The signed-in user's links, newest first. */
  mine: async (): Promise<ShareSummary[]> =>
    (await request('/api/shares', { schema: shareListSchema, ...messages })).shares,
  delete: (id: string): Promise<void> =>
    request(`/api/shares/${encodeURIComponent(id)}`, { method: 'DELETE', ...messages }),
}
