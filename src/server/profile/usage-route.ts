import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
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

/** GET /api/profile/usage (below), read from app.quota. */
export const usagePlugin = fp(
  async (app: FastifyInstance) => {
    registerUsageRoute(app)
  },
  { name: 'whirl-usage', dependencies: ['whirl-errors', 'whirl-openapi', 'whirl-accounts', 'whirl-quota'] },
)

/** GET /api/profile/usage: what the account stores against its quota, per store ("Your data" on /profile). */
function registerUsageRoute(app: FastifyInstance): void {
  const schema = { querystring: noQuery, response: answers({ 200: usageSchema }) }
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/profile/usage', { schema }, async (request, reply): Promise<StorageUsage> => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      return app.quota.usage(user.userId)
    })
}
