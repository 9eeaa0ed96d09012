import type { FastifyInstance } from 'fastify'
import type { StorageUsage } from '../../core/account/storage'
import { requireUser } from '../http/guards'

/** GET /api/profile/usage: what the account stores against its quota, per store ("Your data" on /profile). */
export function registerUsageRoute(app: FastifyInstance): void {
  app.get('/api/profile/usage', async (request, reply): Promise<StorageUsage> => {
    reply.header('cache-control', 'no-store')
    const user = await requireUser(request)
    return app.quota.usage(user.userId)
  })
}
