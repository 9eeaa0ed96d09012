import * as z from 'zod/mini'
import { msg } from '../../core/i18n/message-id'
import type { VersionListResponse, VersionResponse } from '../../core/sync/versions-protocol'
import { request } from './client'

const summary = {
  id: z.string(),
  createdAt: z.string(),
  savedAt: z.nullable(z.string()),
  name: z.string(),
  itemCount: z.int(),
  bytes: z.int(),
}
const listSchema = z.object({
  versions: z.array(z.object(summary)),
}) as unknown as z.ZodMiniType<VersionListResponse>
// The content is taken as the server validated it when it was pushed.
const versionSchema = z.object({
  version: z.object({ ...summary, wheel: z.any() }),
}) as unknown as z.ZodMiniType<VersionResponse>

/** Earlier versions of a saved wheel kept in the account (Premium): GET /api/wheels/:id/versions. */
export const wheelVersionsApi = {
  list: (wheelId: string) =>
    request(`/api/wheels/${encodeURIComponent(wheelId)}/versions`, {
      schema: listSchema,
      failure: msg('Could not load the versions kept in your account.'),
    }),
  get: (wheelId: string, versionId: string) =>
    request(`/api/wheels/${encodeURIComponent(wheelId)}/versions/${encodeURIComponent(versionId)}`, {
      schema: versionSchema,
      failure: msg('Could not load this version.'),
    }),
}
