import { and, eq, gt } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { authConfigSchema, profileSchema } from '../../core/account/profile'
import {
  ACCOUNT_MESSAGES,
  forgotPasswordError,
  forgotPasswordRequestSchema,
  loginError,
  loginRequestSchema,
  registerError,
  registerRequestSchema,
  resetPasswordError,
  resetPasswordRequestSchema,
} from '../../core/account/rules'
import { msg } from '../../core/i18n/message-id'
import { users, verifications } from '../db/schema'
import { HttpError } from '../http/errors'
import { answers, noQuery } from '../http/openapi'
import { stateChanging } from '../http/state-changing'
import { translator } from '../i18n/translate'
import { clientKey } from '../limits/client-address'
import { createLoginFailures, LOGIN_FAILURE_RULES } from '../limits/login-failures'
import { type EmailLimitedAction, emailLimitKey, tooManyAttempts } from '../limits/rate-limit'
import { authError, copyCookies, requestHeaders, sendAuthResponse } from './auth-response'

export const FORGOT_PASSWORD_MESSAGE = msg(
  'If an account exists for this email, we have sent it a link to reset the password. Check your inbox.',
)

const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** A product rule the body breaks (the same the client checks) is a 400 with its message. */
function check(problem: string | null): void {
  if (problem) throw new HttpError(400, problem)
}

/** The signed-in profile (null only when the account was deleted meanwhile). */
const profileAnswer = z.object({ profile: z.nullable(profileSchema) })
const done = z.object({ success: z.literal(true) })
/** A body of the wrong shape: the shared message (unstorable text keeps its own). */
const unreadable = { invalid: ACCOUNT_MESSAGES.unreadable }

/** The account routes (below) and better-auth's handler, in front of app.accounts. */
export const accountRoutesPlugin = fp(
  async (app: FastifyInstance) => {
    registerAccountRoutes(app)
  },
  {
    name: 'whirl-account-routes',
    dependencies: ['whirl-errors', 'whirl-openapi', 'whirl-config', 'whirl-database', 'whirl-accounts'],
  },
)

/**
 * Email and password accounts under /api/account: our rules (shared with the client), our rate
 * limits and our wording in front of better-auth's API.
 */
function registerAccountRoutes(app: FastifyInstance): void {
  const { accounts } = app
  const { auth, profiles, limiter } = accounts
  const { perIp, perEmail } = app.config.auth.rateLimit
  const failures = createLoginFailures(app.database.db, {
    ...LOGIN_FAILURE_RULES,
    perEmail: perEmail * 5,
  })
  const limit = (request: FastifyRequest, action: 'sign-in' | 'reset-submit') =>
    limiter.check([{ key: `${action}:ip:${clientKey(request.ip)}`, max: perIp }])
  const limitWithEmail = (request: FastifyRequest, action: EmailLimitedAction, email: string) =>
    limiter.check([
      { key: `${action}:ip:${clientKey(request.ip)}`, max: perIp },
      { key: emailLimitKey(action, email), max: perEmail },
    ])

  const authConfig = { querystring: noQuery, response: answers({ 200: authConfigSchema }) }
  app.withTypeProvider<ZodTypeProvider>().get('/api/auth-config', { schema: authConfig }, async () => ({
    google: app.config.auth.google !== null,
  }))

  stateChanging(app, (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    const register = {
      schema: { body: registerRequestSchema, response: answers({ 201: profileAnswer }) },
      config: unreadable,
    }
    scope.post('/api/account/register', register, async (request, reply) => {
      const { body } = request
      check(registerError(body))
      const email = normalizeEmail(body.email)
      await limitWithEmail(request, 'sign-up', email)
      const response = await auth.api.signUpEmail({
        // The confirmation link leads to the plans page, where the confirmed address unlocks the trial.
        body: {
          name: body.displayName.trim(),
          email,
          password: body.password,
          callbackURL: VERIFIED_RETURN_PATH,
        },
        headers: requestHeaders(request),
        asResponse: true,
      })
      if (!response.ok) throw await authError(response, request.log)
      const { user } = (await response.json()) as { user: { id: string } }
      copyCookies(reply, response)
      return reply.status(201).send({ profile: await profiles.ensure(user.id) })
    })

    const login = {
      schema: { body: loginRequestSchema, response: answers({ 200: profileAnswer }) },
      config: unreadable,
    }
    scope.post('/api/account/login', login, async (request, reply) => {
      const { body } = request
      check(loginError(body))
      const email = normalizeEmail(body.email)
      const client = clientKey(request.ip)
      await limit(request, 'sign-in')
      // Failures count per (email, address): strangers elsewhere cannot lock the owner out.
      if (!(await failures.allowed(email, client))) throw tooManyAttempts(LOGIN_FAILURE_RULES.windowMs)
      const response = await auth.api.signInEmail({
        body: { email, password: body.password },
        headers: requestHeaders(request),
        asResponse: true,
      })
      if (!response.ok) {
        if (response.status === 401) await failures.recordFailure(email, client)
        throw await authError(response, request.log)
      }
      await failures.clear(email, client)
      const { user } = (await response.json()) as { user: { id: string } }
      copyCookies(reply, response)
      return { profile: await profiles.ensure(user.id) }
    })

    const logout = { querystring: noQuery, response: answers({ 200: done }) }
    scope.post('/api/account/logout', { schema: logout }, async (request, reply) => {
      const response = await auth.api.signOut({ headers: requestHeaders(request), asResponse: true })
      copyCookies(reply, response)
      return { success: true as const }
    })

    // The answer never tells whether the email has an account.
    const forgot = {
      schema: {
        body: forgotPasswordRequestSchema,
        response: answers({ 200: z.object({ success: z.literal(true), message: z.string() }) }),
      },
      config: unreadable,
    }
    scope.post('/api/account/forgot-password', forgot, async (request) => {
      const { body } = request
      check(forgotPasswordError(body.email))
      const email = normalizeEmail(body.email)
      await limitWithEmail(request, 'reset', email)
      const response = await auth.api.requestPasswordReset({
        body: { email },
        headers: requestHeaders(request),
        asResponse: true,
      })
      if (response.status >= 500) throw await authError(response, request.log)
      return { success: true as const, message: translator(request.locale)(FORGOT_PASSWORD_MESSAGE) }
    })

    // Sets the new password (every session of the user is revoked), then signs the user in here.
    const reset = {
      schema: { body: resetPasswordRequestSchema, response: answers({ 200: profileAnswer }) },
      config: unreadable,
    }
    scope.post('/api/account/reset-password', reset, async (request, reply) => {
      const { body } = request
      check(resetPasswordError(body))
      await limit(request, 'reset-submit')
      const [owner] = await app.database.db
        .select({ id: users.id, email: users.email })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.value))
        .where(
          and(
            eq(verifications.identifier, `reset-password:${body.token}`),
            gt(verifications.expiresAt, new Date()),
          ),
        )
      const reset = await auth.api.resetPassword({
        body: { token: body.token, newPassword: body.password },
        headers: requestHeaders(request),
        asResponse: true,
      })
      if (!reset.ok) throw await authError(reset, request.log)
      if (!owner) throw new HttpError(400, msg('Your password was changed. Please sign in with it.'))
      // Every session of the user has ended: their open profile streams check and sign out now.
      await accounts.events.publish(owner.id)
      const signIn = await auth.api.signInEmail({
        body: { email: owner.email, password: body.password },
        headers: requestHeaders(request),
        asResponse: true,
      })
      if (!signIn.ok) throw await authError(signIn, request.log)
      const { user } = (await signIn.json()) as { user: { id: string } }
      copyCookies(reply, signIn)
      return { profile: await profiles.ensure(user.id) }
    })

    registerAuthHandler(scope)
  })
}

