import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet built a new helmet
 * middleware on every request, re-parsing the policy each time: about 6 % of a signed-in API
 * request's CPU (bench/profile-route.ts). The headers do not depend on the request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let failure: unknown
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error
  })
  if (failure) throw failure
  return headers
}

/** Security headers (below) on every answer: an onRequest hook, global. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await registerSecurityHeaders(app)
  },
  { name: 'whirl-security-headers', dependencies: ['whirl-config', 'whirl-web-shell'] },
)

/** Security headers, with a Content-Security-Policy that allows only our own scripts and styles. */
async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const { config } = app
  const inlineScriptHashes = app.webShell?.inlineScriptHashes ?? []
  const https = config.publicUrl.startsWith('https://')
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
        // Chat entries (issue 36) read Twitch's chat anonymously over WebSocket.
        connectSrc: ["'self'", 'wss://irc-ws.chat.twitch.tv'],
        // canvas-confetti draws in a worker it starts from a blob: URL made by our own script.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  })
  // JSON, images and streams need no page policy: an API answer gets the short set a REST API
  // should send (nothing may load from it, nothing may frame it), 1.4 KB less on every answer.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(headers['strict-transport-security']
      ? { 'strict-transport-security': headers['strict-transport-security'] }
      : {}),
  }
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers)
    done()
  })
}
