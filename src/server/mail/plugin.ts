import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createMailer, type Mailer } from './mailer'

declare module 'fastify' {
  interface FastifyInstance {
    /** The one mailer (SMTP or the outbox folder): sign-in mails, contact queue, billing, deletion. */
    mailer: Mailer
  }
}

export type MailerPluginOptions = {
  /** Tests: a mailer of their own; otherwise the configured one (mailer.ts). */
  mailer?: Mailer
}

/**
 * Decorates app.mailer. It is closed once the server has closed (onClose), after every preClose
 * hook, so the contact queue stops sending before its transport goes.
 */
export const mailerPlugin = fp(
  async (app: FastifyInstance, options: MailerPluginOptions) => {
    const mailer = options.mailer ?? createMailer(app.config.mail, app.log)
    app.decorate('mailer', mailer)
    app.addHook('onClose', async () => mailer.close())
  },
  { name: 'whirl-mailer', dependencies: ['whirl-config'] },
)
