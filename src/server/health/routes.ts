import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  // Payments: "sandbox" while the built-in provider simulates them, "paypal" otherwise.
  const mode = app.config.billing.provider.kind
  app.get('/api/health', async (request, reply) => {
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
