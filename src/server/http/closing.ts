import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * While shutting down, answers to requests still in flight close their connection, so that
 * keep-alive sockets do not hold the process open after the last response.
 */
export const closingPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false
    app.addHook('preClose', async () => {
      closing = true
    })
    // A callback hook, not an async one: it runs on every answer, and a promise for each is not free.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('Connection', 'close')
      done(null, payload)
    })
  },
  { name: 'whirl-closing' },
)
