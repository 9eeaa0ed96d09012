import type { FastifyInstance } from 'fastify'
import { contactRequestSchema } from '../../core/contact/schema'
import { hasPremiumPlan } from '../../core/plan/plan'
import { textProblemOf } from '../../core/text/schema'
import { HttpError } from '../http/errors'
import type { ContactMailQueue } from './mail-queue'
import { insertContactMessage } from './repository'

export function registerContactRoutes(app: FastifyInstance, queue: ContactMailQueue): void {
  app.post(
    '/api/contact',
    {
      bodyLimit: 16 * 1024,
      config: {
        rateLimit: {
          max: app.config.contactRateLimit,
          timeWindow: 15 * 60 * 1000,
          errorResponseBuilder: (_request: unknown, context: { after: string }) =>
            new HttpError(
              429,
              `You have sent several messages in a short time. Please try again in ${context.after}.`,
            ),
        },
      },
    },
    async (request) => {
      const parsed = contactRequestSchema.safeParse(request.body)
      if (!parsed.success) {
        const first = parsed.error.issues[0]
        const field = first && first.code === 'custom' ? first.message : null
        throw new HttpError(
          400,
          textProblemOf(parsed.error) ??
            field ??
            'The message could not be read. Please check the form and try again.',
        )
      }
      const { website, ...fields } = parsed.data
      // A filled honeypot means a bot: answer as usual, keep and send nothing.
      if (website && website.trim() !== '') {
        request.log.info('contact: honeypot filled, message dropped')
        return { success: true }
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
      return { success: true }
    },
  )
}
