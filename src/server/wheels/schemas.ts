import { z } from 'zod'
import { wheelSchema } from '../../core/wheel/schema'

/** The declared answers of /api/wheels/*: what the browser's sync reads (core/sync/protocol types). */
export const pullQuerySchema = (max: number) =>
  z.object({
    since: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
    limit: z.coerce.number().int().min(1).max(max).optional(),
  })

export type PullQuery = z.infer<ReturnType<typeof pullQuerySchema>>

const serverWheelSchema = z.object({
  id: z.string(),
  wheel: z.nullable(wheelSchema),
  updatedAt: z.string(),
  revision: z.number(),
  /** In a push's answer asked with omitSent: the index of the change whose wheel the row holds (wheel null). */
  sent: z.optional(z.number().int()),
})

export const syncResponseSchema = z
  .object({
    cursor: z.number(),
    wheels: z.array(serverWheelSchema),
    conflicts: z.array(z.object({ id: z.string(), copyId: z.string() })),
    canWrite: z.boolean(),
    more: z.optional(z.boolean()),
  })
  .meta({ id: 'SyncResponse' })

export const wheelListSchema = z.object({
  wheels: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      itemCount: z.number(),
      updatedAt: z.string(),
      syncedAt: z.string(),
    }),
  ),
})

const versionSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  savedAt: z.nullable(z.string()),
  name: z.string(),
  itemCount: z.number(),
  bytes: z.number(),
})

export const versionListSchema = z.object({ versions: z.array(versionSummarySchema) })
export const versionSchema = z.object({ version: versionSummarySchema.extend({ wheel: wheelSchema }) })

export const versionParams = z.object({
  id: z.string().min(1).max(100),
  versionId: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .optional(),
})