/** Where the address confirmation link returns to (the page reads `verified`, or `error`). */
export const VERIFIED_RETURN_PATH = '/subscription?verified=1'

/** The better-auth endpoints the app uses directly: Google sign-in, its callback, the session. */
const ALLOWED = [
  { method: 'POST', path: /^\/sign-in\/social$/ },
  { method: 'GET', path: /^\/callback\/[a-z0-9-]+$/ },
  { method: 'GET', path: /^\/verify-email$/ },
  { method: 'GET', path: /^\/get-session$/ },
  { method: 'POST', path: /^\/sign-out$/ },
]

/**
 * better-auth's handler under /api/auth/*, limited to what the app uses: the email and password
 * endpoints are reached only through /api/account, behind our rules and rate limits.
 */
function registerAuthHandler(app: FastifyInstance): void {
  const { accounts } = app
  const origin = new URL(app.config.publicUrl).origin
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // A catch-all handed to better-auth: declared loosely (better-auth reads and answers it).
    schema: {
      summary: 'better-auth: Google sign-in and its callback, email verification, the session, sign-out',
      params: z.object({ '*': z.string() }),
      querystring: z.looseObject({}),
      response: answers({
        200: z.unknown().meta({ description: 'better-auth’s answer, passed through (or a redirect).' }),
      }),
    },
    async handler(request, reply) {
      const url = new URL(request.url, origin)
      const path = url.pathname.slice('/api/auth'.length)
      // better-auth's own error page: show the problem in the app instead, in the shape the
      // sign-in modal reads after a Google sign-in that did not complete.
      if (request.method === 'GET' && path === '/error') {
        const code = url.searchParams.get('error') ?? 'unknown'
        return reply.redirect(`/?auth-error=google&error=${encodeURIComponent(code)}`)
      }
      if (!ALLOWED.some((a) => a.method === request.method && a.path.test(path))) {
        throw new HttpError(404, msg('Not found.'))
      }
      const headers = requestHeaders(request)
      headers.delete('content-length')
      headers.delete('transfer-encoding')
      const hasBody = request.method === 'POST' && request.body !== undefined
      if (hasBody) headers.set('content-type', 'application/json')
      const fetchRequest = new Request(url, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      })
      await sendAuthResponse(reply, await accounts.auth.handler(fetchRequest), request.log)
      return reply
    },
  })
}
