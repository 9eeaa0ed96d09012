import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { isDrawId } from '../../core/draws/api'
import type { Db } from '../db/client'
import { draws } from '../db/schema'
import { HttpError } from '../http/errors'
import { answers } from '../http/openapi'

/**
 * Browser tests only (DRAWS_TEST_TAMPER=1, which the config allows only with NODE_ENV=test): the
 * e2e server's embedded database cannot be opened from the test process while the server runs, so
 * this route overwrites a draw's stored server seed, as an attacker with database access would,
 * to prove that the /draw page then says "Verification failed".
 */
export function registerDrawTestRoutes(app: FastifyInstance, db: Db): void {
  const schema = {
    params: z.object({ id: z.string() }),
    body: z.looseObject({ serverSeed: z.unknown() }),
    response: answers({ 200: z.object({ ok: z.literal(true) }) }),
  }
  app.post(
    '/api/draws/:id/test/server-seed',
    { schema, config: { invalid: 'Send { serverSeed }.' } },
    async (request) => {
      const { id } = request.params as { id: string }
      const serverSeed = (request.body as { serverSeed?: unknown } | null)?.serverSeed
      if (!isDrawId(id) || typeof serverSeed !== 'string') throw new HttpError(400, 'Send { serverSeed }.')
      const rows = await db
        .update(draws)
        .set({ serverSeed })
        .where(eq(draws.id, id))
        .returning({ id: draws.id })
      if (rows.length === 0) throw new HttpError(404, 'This draw does not exist.')
      return { ok: true }
    },
  )
}
