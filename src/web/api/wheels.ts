import * as z from 'zod/mini'
import { msg } from '../../core/i18n/message-id'
import type { SyncResponse } from '../../core/sync/protocol'
import { request } from './client'

// The answer's frame is checked here; each wheel in it is taken as the server validated it.
const syncResponseSchema = z.object({
  cursor: z.int().check(z.gte(0)),
  wheels: z.array(
    z.object({
      id: z.string(),
      wheel: z.nullable(z.any()),
      updatedAt: z.string(),
      revision: z.int(),
      sent: z.optional(z.int().check(z.gte(0))),
    }),
  ),
  conflicts: z.array(z.object({ id: z.string(), copyId: z.string() })),
  canWrite: z.boolean(),
  more: z.optional(z.boolean()),
}) as unknown as z.ZodMiniType<SyncResponse>

/** Cloud sync of saved wheels (/api/wheels): pull what changed after a cursor, push changes. */
export const wheelsApi = {
  pull: (since: number) =>
    request(`/api/wheels?since=${since}`, {
      schema: syncResponseSchema,
      failure: msg('Could not sync your wheels.'),
    }),
  /** `body` is the request's JSON text ({since, changes}), made by the caller to size its batches. */
  push: (body: string, keepalive: boolean) =>
    request('/api/wheels/sync', {
      method: 'POST',
      bodyText: body,
      keepalive,
      schema: syncResponseSchema,
      failure: msg('Could not sync your wheels.'),
    }),
}
