import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { answers, noQuery } from '../http/openapi'

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  mode: z.string(),
  database: z.object({ kind: z.string(), reachable: z.boolean(), latencyMs: z.optional(z.number()) }),
})

/** GET /api/health: the database reachable, and the payment mode. */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    registerHealthRoutes(app)
  },
  { name: 'whirl-health', dependencies: ['whirl-errors', 'whirl-openapi', 'whirl-config', 'whirl-database'] },
)

function registerHealthRoutes(app: FastifyInstance): void {
  const { database } = app
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
