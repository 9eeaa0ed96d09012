import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contactRequestSchema } from '../../core/contact/schema'
import { msg } from '../../core/i18n/message-id'
import { hasPremiumPlan } from '../../core/plan/plan'
import { HttpError, type InvalidInput } from '../http/errors'
import { answers } from '../http/openapi'
import { parseWait } from '../limits/rate-limit'
import { type ContactMailQueue, type ContactMailQueueOptions, createContactMailQueue } from './mail-queue'
import { insertContactMessage } from './repository'

/** A field the form's rules refuse gets that rule's words (core/contact); any other shape the form's message. */
const unreadable = ({ issues }: InvalidInput) => {
  const first = issues[0]
  return first?.code === 'custom'
    ? first.message
    : 'The message could not be read. Please check the form and try again.'
}

/** Timing of the contact mail queue (tests make it fast). */
export type ContactPluginOptions = Pick<
  ContactMailQueueOptions,
  'pollMs' | 'baseBackoffMs' | 'maxBackoffMs' | 'now'
>

const CONTACT_WAIT = {
  second: msg(
    'You have sent several messages in a short time. Please try again in {count, plural, one {# second} other {# seconds}}.',
  ),
  minute: msg(
    'You have sent several messages in a short time. Please try again in {count, plural, one {# minute} other {# minutes}}.',
  ),
} as const

/** The contact form's own 429 (its window is 15 minutes): the wait in the request's language. */
function contactLimitError(wait: string): HttpError {
  const parsed = parseWait(wait)
  if (parsed && (parsed.unit === 'second' || parsed.unit === 'minute'))
    return new HttpError(429, CONTACT_WAIT[parsed.unit], { count: parsed.count })
  return new HttpError(429, `You have sent several messages in a short time. Please try again in ${wait}.`)
}

/** POST /api/contact (below) and the queue that mails stored messages to support. */
export const contactPlugin = fp(
  async (app: FastifyInstance, options: ContactPluginOptions) => {
    const queue = createContactMailQueue({
      db: app.database.db,
      mailer: app.mailer,
      supportEmail: app.config.supportEmail,
      log: app.log,
      ...options,
    })
    registerContactRoutes(app, queue)
    app.addHook('onReady', async () => queue.start())
    app.addHook('preClose', async () => queue.stop())
  },
  {
    name: 'whirl-contact',
    dependencies: [
      'whirl-errors',
      'whirl-openapi',
      'whirl-rate-limits',
      'whirl-config',
      'whirl-database',
      'whirl-mailer',
      'whirl-accounts',
    ],
  },
)

function registerContactRoutes(app: FastifyInstance, queue: ContactMailQueue): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      bodyLimit: 16 * 1024,
      schema: {
        body: contactRequestSchema,
        response: answers({ 200: z.object({ success: z.literal(true) }) }),
      },
      config: {
        invalid: unreadable,
        rateLimit: {
          max: app.config.contactRateLimit,
          timeWindow: 15 * 60 * 1000,
          errorResponseBuilder: (_request: unknown, context: { after: string }) =>
            contactLimitError(context.after),
        },
      },
    },
    async (request) => {
      const { website, ...fields } = request.body
      // A filled honeypot means a bot: answer as usual, keep and send nothing.
      if (website && website.trim() !== '') {
        request.log.info('contact: honeypot filled, message dropped')
        return { success: true as const }
      }
      // Priority support: the server decides it from the sender's session, never from the form.
      const session = await app.accounts.readSession(request)
      const row = await insertContactMessage(app.database.db, {
        priority: hasPremiumPlan(session?.profile),
        // The account it came from: "Download my data" and "Delete my account" find it by this.
        userId: session?.userId ?? null,
        name: fields.name.trim(),
        email: fields.email.trim(),
        subject: fields.subject.trim(),
        message: fields.message.trim(),
        type: fields.type,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
      })
      request.log.info({ id: row.id }, 'contact message stored')
      void queue.kick()
      return { success: true as const }
    },
  )
}
