import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { DRAW_API_MESSAGES, giveawayRecordSchema, isDrawId } from '../../core/draws/api'
import {
  checkGiveawaySpec,
  checkReroll,
  computeGiveaway,
  type GiveawayResult,
  type GiveawaySpec,
} from '../../core/draws/giveaway'
import { msg } from '../../core/i18n/message-id'
import type { Accounts } from '../auth/accounts'
import { HttpError, INVALID_REQUEST_MESSAGE } from '../http/errors'
import { userBeforeBody } from '../http/guards'
import { answers } from '../http/openapi'
import { type DrawRepository, type DrawRow, giveawayOf, rerollPlacesOf } from './repository'

/**
 * Several winners and teams (issue 36, decision 0051) on the draws API: the request is committed
 * with the entries (POST /api/draws with `giveaway`), the result is computed at the reveal, and
 * POST /api/draws/:id/reroll appends a reroll of one place.
 */

/** The giveaway request of a new draw's body as canonical JSON text, or null for a single winner. */
export function giveawayOfBody(body: unknown, entries: number): string | null {
  const giveaway = (body as { giveaway?: unknown }).giveaway
  if (giveaway === undefined || giveaway === null) return null
  const checked = checkGiveawaySpec(giveaway, entries)
  if (!checked.ok) throw new HttpError(400, checked.error)
  return JSON.stringify(checked.value)
}

const specOf = (row: DrawRow) => JSON.parse(row.giveaway as string) as GiveawaySpec
const weightsOf = (row: DrawRow) => (row.entries as [string, number][]).map(([, weight]) => weight)

/** The result of a giveaway draw for its seeds and rerolls, and the index the single-draw field holds. */
export async function giveawayResultOf(
  row: DrawRow,
  clientSeed: string,
  rerollPlaces: readonly number[],
): Promise<{ result: GiveawayResult; first: number }> {
  const seeds = { serverSeed: row.serverSeed, clientSeed, wheelHash: row.wheelHash }
  const result = await computeGiveaway(specOf(row), seeds, weightsOf(row), rerollPlaces)
  const first = result.kind === 'winners' ? result.winners[0] : result.teams[0]?.[0]
  return { result, first: first ?? 0 }
}

export function registerGiveawayRoutes(
  app: FastifyInstance,
  accounts: Accounts,
  repository: DrawRepository,
): void {
  const schema = {
    params: z.object({ id: z.string() }),
    body: z.looseObject({ place: z.unknown().meta({ description: 'The place to reroll (1 is first)' }) }),
    response: answers({ 200: giveawayRecordSchema }),
  }
  app.post(
    '/api/draws/:id/reroll',
    {
      onRequest: accounts.checkOrigin,
      preValidation: userBeforeBody,
      schema,
      config: { invalid: () => INVALID_REQUEST_MESSAGE },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await accounts.requireUser(request)
      const id = (request.params as { id: string }).id
      const row = isDrawId(id) ? await repository.find(id) : null
      if (!row || row.giveaway === null) throw new HttpError(404, DRAW_API_MESSAGES.notFound)
      if (row.userId !== user.userId) throw new HttpError(403, DRAW_API_MESSAGES.notOwner)
      if (!row.revealedAt || row.clientSeed === null) throw new HttpError(409, DRAW_API_MESSAGES.notRevealed)
      const places = rerollPlacesOf(row)
      const entries = (row.entries as unknown[]).length
      const place = checkReroll(
        specOf(row),
        entries,
        places.length,
        (request.body as { place?: unknown }).place,
      )
      if (!place.ok) throw new HttpError(400, place.error)
      const { result } = await giveawayResultOf(row, row.clientSeed, [...places, place.value])
      const updated = await repository.reroll(row, place.value, result)
      if (!updated)
        throw new HttpError(409, msg('Another reroll was made at the same time. Reload and try again.'))
      return giveawayOf(updated)
    },
  )
}
