import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STATIC_PAGES } from '../../core/app-paths'
import { buildApp } from '../app'
import { APP_ORIGIN } from '../testing/auth'
import { openTestDatabase, type TestDatabase, testConfig } from '../testing/harness'

// Issue 38: each language's pages at its prefix (/es/wheel), prerendered with their head in that
// language (scripts/prerender.mjs writes _pages/<prefix>/<page>.html), else the shell with the
// language's lang and dir; the sitemap lists every static page in every language.

describe('pages per language', () => {
  let database: TestDatabase
  const config = testConfig()
  let app: Awaited<ReturnType<typeof buildApp>>

  const shell =
    '<!doctype html><html lang="en"><head><title>Whirl</title></head><body><div id="root"></div></body></html>'
  const page = (lang: string, dir: string, markup: string) =>
    shell
      .replace('<html lang="en">', `<html lang="${lang}" dir="${dir}">`)
      .replace(
        '</head>',
        `<link rel="alternate" hreflang="es" href="%WHIRL_PUBLIC_URL%/es/wheel"><link rel="alternate" hreflang="x-default" href="%WHIRL_PUBLIC_URL%/wheel"></head>`,
      )
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    const pages = path.join(config.webDir, '_pages')
    for (const prefix of ['', 'es', 'ar']) mkdirSync(path.join(pages, prefix), { recursive: true })
    writeFileSync(path.join(config.webDir, 'index.html'), shell)
    writeFileSync(path.join(pages, 'wheel.html'), page('en', 'ltr', '<h1>My Wheel</h1>'))
    writeFileSync(path.join(pages, 'es', 'wheel.html'), page('es', 'ltr', '<h1>Mi ruleta</h1>'))
    writeFileSync(path.join(pages, 'es', '404.html'), page('es', 'ltr', '<h1>Página no encontrada</h1>'))
    writeFileSync(path.join(pages, '404.html'), page('en', 'ltr', '<h1>Page not found</h1>'))
    writeFileSync(path.join(pages, 'ar', 'index.html'), page('ar', 'rtl', '<h1>أدِر العجلة</h1>'))
    app = await buildApp(config, { database, logger: false })
  })
  afterAll(async () => {
    await app.close()
    await database.dispose()
    config.cleanup()
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers })

  it("serves a language's prerendered page at its prefix, with its lang, dir and the other addresses", async () => {
    const spanish = await get('/es/wheel')
    expect(spanish.statusCode).toBe(200)
    expect(spanish.headers['content-type']).toMatch(/^text\/html/)
    expect(spanish.body).toContain('<html lang="es" dir="ltr">')
    expect(spanish.body).toContain('<h1>Mi ruleta</h1>')
    expect(spanish.body).toContain(`<link rel="alternate" hreflang="es" href="${APP_ORIGIN}/es/wheel">`)
    expect(spanish.body).toContain(`<link rel="alternate" hreflang="x-default" href="${APP_ORIGIN}/wheel">`)
    expect(spanish.body).not.toContain('%WHIRL_PUBLIC_URL%')
    // The bare path stays English.
    expect((await get('/wheel')).body).toContain('<h1>My Wheel</h1>')
    const compressed = await get('/es/wheel/', { 'accept-encoding': 'br' })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<h1>Mi ruleta</h1>')
  })

  it('serves Arabic right to left, at /ar and /ar/', async () => {
    for (const url of ['/ar', '/ar/']) {
      const arabic = await get(url)
      expect(arabic.statusCode).toBe(200)
      expect(arabic.body).toContain('<html lang="ar" dir="rtl">')
    }
  })

  it('answers a page with no prerendered copy in the language with the shell in that language', async () => {
    const japanese = await get('/ja/about')
    expect(japanese.statusCode).toBe(200)
    expect(japanese.body).toContain('<html lang="ja" dir="ltr">')
    expect((await get('/ar/draw/abc123')).body).toContain('<html lang="ar" dir="rtl">')
  })

  it('answers an unknown prefix or page with 404, in the language of the prefix', async () => {
    const unknown = await get('/zz/wheel')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('<h1>Page not found</h1>')
    const missing = await get('/es/nowhere')
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('<h1>Página no encontrada</h1>')
    expect((await get('/api/nowhere', { 'accept-language': 'es' })).json()).toEqual({
      error: 'No encontrado.',
    })
  })

  it('lists every static page in every language in the sitemap, which robots.txt points to', async () => {
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.statusCode).toBe(200)
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/)
    expect(sitemap.body.match(/<url>/g)).toHaveLength(STATIC_PAGES.length * 10)
    expect(sitemap.body).toContain(`<loc>${APP_ORIGIN}/es/about</loc>`)
    expect(sitemap.body).toContain(`<loc>${APP_ORIGIN}/pt-br/faq</loc>`)
    expect(sitemap.body).toContain(`<loc>${APP_ORIGIN}/ar</loc>`)
    expect(sitemap.body).toContain(`<xhtml:link rel="alternate" hreflang="ja" href="${APP_ORIGIN}/ja/fair"/>`)
    expect(sitemap.body).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${APP_ORIGIN}/fair"/>`,
    )
    expect(sitemap.body).not.toContain('/xa')
    const robots = await get('/robots.txt')
    expect(robots.statusCode).toBe(200)
    expect(robots.body).toContain(`Sitemap: ${APP_ORIGIN}/sitemap.xml`)
  })
})
