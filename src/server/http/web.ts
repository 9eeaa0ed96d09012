import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { isAppRoute } from '../../core/routes'
import type { Config } from '../config'

export type WebShell = {
  html: string
  /** CSP source expressions ('sha256-…') for the inline scripts of the shell. */
  inlineScriptHashes: string[]
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Reads the built index.html, fills in the runtime values and hashes its inline scripts for the CSP. */
export function loadWebShell(config: Config): WebShell | null {
  const file = path.join(config.webDir, 'index.html')
  if (!existsSync(file)) return null
  const html = readFileSync(file, 'utf8').replaceAll('%WHIRL_SUPPORT_EMAIL%', escapeAttr(config.supportEmail))
  const inlineScriptHashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  )
  return { html, inlineScriptHashes }
}

/** Serves the built React app: hashed assets cached forever, every page route answered with the shell. */
export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  shell: WebShell | null,
): Promise<void> {
  if (shell) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        )
      },
    })
  }

  const sendShell = (reply: FastifyReply, status: number) =>
    reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shell?.html)

  if (shell) app.get('/', (_request, reply) => sendShell(reply, 200))

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split(/[?#]/)[0] ?? '/'
    if (
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ error: 'Not found.' })
    }
    if (!shell) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).')
    }
    return sendShell(reply, isAppRoute(pathname) ? 200 : 404)
  })
}
