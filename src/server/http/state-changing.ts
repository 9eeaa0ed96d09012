import type { FastifyInstance } from 'fastify'

/** The body limit of a state-changing route that does not set its own. */
export const DEFAULT_BODY_LIMIT = 16 * 1024

/**
 * A scope for the routes that change something: each gets the origin check (CSRF defence; safe
 * methods pass it) and a body limit, unless the route sets a larger one itself. Register such
 * routes inside `routes`.
 */
export function stateChanging(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', scope.accounts.checkOrigin)
    scope.addHook('onRoute', (options) => {
      options.bodyLimit ??= DEFAULT_BODY_LIMIT
    })
    routes(scope)
  })
}
