import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AnyLocale } from '../../core/i18n/locales'
import { FREE_ITEM_LIMIT } from '../../core/plan/definition'
import { hasPremiumPlan } from '../../core/plan/plan'
import {
  createShareRequestSchema,
  createShareResponseSchema,
  isShareId,
  MAX_SHARE_BYTES,
  SHARE_MESSAGES,
  sharedWheelSchema,
  shareListSchema,
  snapshotOf,
} from '../../core/share/protocol'
import type { Accounts } from '../auth/accounts'
import type { Db } from '../db/client'
import { HttpError } from '../http/errors'
import type { SessionRead } from '../http/guards'
import { answers, noQuery } from '../http/openapi'
import { registerPeriodicJob } from '../jobs/runner'
import { clientKey } from '../limits/client-address'
import { createRateLimiter } from '../limits/rate-limit'
import { createPreviewCache } from './image'
import { embedContentSecurityPolicy, FALLBACK_SHELL, type PageMeta, sharePageHtml } from './page'
import { type PreviewOptions, registerPreviewRoute } from './preview-route'
import { createShareRepository } from './repository'

export type ShareOptions = PreviewOptions & {
  /** Links one IP address, and one signed-in user, may create per window. */
  perIp?: number
  perUser?: number
  windowMs?: number
  /** How often expired visitor links are purged (ms). */
  purgeEveryMs?: number
  now?: () => Date
}

const ONE_HOUR = 3_600_000

/** A link's id in the path: checked by the handler (isShareId), which answers 404 for any other. */
const shareParams = z.object({ id: z.string() })
const page = z
  .string()
  .meta({ description: 'An HTML page (text/html) with its head filled in for the link.' })

/** Share links, their pages and preview images (below); options: limits and timing (tests). */
export const sharesPlugin = fp(
  async (app: FastifyInstance, options: ShareOptions) => {
    registerShareRoutes(app, {
      accounts: app.accounts,
      db: app.database.db,
      shell: app.webShell?.html ?? null,
      options,
    })
  },
  {
    name: 'whirl-shares',
    dependencies: [
      'whirl-errors',
      'whirl-openapi',
      'whirl-config',
      'whirl-database',
      'whirl-accounts',
      'whirl-web-shell',
    ],
  },
)

/**
 * Share links: POST /api/shares (anyone, rate-limited), GET /api/shares (the user's links),
 * GET and DELETE /api/shares/:id, the preview image, and the pages /w/:id and /embed/:id with
 * their head filled in on the server.
 */
