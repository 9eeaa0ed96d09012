import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DELETION_MESSAGES, deleteAccountRequestSchema, FRESH_SIGN_IN_MS } from '../../core/account/deletion'
import type { AnyLocale } from '../../core/i18n/locales'
import { msg } from '../../core/i18n/message-id'
import { copyCookies, requestHeaders } from '../auth/auth-response'
import type { BillingService } from '../billing/service'
import { HttpError } from '../http/errors'
import { requireUser, userBeforeBody } from '../http/guards'
import { answers, noQuery } from '../http/openapi'
import { stateChanging } from '../http/state-changing'
import { storedLocale, translator } from '../i18n/translate'
import { clientKey } from '../limits/client-address'
import { createLoginFailures, LOGIN_FAILURE_RULES } from '../limits/login-failures'
import { tooManyAttempts } from '../limits/rate-limit'
import type { Mailer } from '../mail/mailer'
import { accountDataStream } from './account-data'
import { deleteAccountRows, passwordHashOf, sessionStartedAt } from './account-deletion'

/** The mail confirming a deletion, in the user's language. */
function deletionMail(locale: AnyLocale): { subject: string; text: string } {
  const t = translator(locale)
  const text = [
    t('Hello,'),
    '',
    t(
      'Your Whirl account has been deleted, as you asked. Your profile, saved wheels, share links, draws, subscriptions and contact messages are gone, and every device you were signed in on is signed out.',
    ),
    t('Billing law requires us to keep the records of payments you made; they no longer name you.'),
    '',
    t('If you did not ask for this, reply to this mail.'),
    '',
    'Whirl',
  ].join('\n')
  return { subject: t('Your Whirl account has been deleted'), text }
}

/** The account's data routes (below), over app.billing and app.mailer. */
export const accountDataPlugin = fp(
  async (app: FastifyInstance) => {
    registerAccountDataRoutes(app, { billing: app.billing, mailer: app.mailer })
  },
  {
    name: 'whirl-account-data',
    dependencies: [
      'whirl-errors',
      'whirl-openapi',
      'whirl-config',
      'whirl-database',
      'whirl-mailer',
      'whirl-accounts',
      'whirl-billing',
    ],
  },
)

/**
 * "Download my data" (GET /api/account/data) and "Delete my account" (POST /api/account/delete)
 * on the profile page. Deleting asks for the password (or a Google sign-in of the last 10 minutes),
 * cancels a subscription that could still bill with the provider first, then removes the rows.
 */
function registerAccountDataRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; mailer: Mailer },
): void {
  const { db } = app.database
  const { auth, events } = app.accounts
  const failures = createLoginFailures(db, {
    ...LOGIN_FAILURE_RULES,
    perEmail: app.config.auth.rateLimit.perEmail * 5,
  })

  const download = {
    querystring: noQuery,
    response: answers({
      200: z
        .record(z.string(), z.unknown())
        .meta({ description: 'Everything the account stores, as one JSON file (whirl-my-data.json).' }),
    }),
  }
  app.get('/api/account/data', { schema: download }, async (request, reply) => {
    const user = await requireUser(request)
    const data = await accountDataStream(db, user.userId)
    if (!data) throw new HttpError(401, msg('Please sign in to continue.'))
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="whirl-my-data.json"')
      .type('application/json; charset=utf-8')
      .send(Readable.from(data))
  })

  const deletion = {
    // No body at all is an account that only uses Google.
    schema: {
      body: z.optional(deleteAccountRequestSchema),
      response: answers({ 200: z.object({ success: z.literal(true), message: z.string() }) }),
    },
    // The session first (401), then the body (400).
    preValidation: userBeforeBody,
    config: { invalid: DELETION_MESSAGES.unreadable },
  }
  stateChanging(app, (scope) => {
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/account/delete', deletion, async (request, reply) => {
        const user = await requireUser(request)
        const body = request.body ?? {}
        const hash = await passwordHashOf(db, user.userId)
        if (hash !== null) {
          if (!body.password) throw new HttpError(400, DELETION_MESSAGES.passwordNeeded)
          // Wrong passwords count with wrong sign-ins for this email from this address, so a signed-in
          // session cannot be used to guess the password without limit.
          const email = user.email.trim().toLowerCase()
          const client = clientKey(request.ip)
          if (!(await failures.allowed(email, client))) throw tooManyAttempts(LOGIN_FAILURE_RULES.windowMs)
          const context = await auth.$context
          const ok = await context.password.verify({ hash, password: body.password })
          if (!ok) {
            await failures.recordFailure(email, client)
            throw new HttpError(403, DELETION_MESSAGES.wrongPassword)
          }
          await failures.clear(email, client)
        } else {
          const started = await sessionStartedAt(db, user.sessionId)
          if (!started || Date.now() - started.getTime() > FRESH_SIGN_IN_MS) {
            throw new HttpError(403, DELETION_MESSAGES.googleAgain)
          }
        }
        try {
          await deps.billing.settleBeforeDeletion(user, 'The customer deleted their Whirl account.')
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 409) throw error
          request.log.error({ err: error }, 'settling payments before account deletion failed')
          throw new HttpError(502, DELETION_MESSAGES.cancelFailed)
        }
        // Refused (409) here, before signing out, when a payment started meanwhile.
        await deleteAccountRows(db, user)
        const signOut = await auth.api.signOut({ headers: requestHeaders(request), asResponse: true })
        copyCookies(reply, signOut)
        // Every session is gone: open profile streams on other devices check and sign out now.
        await events.publish(user.userId)
        await deps.mailer
          .send({ to: user.email, ...deletionMail(storedLocale(user.profile?.locale) ?? request.locale) })
          .catch((error: unknown) => request.log.error({ err: error }, 'account deletion mail failed'))
        return { success: true as const, message: translator(request.locale)(DELETION_MESSAGES.deleted) }
      })
  })
}
