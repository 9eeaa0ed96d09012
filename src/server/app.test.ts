import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app'
import { INTERNAL_ERROR_MESSAGE } from './http/errors'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase, testConfig } from './testing/harness'

describe.each(DATABASE_KINDS)('server on %s', (kind) => {
  let database: TestDatabase
  const config = testConfig({ BODY_LIMIT: '2048', SUPPORT_EMAIL: 'help@whirl.test' })
  let app: Awaited<ReturnType<typeof buildApp>>

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    const shellHtml =
      '<!doctype html><html><head><meta name="whirl-support-email" content="%WHIRL_SUPPORT_EMAIL%">' +
      '<script>document.documentElement.dataset.x = "1"</script></head><body><div id="root"></div></body></html>'
    mkdirSync(config.webDir, { recursive: true })
    writeFileSync(path.join(config.webDir, 'index.html'), shellHtml)
    mkdirSync(path.join(config.webDir, 'assets'), { recursive: true })
    writeFileSync(path.join(config.webDir, 'assets', 'app-abc123.js'), 'console.log(1)')
    writeFileSync(path.join(config.webDir, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'))
    mkdirSync(path.join(config.webDir, '.vite'), { recursive: true })
    writeFileSync(path.join(config.webDir, '.vite', 'manifest.json'), '{"secret":"build layout"}')
    writeFileSync(path.join(config.webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    mkdirSync(path.join(config.webDir, '_pages'), { recursive: true })
    const page = (markup: string) =>
      shellHtml.replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
    writeFileSync(path.join(config.webDir, '_pages', 'about.html'), page('<h1>About Whirl</h1>'))
    writeFileSync(path.join(config.webDir, '_pages', 'payment--success.html'), page('<p>Processing</p>'))
    writeFileSync(
      path.join(config.webDir, '_pages', '404.html'),
      page('<h1>Page not found</h1><a href="mailto:%WHIRL_SUPPORT_EMAIL%">mail</a>'),
    )
    app = await buildApp(config, { database, logger: false })
    app.get('/api/test/boom', async () => {
      throw new Error('secret database password leaked in stack')
    })
    app.post('/api/test/echo', async (request) => ({ received: request.body }))
  })

  afterAll(async () => {
    await app.close()
    await database.dispose()
    config.cleanup()
  })

  it('reports the database as reachable on /api/health', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.status).toBe('ok')
    expect(body.database).toMatchObject({ kind, reachable: true })
    expect(typeof body.database.latencyMs).toBe('number')
  })

  it('applied every migration in the journal, in order', async () => {
    const { sql } = await import('drizzle-orm')
    const { readFile } = await import('node:fs/promises')
    const journal = JSON.parse(
      await readFile(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
    )
    const result = (await database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(database.schema ?? 'drizzle')}.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] } | { n: number }[]
    const [row] = Array.isArray(result) ? result : result.rows
    expect(row?.n).toBe(journal.entries.length)
    // The newest tables and columns are there: an empty contact table, orders that can outlive their owner.
    const contact = (await database.db.execute(
      sql`select count(*)::int as n from contact_messages`,
    )) as unknown as { rows: { n: number }[] } | { n: number }[]
    expect((Array.isArray(contact) ? contact : contact.rows)[0]?.n).toBe(0)
    const nullable = (await database.db.execute(
      sql`select is_nullable from information_schema.columns
          where table_schema = current_schema() and table_name = 'billing_orders' and column_name = 'user_id'`,
    )) as unknown as { rows: { is_nullable: string }[] } | { is_nullable: string }[]
    expect((Array.isArray(nullable) ? nullable : nullable.rows)[0]?.is_nullable).toBe('YES')
  })

  it('answers a thrown error with 500 and no internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ error: INTERNAL_ERROR_MESSAGE })
    expect(res.body).not.toContain('secret')
    expect(res.body).not.toContain('stack')
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: 'Not found.' })
  })

  it('refuses a body over the limit with 413 and a clear message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(4000) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ error: 'The request is too large.' })
  })

  it('refuses malformed JSON with 400 and a clear message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"text": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.' })
  })

  it('serves the app shell for page routes with 200 and for unknown pages with 404', async () => {
    for (const url of ['/', '/wheel', '/faq?x=1', '/payment/success?token=abc']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain('<div id="root">')
      expect(res.body).toContain('content="help@whirl.test"')
    }
    const missing = await app.inject({ method: 'GET', url: '/no-such-page' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('<div id="root">')
  })

  it('sends the prerendered page of a route, compressed when the browser accepts it', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib')
    const plain = await app.inject({ method: 'GET', url: '/about/' })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('<h1>About Whirl</h1>')
    expect(plain.headers.vary).toContain('Accept-Encoding')

    const br = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gzip = await app.inject({
      method: 'GET',
      url: '/payment/success?subscription_id=x',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<p>Processing</p>')

    // Unknown pages get the prerendered 404 page with the runtime values filled in; routes without
    // a prerendered page get the bare shell; the files themselves are not served.
    const missing = await app.inject({ method: 'GET', url: '/no-such-page' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('<h1>Page not found</h1><a href="mailto:help@whirl.test">')
    const wheel = await app.inject({ method: 'GET', url: '/wheel' })
    expect(wheel.body).toContain('<div id="root"></div>')
    const file = await app.inject({ method: 'GET', url: '/_pages/about.html' })
    expect(file.statusCode).toBe(404)
    expect(file.body).not.toContain('About Whirl')
  })

  it('sends a Content-Security-Policy that allows exactly the inline script of the shell', async () => {
    const { createHash } = await import('node:crypto')
    const res = await app.inject({ method: 'GET', url: '/' })
    const csp = String(res.headers['content-security-policy'])
    const hash = createHash('sha256').update('document.documentElement.dataset.x = "1"').digest('base64')
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`)
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('sends API answers the short policy of an API: nothing loads from them, nothing frames them', async () => {
    for (const url of ['/api/health', '/api/profile', '/api/no-such-route']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'")
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['x-xss-protection'], url).toBeUndefined()
    }
    // A page keeps its own policy.
    const page = await app.inject({ method: 'GET', url: '/wheel' })
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'")
  })

  it('caches hashed assets forever and pages never', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    const page = await app.inject({ method: 'GET', url: '/wheel' })
    expect(page.headers['cache-control']).toBe('no-cache')
  })

  it('sends the files of the build as they are spelt, a compressed copy where accepted, and nothing else', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js?v=2' })
    expect(plain.statusCode).toBe(200)
    expect(plain.body).toBe('console.log(1)')
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.rawPayload).toEqual(gzipSync('console.log(1)'))
    // Not files of the build: another spelling, the build's own notes, a page's raw file, a way out.
    for (const url of [
      '/Assets/app-abc123.js',
      '/assets/APP-abc123.js',
      '/.vite/manifest.json',
      '/_pages/about.html',
      '/assets/..%2f..%2fpackage.json',
      '/assets/app-abc123.js.gz',
    ]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).not.toContain('console.log(1)')
      expect(res.body, url).not.toContain('build layout')
    }
  })

  it('serves the service worker from /sw.js as JavaScript that is revalidated on every load', async () => {
    const worker = await app.inject({ method: 'GET', url: '/sw.js' })
    expect(worker.statusCode).toBe(200)
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/)
    expect(worker.headers['cache-control']).toBe('no-cache')
    expect(String(worker.headers['content-security-policy'])).not.toContain('unsafe-inline')
  })
})
