import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import {
  type CreatedDraw,
  createdDrawSchema,
  DRAW_API_MESSAGES,
  isDrawId,
  publicDrawSchema,
  revealedDrawSchema,
} from '../../core/draws/api'
import { entriesKeyOf } from '../../core/draws/entries-key'
import type { GiveawaySpec } from '../../core/draws/giveaway'
import {
  commitmentOf,
  type DrawEntry,
  drawWinner,
  newServerSeed,
  wheelHashOf,
} from '../../core/draws/protocol'
import { checkClientSeed, checkNewDraw } from '../../core/draws/rules'
import { FREE_ITEM_LIMIT } from '../../core/plan/definition'
import { getMaxItemsPerWheel, hasPremiumPlan } from '../../core/plan/plan'
import { MAX_ITEM_TEXT } from '../../core/wheel/model'
import type { Accounts } from '../auth/accounts'
import type { Db } from '../db/client'
import { HttpError, INVALID_REQUEST_MESSAGE } from '../http/errors'
import { requireUser, userBeforeBody } from '../http/guards'
import { limitBody } from '../http/limit-body'
import { answers } from '../http/openapi'
import { registerPeriodicJob } from '../jobs/runner'
import { createRateLimiter } from '../limits/rate-limit'
import { giveawayOfBody, giveawayResultOf, registerGiveawayRoutes } from './giveaway-routes'
import { createDrawRepository, drawBytes, ENTRIES_KEY_BATCH, publicDraw, revealResult } from './repository'
import { registerDrawTestRoutes } from './test-routes'

/** Draws made per IP address per minute (every edit of a committed wheel makes a new one). */
export const DRAW_RATE_LIMIT = { max: 60, timeWindow: 60_000 }
/** Draws one signed-in user may make per minute, from any number of addresses. */
export const DRAW_USER_RATE_LIMIT = { max: 60, timeWindow: 60_000 }
/** Premium: 10,000 entries of 200 characters, with room for JSON escapes. */
const DRAW_BODY_LIMIT = 8 * 1024 * 1024
/** Free plan: 15 entries of 200 characters, even if every character is a 12-byte JSON escape. */
export const FREE_DRAW_BODY_LIMIT = 64 * 1024
/** Draws committed but not revealed that one user may hold; they are purged after DRAW_RETENTION_DAYS. */
export const MAX_UNREVEALED_DRAWS = 100
export const DRAW_RETENTION_DAYS = 7
const DAY_MS = 86_400_000
/**
 * An open commitment (not revealed) younger than this is given back when its host commits the
 * same entries again (issue 33): a reload or a switch toggle does not look like a re-roll. Older
 * ones are not reused, so none is purged (after DRAW_RETENTION_DAYS) between its reuse and its spin.
 */
export const OPEN_COMMITMENT_REUSE_MS = DAY_MS

export const DRAW_LIMIT_MESSAGES = {
  tooManyUnrevealed: `You have ${MAX_UNREVEALED_DRAWS} draws that were never revealed. Reveal one, or wait: a draw that is not revealed is removed after ${DRAW_RETENTION_DAYS} days.`,
  tooLargeFree: `This draw is too large. Free users can draw from up to ${FREE_ITEM_LIMIT} entries of up to ${MAX_ITEM_TEXT} characters.`,
} as const

export type DrawOptions = {
  /** How often never-revealed draws past their retention are purged (ms; hourly by default). */
  purgeEveryMs?: number
  /** How often draws made before migration 0019 get their entries key (ms; every 10 minutes by default). */
  entriesKeyEveryMs?: number
}

const getRandomValues = (array: Uint8Array<ArrayBuffer>) => globalThis.crypto.getRandomValues(array)

