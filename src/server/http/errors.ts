import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { msg } from '../../core/i18n/message-id'
import { textProblemOf } from '../../core/text/schema'
import { isDataException, sqlStateOf } from '../db/sql-state'
import { type MessageValues, translator } from '../i18n/translate'

export const INTERNAL_ERROR_MESSAGE = msg('Something went wrong on our side. Please try again in a moment.')
/** A value PostgreSQL refused to hold (a data exception) that the request's checks let through. */
export const UNSTORABLE_MESSAGE = msg(
  'The request holds a value that cannot be stored. Please check what you sent and try again.',
)
/** A request whose body, query or path does not have the declared shape (and no route message). */
export const INVALID_REQUEST_MESSAGE = msg(
  'The request was not valid. Please check what you sent and try again.',
)

const english = translator('en')

/**
 * A 4xx error whose message is safe to show to the user. The message is English (ICU, `msg('At most
 * {max} items')` with `{ max }` as values): `message` is it formatted in English, and the error
 * handler answers it in the request's language. A refusal that passes with time (a 429) says when
 * to try again, in seconds, as the answer's Retry-After header.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly source: string,
    readonly values?: MessageValues,
    readonly retryAfterSeconds?: number,
  ) {
    super(values ? english(source, values) : source)
    this.name = 'HttpError'
  }
}

/** A service the server depends on failed (a payment provider): answered 502 with its message, logged as a warning. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    /** The service's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message)
    this.name = 'UpstreamError'
  }
}

/** What a route's `config.invalid` message is chosen from when its declared input schema refuses a request. */
export type InvalidInput = {
  /** Which part did not match: body, querystring, params or headers. */
  part: string
  body: unknown
  issues: readonly { code: string; message: string }[]
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The message of a 400 for input its schema refuses (after unstorable text, which has its own). */
    invalid?: string | ((input: InvalidInput) => string)
    /** Billing's answers carry `success: false` beside `error` (the spec's calls read it). */
    successFlag?: boolean
  }
}

function clientMessage(error: FastifyError, request: FastifyRequest): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({ code: issue.keyword, message: issue.message ?? '' }))
    const invalid = request.routeOptions.config.invalid
    const part = error.validationContext ?? 'body'
    return (
      textProblemOf({ issues }) ??
      (typeof invalid === 'function' ? invalid({ part, body: request.body, issues }) : invalid) ??
      INVALID_REQUEST_MESSAGE
    )
  }
  if (error.validation) return INVALID_REQUEST_MESSAGE
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return msg('The request is too large.')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return msg('Unsupported content type: send JSON.')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return msg('The request body is not valid JSON.')
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
 * The one error body: `{ error }`, with billing's `success: false` beside it on its routes. The
 * message is sent in the request's language (request.locale); one that is not in the catalogue
 * (a provider's words) as it is.
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  values?: MessageValues,
) {
  const error = translator(request.locale)(message, values)
  const body = request.routeOptions.config.successFlag ? { success: false, error } : { error }
  return reply.status(status).send(body)
}

/** The one error handler of every route (below); global, as fp() does not encapsulate. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    registerErrorHandling(app)
  },
  { name: 'whirl-errors' },
)

/**
 * One error handler for every route: 4xx answers carry a clear message, 5xx answers are logged as
 * a short summary (http/logging.ts: no bodies, no query parameters) and answered without internals.
 * A request refused by its route's declared schema gets the route's own message (`config.invalid`).
 */
function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (dataExceptionStatus(error, request)) return sendError(request, reply, 400, UNSTORABLE_MESSAGE)
    const thrown: unknown = error
    if (thrown instanceof UpstreamError) {
      request.log.warn({ err: { message: thrown.message, status: thrown.status } }, 'upstream service failed')
      return sendError(request, reply, 502, thrown.message)
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    if (status >= 500) {
      request.log.error({ err: error, sqlState: sqlStateOf(error), ...routeOf(request) }, 'request failed')
      return sendError(request, reply, status, INTERNAL_ERROR_MESSAGE)
    }
    request.log.info({ err: { message: error.message, code: error.code } }, 'request rejected')
    if (thrown instanceof HttpError) {
      if (thrown.retryAfterSeconds) reply.header('retry-after', String(thrown.retryAfterSeconds))
      return sendError(request, reply, status, thrown.source, thrown.values)
    }
    return sendError(request, reply, status, clientMessage(error, request))
  })
}
