import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Database } from '../db/client'
import { answers, noQuery } from '../http/openapi'

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  mode: z.string(),
  database: z.object({ kind: z.string(), reachable: z.boolean(), latencyMs: z.optional(z.number()) }),
})

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  // Payments: "sandbox" while the built-in provider simulates them, "paypal" otherwise.
  const mode = app.config.billing.provider.kind
  const schema = { querystring: noQuery, response: answers({ 200: healthSchema, 503: healthSchema }) }
  app.get('/api/health', { schema }, async (request, reply) => {
    try {
      const latencyMs = await database.ping()
      return { status: 'ok', mode, database: { kind: database.kind, reachable: true, latencyMs } }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable')
      return reply
        .status(503)
        .send({ status: 'unavailable', mode, database: { kind: database.kind, reachable: false } })
    }
  })
}