function drawIdOf(params: unknown): string {
  const id = (params as { id?: string }).id ?? ''
  if (!isDrawId(id)) throw new HttpError(404, DRAW_API_MESSAGES.notFound)
  return id
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

/** Verifiable draws (below); options: purge timing (tests). */
export const drawsPlugin = fp(
  async (app: FastifyInstance, options: DrawOptions) => {
    registerDrawRoutes(app, app.accounts, app.database.db, options)
  },
  {
    name: 'whirl-draws',
    dependencies: [
      'whirl-errors',
      'whirl-openapi',
      'whirl-rate-limits',
      'whirl-config',
      'whirl-database',
      'whirl-accounts',
    ],
  },
)

/**
 * Verifiable draws (issue 14): POST /api/draws commits a signed-in user's entries, POST
 * /api/draws/:id/reveal completes it once with the host's client seed, GET /api/draws/:id is the
 * public record (the server seed only after the reveal).
 */
function registerDrawRoutes(
  app: FastifyInstance,
  accounts: Accounts,
  db: Db,
  options: DrawOptions = {},
): void {
  const repository = createDrawRepository(db)
  const limiter = createRateLimiter(db, DRAW_USER_RATE_LIMIT.timeWindow)

  /**
   * Before a byte of the body is read: the session, the user's own rate limit, the cap on draws
   * never revealed, and the body limit of the user's plan (64 KiB free, 8 MiB Premium).
   */
  const beforeBody = async (request: FastifyRequest, _reply: FastifyReply, payload: Readable) => {
    await userBeforeBody(request)
    const user = await requireUser(request)
    await limiter.check([{ key: `draw:user:${user.userId}`, max: DRAW_USER_RATE_LIMIT.max }])
    if ((await repository.unrevealedCount(user.userId)) >= MAX_UNREVEALED_DRAWS) {
      throw new HttpError(429, DRAW_LIMIT_MESSAGES.tooManyUnrevealed)
    }
    if (hasPremiumPlan(user.profile)) return payload
    return limitBody(request, payload, FREE_DRAW_BODY_LIMIT, DRAW_LIMIT_MESSAGES.tooLargeFree)
  }

  const commitNew = async (
    userId: string,
    name: string,
    entries: DrawEntry[],
    wheelHash: string,
    previousDrawId: string | null,
    giveaway: string | null,
  ) => {
    const serverSeed = newServerSeed(getRandomValues)
    const values = {
      userId,
      name,
      entries,
      wheelHash,
      entriesKey: await entriesKeyOf(entries),
      serverSeed,
      commitment: await commitmentOf(serverSeed),
      previousDrawId,
      giveaway,
      dataBytes: drawBytes(name, entries),
    }
    // A draw is kept for good: it counts towards the account's quota.
    return app.quota.write(userId, async (tx, room) => {
      await room(values.dataBytes)
      return repository.insert(values, tx)
    })
  }

  // The body's shape is declared here; its rules (which depend on the plan) are core/draws/rules,
  // whose message also answers a body of the wrong shape.
  const newDraw = z.looseObject({
    name: z.unknown().meta({ description: 'The wheel’s name' }),
    entries: z.array(z.unknown()).meta({ description: '[text, weight] pairs' }),
    previousDrawId: z.optional(z.unknown()),
    giveaway: z.optional(z.unknown()).meta({ description: 'Several winners or teams (GiveawaySpec)' }),
  })
  const newDrawInvalid = ({ body }: { body: unknown }) => {
    const checked = checkNewDraw(body, 0)
    return checked.ok ? INVALID_REQUEST_MESSAGE : checked.error
  }
  const drawParams = z.object({ id: z.string() })
  app.post(
    '/api/draws',
    {
      schema: { body: newDraw, response: answers({ 200: createdDrawSchema, 201: createdDrawSchema }) },
      config: { rateLimit: DRAW_RATE_LIMIT, invalid: newDrawInvalid },
      // The rate limit (an onRequest hook) counts every attempt, signed out too; the session is
      // checked before the body is read.
      onRequest: accounts.checkOrigin,
      preParsing: beforeBody,
      bodyLimit: DRAW_BODY_LIMIT,
    },
    async (request, reply) => {
      noStore(reply)
      const user = await requireUser(request)
      const checked = checkNewDraw(request.body, getMaxItemsPerWheel(user.profile))
      if (!checked.ok) throw new HttpError(400, checked.error)
      const previous = (request.body as { previousDrawId?: unknown }).previousDrawId ?? null
      if (previous !== null) {
        const row =
          typeof previous === 'string' && isDrawId(previous) ? await repository.find(previous) : null
        if (!row || row.userId !== user.userId) throw new HttpError(400, DRAW_API_MESSAGES.previousNotFound)
      }
      const { name, entries } = checked.value
      const giveaway = giveawayOfBody(request.body, entries.length)
      const wheelHash = await wheelHashOf(entries)
      const previousDrawId = previous as string | null
      // The same host committing the same wheel again (after a reload or a switch toggle) gets its
      // open commitment back, 200 instead of 201: a new one would look like a re-roll.
      const open = await repository.findOpen(
        { userId: user.userId, name, wheelHash, previousDrawId, giveaway },
        new Date(Date.now() - OPEN_COMMITMENT_REUSE_MS),
      )
      const row = open ?? (await commitNew(user.userId, name, entries, wheelHash, previousDrawId, giveaway))
      const created: CreatedDraw = {
        ...(row.giveaway ? { giveaway: JSON.parse(row.giveaway) as GiveawaySpec } : {}),
        id: row.id,
        commitment: row.commitment,
        wheelHash: row.wheelHash,
        createdAt: row.createdAt.toISOString(),
      }
      return reply.status(open ? 200 : 201).send(created)
    },
  )

  const reveal = {
    params: drawParams,
    body: z.looseObject({ clientSeed: z.unknown().meta({ description: 'The host’s seed (text)' }) }),
    response: answers({
      200: revealedDrawSchema,
      409: z.object({ ...revealedDrawSchema.shape, error: z.string() }),
    }),
  }
  const seedInvalid = ({ body }: { body: unknown }) => {
    const checked = checkClientSeed(body)
    return checked.ok ? INVALID_REQUEST_MESSAGE : checked.error
  }
  app.post(
    '/api/draws/:id/reveal',
    {
      onRequest: accounts.checkOrigin,
      preValidation: userBeforeBody,
      schema: reveal,
      config: { invalid: seedInvalid },
    },
    async (request, reply) => {
      noStore(reply)
      const user = await accounts.requireUser(request)
      const id = drawIdOf(request.params)
      const seed = checkClientSeed(request.body)
      if (!seed.ok) throw new HttpError(400, seed.error)
      const row = await repository.find(id)
      if (!row) throw new HttpError(404, DRAW_API_MESSAGES.notFound)
      if (row.userId !== user.userId) throw new HttpError(403, DRAW_API_MESSAGES.notOwner)
      const alreadyRevealed = async () => {
        const first = row.revealedAt ? row : await repository.find(id)
        if (!first?.revealedAt) throw new Error(`draw ${id}: reveal lost but no result stored`)
        return reply.status(409).send({ error: DRAW_API_MESSAGES.alreadyRevealed, ...revealResult(first) })
      }
      if (row.revealedAt) return alreadyRevealed()
      const weights = (row.entries as [string, number][]).map(([, weight]) => weight)
      const giveaway = row.giveaway === null ? null : await giveawayResultOf(row, seed.value, [])
      const { winnerIndex } = giveaway
        ? { winnerIndex: giveaway.first }
        : await drawWinner(row.serverSeed, seed.value, row.wheelHash, weights)
      const revealed = await repository.reveal(id, seed.value, winnerIndex, giveaway?.result ?? null)
      if (!revealed) return alreadyRevealed()
      return revealResult(revealed)
    },
  )

  const read = { params: drawParams, response: answers({ 200: publicDrawSchema }) }
  app.get('/api/draws/:id', { schema: read }, async (request, reply) => {
    noStore(reply)
    const id = drawIdOf(request.params)
    const row = await repository.find(id)
    if (!row) throw new HttpError(404, DRAW_API_MESSAGES.notFound)
    const [next, sameEntries] = await Promise.all([repository.nextOf(id), repository.sameEntries(row)])
    return publicDraw(row, next, sameEntries)
  })

  registerGiveawayRoutes(app, accounts, repository)

  registerPeriodicJob(app, db, {
    name: 'draw-purge',
    everyMs: options.purgeEveryMs ?? 3_600_000,
    run: () => repository.purgeUnrevealed(DRAW_RETENTION_DAYS * DAY_MS),
  })
  // Rows from before migration 0019 get their entries key (computed here, as for new draws).
  registerPeriodicJob(app, db, {
    name: 'draw-entries-key',
    everyMs: options.entriesKeyEveryMs ?? 600_000,
    run: async () => {
      for (let batch = 0; batch < 50; batch++) {
        if ((await repository.fillEntriesKeys(ENTRIES_KEY_BATCH)) < ENTRIES_KEY_BATCH) return
      }
    },
  })

  if (app.config.drawsTestTamper) registerDrawTestRoutes(app, db)
}
