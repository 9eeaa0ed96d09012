import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { hasPremiumPlan } from '../../core/plan/plan'
import {
  PULL_PAGE_DEFAULT,
  PULL_PAGE_MAX,
  SYNC_BODY_LIMIT,
  SYNC_MESSAGES,
  type SyncResponse,
  syncRequestSchema,
} from '../../core/sync/protocol'
import type { Database } from '../db/client'
import { changeEvents } from '../events/events'
import { premiumBeforeBody, requirePremium, requireUser, userBeforeBody } from '../http/guards'
import { answers, noQuery } from '../http/openapi'
import { stateChanging } from '../http/state-changing'
import { registerPeriodicJob } from '../jobs/runner'
import { createCursorCache } from './cursor-cache'
import { pullAnswer } from './pull-answer'
import { createPullSlots } from './pull-slots'
import { createWheelRepository, RetryLater, type WheelRepositoryOptions } from './repository'
import { type PullQuery, pullQuerySchema, syncResponseSchema, wheelListSchema } from './schemas'
import { registerVersionRoutes } from './versions'

/** How often tombstones past TOMBSTONE_DAYS are purged. */
const PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000
const INVALID = 'The wheels sent could not be read. Nothing was changed.'
/** "This user's saved wheels changed": published after every push, heard by every process. */
export const WHEELS_CHANNEL = 'whirl_wheels_changed'

/**
 * Cloud sync of saved wheels: GET /api/wheels (changes after a cursor; also for a user whose
 * premium lapsed, read-only) and POST /api/wheels/sync (premium only). The session decides the user.
 */
export type WheelOptions = WheelRepositoryOptions

/** Seconds a refused pull is told to wait: another of the user's pulls, or a busy database. */
const RETRY_AFTER_PULLS_S = 2
const RETRY_AFTER_BUSY_S = 5

/** Saved wheels' sync and versions (below), within app.quota. */
export const wheelsPlugin = fp(
  async (app: FastifyInstance, options: WheelOptions) => {
    registerWheelRoutes(app, app.database, options)
  },
  {
    name: 'whirl-wheels',
    dependencies: ['whirl-errors', 'whirl-openapi', 'whirl-database', 'whirl-accounts', 'whirl-quota'],
  },
)

function registerWheelRoutes(app: FastifyInstance, database: Database, options: WheelOptions = {}): void {
  const db = database.db
  const events = changeEvents(app, database, WHEELS_CHANNEL)
  const repository = createWheelRepository(db, app.quota, options)
  // At most MAX_CONCURRENT_PULLS of a user's pulls read the database at once in this process
  // (decision 0030: why per process).
  const pulls = createPullSlots()
  // Asked "anything after my cursor?" when nothing changed, a process answers from memory.
  const cursors = createCursorCache(events)

  // Once per interval for the whole cluster (jobs/runner.ts).
  registerPeriodicJob(app, db, {
    name: 'wheel-tombstone-purge',
    everyMs: PURGE_INTERVAL_MS,
    run: async () => {
      await repository.purgeTombstones()
    },
  })

  const api = app.withTypeProvider<ZodTypeProvider>()
  const pull = {
    schema: {
      querystring: pullQuerySchema(PULL_PAGE_MAX),
      // 200 is pre-serialised JSON text (pull-answer.ts), written as it is.
      response: answers({ 200: syncResponseSchema }),
    },
    // The session first (401), then the cursor (400).
    preValidation: userBeforeBody,
    config: { invalid: 'The sync cursor is not valid.' },
  }
  // Untyped answers: the page is JSON text already (the type provider types only objects).
  app.get('/api/wheels', pull, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await requireUser(request)
    const { since = 0, limit = PULL_PAGE_DEFAULT } = request.query as PullQuery
    const canWrite = hasPremiumPlan(user.profile)
    if (cursors.get(user.userId) === since) {
      const unchanged: SyncResponse = { wheels: [], cursor: since, more: false, conflicts: [], canWrite }
      return unchanged
    }
    if (!pulls.take(user.userId)) {
      reply.code(429).header('retry-after', String(RETRY_AFTER_PULLS_S))
      return { error: SYNC_MESSAGES.pullsBusy }
    }
    let pulled: Awaited<ReturnType<typeof repository.pull>>
    try {
      pulled = await cursors.track(
        user.userId,
        () => repository.pull(user.userId, since, limit),
        // A page with more after it ends below the top: it says nothing of the cursor.
        (page) => (page.more ? undefined : page.cursor),
      )
    } catch (error) {
      if (!(error instanceof RetryLater)) throw error
      request.log.warn(
        { err: { message: (error.cause as Error | undefined)?.message } },
        'wheels: pull refused, database busy',
      )
      reply.code(503).header('retry-after', String(RETRY_AFTER_BUSY_S))
      return { error: error.message }
    } finally {
      pulls.release(user.userId)
    }
    reply.type('application/json; charset=utf-8')
    return pullAnswer(pulled, canWrite)
  })

  // The saved wheels in the cloud at a glance, for choosing one (no items): GET /api/wheels/list.
  registerVersionRoutes(app, db)

  const list = { querystring: noQuery, response: answers({ 200: wheelListSchema }) }
  api.get('/api/wheels/list', { schema: list }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await requireUser(request)
    return { wheels: await repository.list(user.userId) }
  })

  const sync = {
    bodyLimit: SYNC_BODY_LIMIT,
    onRequest: premiumBeforeBody(SYNC_MESSAGES.premiumRequired),
    schema: { body: syncRequestSchema, response: answers({ 200: syncResponseSchema }) },
    config: { invalid: INVALID },
  }
  stateChanging(app, (scope) =>
    scope.withTypeProvider<ZodTypeProvider>().post('/api/wheels/sync', sync, async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requirePremium(request, SYNC_MESSAGES.premiumRequired)
      const { body } = request
      cursors.watch(user.userId)
      const pushed = await repository.push(user.userId, body.since, body.changes, body.omitSent === true)
      // This process knows at once; the others when the event arrives.
      cursors.pushed(user.userId, pushed.cursor)
      void events.publish(user.userId, pushed.cursor).catch((error: unknown) => {
        // The others then learn of it within 10 s (the cache's age limit).
        request.log.warn({ err: { message: (error as Error).message } }, 'wheels: push not announced')
      })
      const response: SyncResponse = { ...pushed, canWrite: true }
      return response
    }),
  )
}
