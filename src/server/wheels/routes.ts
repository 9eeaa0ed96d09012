import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { hasPremiumPlan } from '../../core/plan/plan'
import {
  PULL_PAGE_DEFAULT,
  PULL_PAGE_MAX,
  SYNC_BODY_LIMIT,
  SYNC_MESSAGES,
  type SyncResponse,
  syncRequestSchema,
} from '../../core/sync/protocol'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import { premiumBeforeBody, requirePremium, requireUser } from '../http/guards'
import { parseBody } from '../http/parse-body'
import { stateChanging } from '../http/state-changing'
import { registerPeriodicJob } from '../jobs/runner'
import { createWheelRepository } from './repository'

const pullQuery = z.object({
  since: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(PULL_PAGE_MAX).optional(),
})
/** How often tombstones past TOMBSTONE_DAYS are purged. */
const PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000
const INVALID = 'The wheels sent could not be read. Nothing was changed.'

/**
 * Cloud sync of saved wheels: GET /api/wheels (changes after a cursor; also for a user whose
 * premium lapsed, read-only) and POST /api/wheels/sync (premium only). The session decides the user.
 */
export type WheelOptions = { quotaBytes?: number }

export function registerWheelRoutes(app: FastifyInstance, db: Db, options: WheelOptions = {}): void {
  const repository = createWheelRepository(db, options.quotaBytes)

  // Once per interval for the whole cluster (jobs/runner.ts).
  registerPeriodicJob(app, db, {
    name: 'wheel-tombstone-purge',
    everyMs: PURGE_INTERVAL_MS,
    run: async () => {
      await repository.purgeTombstones()
    },
  })

  app.get('/api/wheels', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await requireUser(request)
    const query = pullQuery.safeParse(request.query)
    if (!query.success) throw new HttpError(400, 'The sync cursor is not valid.')
    const { since = 0, limit = PULL_PAGE_DEFAULT } = query.data
    const pulled = await repository.pull(user.userId, since, limit)
    const response: SyncResponse = { ...pulled, conflicts: [], canWrite: hasPremiumPlan(user.profile) }
    return response
  })

  // The saved wheels in the cloud at a glance, for choosing one (no items): GET /api/wheels/list.
  app.get('/api/wheels/list', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await requireUser(request)
    return { wheels: await repository.list(user.userId) }
  })

  stateChanging(app, (scope) =>
    scope.post(
      '/api/wheels/sync',
      { bodyLimit: SYNC_BODY_LIMIT, onRequest: premiumBeforeBody(SYNC_MESSAGES.premiumRequired) },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        const user = await requirePremium(request, SYNC_MESSAGES.premiumRequired)
        const body = parseBody(syncRequestSchema, request.body, INVALID)
        const pushed = await repository.push(user.userId, body.since, body.changes)
        const response: SyncResponse = { ...pushed, canWrite: true }
        return response
      },
    ),
  )
}