function registerShareRoutes(
  app: FastifyInstance,
  {
    accounts,
    db,
    shell,
    options = {},
  }: { accounts: Accounts; db: Db; shell: string | null; options?: ShareOptions },
): void {
  const repository = createShareRepository(db, options.now)
  const limiter = createRateLimiter(db, options.windowMs ?? 10 * 60_000)
  const previews = createPreviewCache()
  const sessions = new WeakMap<FastifyRequest, SessionRead | null>()
  const { perIp = 20, perUser = 40 } = options
  const publicUrl = app.config.publicUrl

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/shares',
    {
      schema: { body: createShareRequestSchema, response: answers({ 201: createShareResponseSchema }) },
      config: { invalid: SHARE_MESSAGES.invalid },
      // The session and the rate limits are checked before the body is read.
      onRequest: [
        accounts.checkOrigin,
        async (request) => {
          const user = await accounts.readSession(request)
          sessions.set(request, user)
          await limiter.check([
            { key: `share:ip:${clientKey(request.ip)}`, max: perIp },
            ...(user ? [{ key: `share:user:${user.userId}`, max: perUser }] : []),
          ])
        },
      ],
      bodyLimit: 2 * MAX_SHARE_BYTES,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = sessions.get(request) ?? null
      const { body } = request
      const snapshot = snapshotOf(body.wheel)
      if (snapshot.items.length === 0) throw new HttpError(400, SHARE_MESSAGES.empty)
      const bytes = Buffer.byteLength(JSON.stringify(snapshot))
      if (bytes > MAX_SHARE_BYTES) throw new HttpError(413, SHARE_MESSAGES.tooLarge)
      if (snapshot.items.length > FREE_ITEM_LIMIT && !hasPremiumPlan(user?.profile)) {
        throw new HttpError(403, SHARE_MESSAGES.overFreeLimit)
      }
      // An owner's link counts towards the account's quota; a visitor's towards their address's day.
      const share = user
        ? await app.quota.write(user.userId, async (tx, room) => {
            await room(bytes)
            return repository.create(user.userId, snapshot, bytes, tx)
          })
        : await app.quota.visitorRoom(request.ip, bytes).then(() => repository.create(null, snapshot, bytes))
      return reply.status(201).send({ share })
    },
  )

  const list = { querystring: noQuery, response: answers({ 200: shareListSchema }) }
  app.get('/api/shares', { schema: list }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await accounts.requireUser(request)
    return { shares: await repository.list(user.userId) }
  })

  const readOrFail = async (id: string, countVisit = true) => {
    const found = isShareId(id) ? await repository.read(id, countVisit) : ({ status: 'missing' } as const)
    if (found.status === 'missing') throw new HttpError(404, SHARE_MESSAGES.notFound)
    if (found.status === 'gone') {
      previews.delete(id)
      throw new HttpError(410, SHARE_MESSAGES.gone)
    }
    return found
  }

  const read = { params: shareParams, response: answers({ 200: sharedWheelSchema }) }
  app.get<{ Params: { id: string } }>('/api/shares/:id', { schema: read }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const share = await readOrFail(request.params.id)
    const { id, name, itemCount, createdAt, owned, wheel, watermark } = share
    return { id, name, itemCount, createdAt: createdAt.toISOString(), owned, wheel, watermark }
  })

  registerPreviewRoute(app, { repository, previews, readShare: (id) => readOrFail(id, false), options })

  app.delete<{ Params: { id: string } }>(
    '/api/shares/:id',
    {
      onRequest: accounts.checkOrigin,
      schema: {
        params: shareParams,
        response: answers({ 204: z.null().meta({ description: 'No content' }) }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await accounts.requireUser(request)
      const { id } = request.params
      const outcome = isShareId(id) ? await repository.remove(id, user.userId) : 'missing'
      if (outcome === 'missing') throw new HttpError(404, SHARE_MESSAGES.notFound)
      if (outcome === 'not-yours') throw new HttpError(403, SHARE_MESSAGES.notYours)
      previews.delete(id)
      return reply.status(204).send()
    },
  )

  const sendPage = async (id: string, reply: FastifyReply, locale: AnyLocale) => {
    const found = isShareId(id) ? await repository.read(id, false) : ({ status: 'missing' } as const)
    const meta: PageMeta =
      found.status === 'ok'
        ? { kind: 'share', id, name: found.name, itemCount: found.itemCount, publicUrl }
        : { kind: found.status }
    return (
      reply
        .status(found.status === 'ok' ? 200 : found.status === 'gone' ? 410 : 404)
        .header('cache-control', 'no-cache')
        // Its words follow the visitor's language.
        .header('vary', 'Accept-Language')
        .type('text/html; charset=utf-8')
        .send(sharePageHtml(shell ?? FALLBACK_SHELL, meta, locale))
    )
  }

  const pages = { schema: { params: shareParams, response: { 200: page, 404: page, 410: page } } }
  app.get<{ Params: { id: string } }>('/w/:id', pages, (request, reply) =>
    sendPage(request.params.id, reply, request.locale),
  )
  app.get<{ Params: { id: string } }>('/embed/:id', pages, (request, reply) => {
    const policy = reply.getHeader('content-security-policy')
    if (typeof policy === 'string')
      reply.header('content-security-policy', embedContentSecurityPolicy(policy))
    reply.removeHeader('x-frame-options')
    return sendPage(request.params.id, reply, request.locale)
  })

  // Once per interval for the whole cluster (jobs/runner.ts).
  registerPeriodicJob(app, db, {
    name: 'share-purge',
    everyMs: options.purgeEveryMs ?? ONE_HOUR,
    run: () => repository.purgeExpired(),
  })
}
