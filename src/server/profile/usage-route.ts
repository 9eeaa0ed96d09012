import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { StorageUsage } from '../../core/account/storage'
import { requireUser } from '../http/guards'
import { answers, noQuery } from '../http/openapi'

const usageSchema = z.object({
  usedBytes: z.number(),
  quotaBytes: z.number(),
  stores: z.record(z.string(), z.number()),
})

/** GET /api/profile/usage: what the account stores against its quota, per store ("Your data" on /profile). */
export function registerUsageRoute(app: FastifyInstance): void {
  const schema = { querystring: noQuery, response: answers({ 200: usageSchema }) }
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/profile/usage', { schema }, async (request, reply): Promise<StorageUsage> => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      return app.quota.usage(user.userId)
    })
}
