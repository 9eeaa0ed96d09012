import type { FastifyError, FastifyInstance } from 'fastify'

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.'

/** A 4xx error whose message is safe to show to the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

function clientMessage(error: FastifyError): string {
  if (error.validation) return 'The request was not valid. Please check what you sent and try again.'
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON.'
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.'
    default:
      return error.message
  }
}

/**
 * One error handler for the whole API: 4xx answers carry a clear message, 5xx answers are
 * logged with their detail and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.status(status).send({ error: INTERNAL_ERROR_MESSAGE })
    }
    request.log.info({ err: { message: error.message, code: error.code } }, 'request rejected')
    return reply.status(status).send({ error: clientMessage(error) })
  })
}
