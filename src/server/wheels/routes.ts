import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { hasPremiumPlan } from '../../core/plan/plan'
import {
  SYNC_BODY_LIMIT,
  SYNC_MESSAGES,
  type SyncResponse,
  syncRequestSchema,
} from '../../core/sync/protocol'
import type { Accounts } from '../auth/accounts'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import { createWheelRepository } from './repository'

const sinceSchema = z.object({ since: z.optional(z.coerce.number().check(z.int(), z.gte(0))) })
const INVALID = 'The wheels sent could not be read. Nothing was changed.'

/**
 * Cloud sync of saved wheels: GET /api/wheels (changes after a cursor; also for a user whose
 * premium lapsed, read-only) and POST /api/wheels/sync (premium only). The session decides the user.
 */
export function registerWheelRoutes(app: FastifyInstance, accounts: Accounts, db: Db): void {
  const repository = createWheelRepository(db)

  app.get('/api/wheels', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await accounts.requireUser(request)
    const query = sinceSchema.safeParse(request.query)
    if (!query.success) throw new HttpError(400, 'The sync cursor is not valid.')
    const pulled = await repository.pull(user.userId, query.data.since ?? 0)
    const response: SyncResponse = { ...pulled, conflicts: [], canWrite: hasPremiumPlan(user.profile) }
    return response
  })

  app.post(
    '/api/wheels/sync',
    { onRequest: accounts.checkOrigin, bodyLimit: SYNC_BODY_LIMIT },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await accounts.requireUser(request)
      if (!hasPremiumPlan(user.profile)) throw new HttpError(403, SYNC_MESSAGES.premiumRequired)
      const body = syncRequestSchema.safeParse(request.body)
      if (!body.success) throw new HttpError(400, INVALID)
      const pushed = await repository.push(user.userId, body.data.since, body.data.changes)
      const response: SyncResponse = { ...pushed, canWrite: true }
      return response
    },
  )
}
