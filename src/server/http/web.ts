import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { APP_PATHS, isAppPath, NOT_FOUND_PAGE, prerenderedPageFile } from '../../core/app-paths'
import { msg } from '../../core/i18n/message-id'
import type { Config } from '../config/config'
import { translator } from '../i18n/translate'
import { noQuery } from './openapi'

/** An HTML document with its compressed forms, made once at start-up. */
export type HtmlDocument = { html: string; br: Buffer; gzip: Buffer }

export type WebShell = {
  html: string
  /** Prerendered pages (scripts/prerender.mjs) by route, NOT_FOUND_PAGE included; absent ones get `html`. */
  pages: Map<string, HtmlDocument>
  shell: HtmlDocument
  /** CSP source expressions ('sha256-…') for the inline scripts of the shell. */
  inlineScriptHashes: string[]
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The built web app's shell and pages, or null before `npm run build` (security headers, shares, web). */
    webShell: WebShell | null
  }
}

/** Decorates app.webShell: the built shell read once at start (loadWebShell below). */
export const webShellPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('webShell', loadWebShell(app.config))
  },
  { name: 'whirl-web-shell', dependencies: ['whirl-config'] },
)

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const PAGES_DIR = '_pages'

/**
 * Reads the built index.html and the prerendered pages, fills in the runtime values and hashes
 * their inline scripts for the CSP.
 */
function loadWebShell(config: Config): WebShell | null {
  const read = (file: string) =>
    readFileSync(file, 'utf8').replaceAll('%WHIRL_SUPPORT_EMAIL%', escapeAttr(config.supportEmail))
  const file = path.join(config.webDir, 'index.html')
  if (!existsSync(file)) return null
  const html = read(file)
  const pages = new Map<string, HtmlDocument>()
  for (const route of [...APP_PATHS, NOT_FOUND_PAGE]) {
    const page = path.join(config.webDir, PAGES_DIR, prerenderedPageFile(route))
    if (existsSync(page)) pages.set(route, compressed(read(page)))
  }
  const hashes = new Set<string>()
  for (const document of [html, ...[...pages.values()].map((page) => page.html)]) {
    for (const m of document.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}'`,
      )
    }
  }
  return { html, pages, shell: compressed(html), inlineScriptHashes: [...hashes] }
}

function compressed(html: string): HtmlDocument {
  const data = Buffer.from(html)
  return {
    html,
    br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(data, { level: 9 }),
  }
}

/** The encodings the request accepts (br before gzip), ignoring q-values other than 0. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^q=0(\.0*)?$/.test(q?.trim() ?? ''))
      .map(([name]) => name?.trim().toLowerCase()),
  )
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null
}

const pageKey = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/'

/** The web app (below): registered last, as it answers every path no route took. */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    await registerWeb(app, app.config, app.webShell)
  },
  { name: 'whirl-web', dependencies: ['whirl-openapi', 'whirl-config', 'whirl-web-shell'] },
)

/** Serves the built React app: hashed assets cached forever, every page route answered with the shell. */
async function registerWeb(app: FastifyInstance, config: Config, shell: WebShell | null): Promise<void> {
  if (shell) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      index: false,
      wildcard: true,
      // Prerendered pages are sent by route below, never as files.
      allowedPath: (pathName) => !pathName.startsWith(`/${PAGES_DIR}/`),
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        // The service worker is checked on every load, so a deploy reaches the browser at once.
        const worker = /^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath))
        reply.header(
          'Cache-Control',
          worker
            ? 'no-cache'
            : immutable
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=0, must-revalidate',
        )
      },
    })
  }

  const sendShell = (request: FastifyRequest, reply: FastifyReply, status: number, page: string) => {
    const document = shell?.pages.get(page) ?? shell?.shell
    reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
    const encoding = request.method === 'HEAD' ? null : acceptedEncoding(request)
    if (!document || !encoding) return reply.send(document?.html)
    return reply.header('Content-Encoding', encoding).send(document[encoding])
  }

  const home = {
    querystring: noQuery,
    response: { 200: z.string().meta({ description: 'The web app (text/html)' }) },
  }
  if (shell) app.get('/', { schema: home }, (request, reply) => sendShell(request, reply, 200, '/'))

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split(/[?#]/)[0] ?? '/'
    if (
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ error: translator(request.locale)(msg('Not found.')) })
    }
    if (!shell) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).')
    }
    return isAppPath(pathname)
      ? sendShell(request, reply, 200, pageKey(pathname))
      : sendShell(request, reply, 404, NOT_FOUND_PAGE)
  })
}
