import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { APP_PATHS, isAppPath, NOT_FOUND_PAGE, prerenderedPageFile } from '../../core/app-paths'
import { type AnyLocale, LOCALE_INFO, LOCALES, PSEUDO_LOCALE, splitLocalePath } from '../../core/i18n/locales'
import { msg } from '../../core/i18n/message-id'
import type { Config } from '../config/config'
import { translator } from '../i18n/translate'
import { answers, noQuery } from './openapi'
import { robotsTxt, sitemapXml } from './sitemap'

/** An HTML document with its compressed forms, each made when first asked for and kept. */
export type HtmlDocument = { html: string; encoded(encoding: 'br' | 'gzip'): Buffer }

export type WebShell = {
  html: string
  /**
   * Prerendered pages (scripts/prerender.mjs) by language and route (pageKey), NOT_FOUND_PAGE
   * included; absent ones get the language's shell.
   */
  pages: Map<string, HtmlDocument>
  /** The shell in a language: index.html with its <html lang dir>. */
  shellIn(locale: AnyLocale): HtmlDocument
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
const ALL_LOCALES: readonly AnyLocale[] = [...LOCALES, PSEUDO_LOCALE]

/**
 * The files of the build sent as they are, by their path in a URL ('assets/index-….js'): not the
 * prerendered pages (sent by route), the compressed copies (found beside the file asked for) or
 * anything in a dot folder (.vite).
 */
function builtFiles(webDir: string): Set<string> {
  const files = new Set<string>()
  for (const entry of readdirSync(webDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.relative(webDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
    if (file.startsWith(`${PAGES_DIR}/`) || /\.(gz|br)$/.test(file) || /(^|\/)\./.test(file)) continue
    files.add(file)
  }
  return files
}

/** A prerendered page's key: its language and route ('es /about'). */
export const pageKey = (locale: AnyLocale, route: string) => `${locale} ${route}`

/**
 * Reads the built index.html and the prerendered pages, fills in the runtime values and hashes
 * their inline scripts for the CSP.
 */
function loadWebShell(config: Config): WebShell | null {
  const read = (file: string) =>
    readFileSync(file, 'utf8')
      .replaceAll('%WHIRL_SUPPORT_EMAIL%', escapeAttr(config.supportEmail))
      .replaceAll('%WHIRL_PUBLIC_URL%', escapeAttr(config.publicUrl))
  const file = path.join(config.webDir, 'index.html')
  if (!existsSync(file)) return null
  const html = read(file)
  const pages = new Map<string, HtmlDocument>()
  for (const locale of ALL_LOCALES) {
    for (const route of [...APP_PATHS, NOT_FOUND_PAGE]) {
      const page = path.join(config.webDir, PAGES_DIR, LOCALE_INFO[locale].prefix, prerenderedPageFile(route))
      if (existsSync(page)) pages.set(pageKey(locale, route), compressed(read(page)))
    }
  }
  const shells = new Map<AnyLocale, HtmlDocument>()
  const shellIn = (locale: AnyLocale): HtmlDocument => {
    let shell = shells.get(locale)
    if (!shell) {
      const tag = `<html lang="${locale}" dir="${LOCALE_INFO[locale].dir}"`
      shell = compressed(html.replace(/<html(?: lang="[^"]*")?(?: dir="[^"]*")?/, () => tag))
      shells.set(locale, shell)
    }
    return shell
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
  return { html, pages, shellIn, inlineScriptHashes: [...hashes] }
}

function compressed(html: string): HtmlDocument {
  const made: Partial<Record<'br' | 'gzip', Buffer>> = {}
  return {
    html,
    encoded(encoding) {
      made[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(Buffer.from(html), { level: 9 })
      return made[encoding]
    },
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

const routeOf = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/'

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
    // @fastify/static sends the files (compressed copies, ranges, caching headers); the route is
    // ours. Its own catch-all route checks each request's spelling against every folder on the way
    // (a readdir of each: 1,790 files in assets/m), 6-10 ms of each asset's answer; an exact match
    // in the build's list needs no such check, and any other path is no file (decision 0062).
    await app.register(fastifyStatic, {
      root: config.webDir,
      serve: false,
      index: false,
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
    const files = builtFiles(config.webDir)
    app.withTypeProvider<ZodTypeProvider>().route({
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: {
        params: z.object({ '*': z.string() }),
        response: { 200: z.string().meta({ description: 'A file of the built web app' }) },
      },
      handler: (request, reply) => {
        const file = request.params['*']
        if (files.has(file)) reply.sendFile(file)
        else reply.callNotFound()
      },
    })
  }

  const sendShell = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    page: string,
    locale: AnyLocale,
  ) => {
    const document = shell?.pages.get(pageKey(locale, page)) ?? shell?.shellIn(locale)
    reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
    const encoding = request.method === 'HEAD' ? null : acceptedEncoding(request)
    if (!document || !encoding) return reply.send(document?.html)
    return reply.header('Content-Encoding', encoding).send(document.encoded(encoding))
  }

  const home = {
    querystring: noQuery,
    response: { 200: z.string().meta({ description: 'The web app (text/html)' }) },
  }
  if (shell) app.get('/', { schema: home }, (request, reply) => sendShell(request, reply, 200, '/', 'en'))

  // Search engines: every static page in every language (sitemap.ts).
  const text = (description: string) => ({
    querystring: noQuery,
    response: answers({ 200: z.string().meta({ description }) }),
  })
  app.get('/sitemap.xml', { schema: text('The sitemap (application/xml)') }, (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemapXml(config.publicUrl)),
  )
  app.get('/robots.txt', { schema: text('robots.txt (text/plain)') }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(config.publicUrl)),
  )

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
    // A language's pages live under its prefix (/es/wheel); an unknown prefix is no page (404).
    const { locale, path: route } = splitLocalePath(pathname)
    return isAppPath(route)
      ? sendShell(request, reply, 200, routeOf(route), locale)
      : sendShell(request, reply, 404, NOT_FOUND_PAGE, locale)
  })
}
