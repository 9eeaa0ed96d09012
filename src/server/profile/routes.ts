import type { FastifyInstance } from 'fastify'
import { ACCOUNT_MESSAGES, displayNameError, profileUpdateSchema } from '../../core/account'
import type { Accounts } from '../auth/accounts'
import { HttpError } from '../http/errors'
import { registerProfileStream } from './stream'

/**
 * The signed-in user's profile: read it, change the display name (nothing else), and follow it
 * live. Every route checks the session.
 */
export function registerProfileRoutes(
  app: FastifyInstance,
  accounts: Accounts,
  stream: { heartbeatMs?: number } = {},
): void {
  const { profiles } = accounts

  // The app asks this on start: the profile when signed in, null otherwise (never a 401).
  app.get('/api/session', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await accounts.currentUser(request, reply)
    return { profile: user ? await profiles.ensure(user.userId) : null }
  })

  app.get('/api/profile', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const user = await accounts.requireUser(request)
    return { profile: user.profile ?? (await profiles.ensure(user.userId)) }
  })

  app.patch('/api/profile', { onRequest: accounts.checkOrigin, bodyLimit: 16 * 1024 }, async (request) => {
    const user = await accounts.requireUser(request)
    const body = request.body
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, ACCOUNT_MESSAGES.unreadable)
    }
    // Plan and subscription fields belong to the server: a body that names any is refused whole.
    const parsed = profileUpdateSchema.safeParse(body)
    if (!parsed.success) {
      const onlyKnown = Object.keys(body).every((key) => key === 'displayName')
      throw new HttpError(400, onlyKnown ? ACCOUNT_MESSAGES.unreadable : ACCOUNT_MESSAGES.onlyDisplayName)
    }
    const problem = displayNameError(parsed.data.displayName)
    if (problem) throw new HttpError(400, problem)
    await profiles.ensure(user.userId)
    return { profile: await profiles.updateDisplayName(user.userId, parsed.data.displayName) }
  })

  registerProfileStream(app, accounts, stream)
}
