import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { isDataException, sqlStateOf } from '../db/sql-state'

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.'
/** A value PostgreSQL refused to hold (a data exception) that the request's checks let through. */
export const UNSTORABLE_MESSAGE =
  'The request holds a value that cannot be stored. Please check what you sent and try again.'

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

/** Where a logged failure happened: the route's pattern (never the address with its query). */
export const routeOf = (request: FastifyRequest) => ({
  method: request.method,
  route: request.routeOptions.url ?? 'unknown',
})

/**
 * A data exception from the database (SQLSTATE class 22) is the request's fault: logged as one
 * short line (its SQLSTATE and route, never the query's parameters) and answered 400. Null for any
 * other error.
 */
export function dataExceptionStatus(error: unknown, request: FastifyRequest): 400 | null {
  if (!isDataException(error)) return null
  request.log.warn({ sqlState: sqlStateOf(error), ...routeOf(request) }, 'request refused by the database')
  return 400
}

/**
 * One error handler for the whole API: 4xx answers carry a clear message, 5xx answers are
 * logged as a short summary (http/logging.ts: no bodies, no query parameters) and answered
 * without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (dataExceptionStatus(error, request)) return reply.status(400).send({ error: UNSTORABLE_MESSAGE })
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error, sqlState: sqlStateOf(error), ...routeOf(request) }, 'request failed')
      return reply.status(status).send({ error: INTERNAL_ERROR_MESSAGE })
    }
    request.log.info({ err: { message: error.message, code: error.code } }, 'request rejected')
    return reply.status(status).send({ error: clientMessage(error) })
  })
}
