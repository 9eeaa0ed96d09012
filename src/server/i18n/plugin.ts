import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type AnyLocale, DEFAULT_LOCALE } from '../../core/i18n/locales'
import { localeOfHeader } from './translate'

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language, from Accept-Language (the web sends its page's language on every call). */
    locale: AnyLocale
  }
}

/** Decorates every request with its language (request.locale); global, as fp() does not encapsulate. */
export const i18nPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', DEFAULT_LOCALE)
    app.addHook('onRequest', async (request) => {
      request.locale = localeOfHeader(request.headers['accept-language'])
    })
  },
  { name: 'whirl-i18n' },
)
