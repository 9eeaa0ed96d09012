import type { FastifyReply, FastifyRequest } from 'fastify'
import { ACCOUNT_MESSAGES } from '../../core/account/rules'
import { msg } from '../../core/i18n/message-id'
import { HttpError, INTERNAL_ERROR_MESSAGE, sendError } from '../http/errors'

/** better-auth's error codes in our product's words. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: msg('The email or password is not correct. Please try again.'),
  INVALID_PASSWORD: msg('The email or password is not correct. Please try again.'),
  CREDENTIAL_ACCOUNT_NOT_FOUND: msg('The email or password is not correct. Please try again.'),
  USER_ALREADY_EXISTS: msg(
    'An account with this email already exists. Sign in instead, or use another email.',
  ),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: msg(
    'An account with this email already exists. Sign in instead, or use another email.',
  ),
  INVALID_EMAIL: ACCOUNT_MESSAGES.emailInvalid,
  PASSWORD_TOO_SHORT: ACCOUNT_MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: ACCOUNT_MESSAGES.passwordTooLong,
  INVALID_TOKEN: msg(
    'This reset link is no longer valid: it has already been used or it has expired. Please ask for a new one.',
  ),
  TOKEN_EXPIRED: msg(
    'This reset link is no longer valid: it has already been used or it has expired. Please ask for a new one.',
  ),
  USER_NOT_FOUND: msg(
    'This reset link is no longer valid: it has already been used or it has expired. Please ask for a new one.',
  ),
  PROVIDER_NOT_FOUND: msg('Google sign-in is not set up on this server.'),
  INVALID_ORIGIN: msg('This request came from another site and was refused.'),
  MISSING_OR_NULL_ORIGIN: msg('This request came from another site and was refused.'),
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: msg('This request came from another site and was refused.'),
  INVALID_CALLBACK_URL: msg('That return address is not part of Whirl.'),
  INVALID_ERROR_CALLBACK_URL: msg('That return address is not part of Whirl.'),
  INVALID_NEW_USER_CALLBACK_URL: msg('That return address is not part of Whirl.'),
}

const FALLBACK_4XX = msg('That did not work. Please check what you entered and try again.')

type Log = { error(obj: object, msg: string): void }

/** The error of a failed better-auth response, as an HttpError with our wording. */
export async function authError(response: Response, log: Log): Promise<HttpError> {
  let code = ''
  let detail = ''
  try {
    const body = (await response.clone().json()) as { code?: unknown; message?: unknown }
    code = typeof body.code === 'string' ? body.code : ''
    detail = typeof body.message === 'string' ? body.message : ''
  } catch {
    // Not JSON: only the status is known.
  }
  if (response.status >= 500) {
    log.error({ status: response.status, code, detail }, 'auth request failed')
    const error = new HttpError(500, INTERNAL_ERROR_MESSAGE)
    return error
  }
  return new HttpError(response.status, MESSAGES[code] ?? FALLBACK_4XX)
}

/** Passes better-auth's cookies (session set or cleared) on to our reply. */
export function copyCookies(reply: FastifyReply, response: Response): void {
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
}

/** The Fetch API headers of a Fastify request, for better-auth. */
export function requestHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else headers.set(key, value)
  }
  return headers
}

/** Sends a better-auth Response through Fastify, with its errors in our JSON shape and words. */
export async function sendAuthResponse(reply: FastifyReply, response: Response, log: Log): Promise<void> {
  copyCookies(reply, response)
  if (response.status >= 400) {
    const error = await authError(response, log)
    sendError(reply.request, reply, error.statusCode, error.source, error.values)
    return
  }
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') continue
    reply.header(key, value)
  }
  reply.status(response.status)
  const body = await response.text()
  reply.send(body.length > 0 ? body : undefined)
}
