import type { FastifyRequest } from 'fastify'
import { msg } from '../../core/i18n/message-id'
import { HttpError } from '../http/errors'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for state-changing requests: a browser names the page's origin in Origin, so a
 * request from any other site is refused. Clients that send no Origin (not a browser) pass; they
 * carry no victim's cookies. Use as an onRequest hook on every route that changes something.
 */
export function createOriginCheck(trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins)
  return async function checkOrigin(request: FastifyRequest): Promise<void> {
    if (SAFE.has(request.method)) return
    const origin = request.headers.origin
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site'
    if (origin ? !trusted.has(origin) : crossSite) {
      throw new HttpError(403, msg('This request came from another site and was refused.'))
    }
  }
}
