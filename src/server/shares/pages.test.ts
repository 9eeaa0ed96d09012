import { describe, expect, it, vi } from 'vitest'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { authRateLimits, shares } from '../db/schema'
import { send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'
import { sharePageHtml } from './page'
import { createShareRepository } from './repository'

const HOSTILE = `<script>alert(1)</script> "><img src=x onerror=alert(2)> ' & $& $' שלום 🎉`
const wheelOf = (name: string, texts: string[]): Wheel => ({
  ...createDefaultWheel(),
  name,
  items: texts.map((text, i) => ({ id: `i${i}`, text, color: i % 2 ? '#fde047' : '#1d4ed8' })),
})
const metaContent = (html: string, attr: string, key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1]
const decodeEntities = (s: string | undefined) =>
  s
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

describe('share page head', () => {
  it('fills the shell’s title and meta tags with escaped text, keeping the rest of the shell', () => {
    const shell =
      '<!doctype html><html><head><meta name="description" content="Generic" /><title>Whirl: spin</title><script>theme()</script></head><body><div id="root"></div></body></html>'
    const html = sharePageHtml(shell, {
      kind: 'share',
      id: 'AbCdEfGhIjKl',
      name: HOSTILE,
      itemCount: 1234,
      publicUrl: 'https://whirl.example',
    })
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('<img')
    expect(html).toContain('<script>theme()</script>')
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1])).toBe(`${HOSTILE} · Whirl`)
    expect(decodeEntities(metaContent(html, 'property', 'og:title'))).toBe(HOSTILE)
    expect(decodeEntities(metaContent(html, 'name', 'twitter:title'))).toBe(HOSTILE)
    expect(metaContent(html, 'property', 'og:description')).toContain('1,234 items')
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image')
    expect(metaContent(html, 'property', 'og:image')).toBe(
      'https://whirl.example/api/shares/AbCdEfGhIjKl/image.png',
    )
    expect(html.match(/name="description"/g)).toHaveLength(1)
  })

  it('writes the words around the wheel in the visitor’s language, never its name', () => {
    const shell = '<!doctype html><html lang="en"><head><title>Whirl</title></head><body></body></html>'
    const meta = { kind: 'share', id: 'AbCdEfGhIjKl', name: 'Cena del viernes', itemCount: 3 } as const
    const spanish = sharePageHtml(shell, { ...meta, publicUrl: 'https://whirl.example' }, 'es')
    expect(spanish).toContain('<html lang="es" dir="ltr"')
    expect(spanish).toContain('<title>Cena del viernes · Whirl</title>')
    expect(metaContent(spanish, 'property', 'og:title')).toBe('Cena del viernes')
    expect(metaContent(spanish, 'property', 'og:description')).toBe(
      'Una ruleta con 3 elementos. Gírala en Whirl para obtener un ganador justo y al azar.',
    )
    expect(metaContent(spanish, 'property', 'og:image:alt')).toBe('La ruleta Cena del viernes')
    const arabic = sharePageHtml(shell, { kind: 'gone' }, 'ar')
    expect(arabic).toContain('<html lang="ar" dir="rtl"')
    expect(arabic).toContain('<title>تم حذف الرابط · Whirl</title>')
  })
})

describe.each(DATABASE_KINDS)('share pages, embed and preview image on %s', (kind) => {
  const server = useTestApp(kind, { clean: [shares, authRateLimits] })

  const share = async (wheel: Wheel) =>
    (await send(server.app, '/api/shares', { wheel })).json().share.id as string

  it('serves /w/<id> with the wheel’s name and item count in the head; 404 and 410 otherwise', async () => {
    const id = await share(wheelOf(HOSTILE, ['A', 'B', 'C']))
    const page = await send(server.app, `/w/${id}`)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).not.toContain('<script>alert')
    expect(decodeEntities(metaContent(page.body, 'property', 'og:title'))).toBe(HOSTILE)
    expect(metaContent(page.body, 'property', 'og:description')).toContain('3 items')
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect((await send(server.app, '/w/AAAAAAAAAAAA')).statusCode).toBe(404)
    expect((await send(server.app, '/w/bad')).statusCode).toBe(404)
  })

  it('lets any site frame /embed/<id> and nothing else', async () => {
    const id = await share(wheelOf('Embed me', ['A', 'B']))
    const embed = await send(server.app, `/embed/${id}?bg=transparent`)
    expect(embed.statusCode).toBe(200)
    const policy = String(embed.headers['content-security-policy'])
    expect(policy).toContain('frame-ancestors *')
    expect(policy).not.toContain("'none'; ")
    expect(policy).toContain("script-src 'self'")
    expect(embed.headers['x-frame-options']).toBeUndefined()
    for (const url of [`/w/${id}`, '/wheel', '/', '/api/health']) {
      const res = await send(server.app, url)
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
    }
  })

  it('draws at most 30 previews afresh a minute for one address; cached ones and other addresses still get theirs', async () => {
    const ids: string[] = []
    for (let i = 0; i < 31; i++)
      ids.push(
        (
          await send(
            server.app,
            '/api/shares',
            { wheel: wheelOf(`Wheel ${i}`, ['A', 'B']) },
            { ip: `10.9.0.${i + 1}` },
          )
        ).json().share.id,
      )
    const image = (id: string, ip: string) =>
      send(server.app, `/api/shares/${id}/image.png`, undefined, { ip })
    for (const id of ids.slice(0, 30)) expect((await image(id, '192.0.2.7')).statusCode).toBe(200)
    const refused = await image(ids[30] as string, '192.0.2.7')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toMatch(/Too many attempts/)
    // Already drawn: served from the cache without counting.
    expect((await image(ids[0] as string, '192.0.2.7')).statusCode).toBe(200)
    expect((await image(ids[30] as string, '198.51.100.4')).statusCode).toBe(200)
    // 32 drawings of 1200×630 one after the other: a busy machine took over 30 s.
  }, 120_000)

  it('renders a 1200×630 PNG preview once and then serves it from the cache', async () => {
    const texts = Array.from({ length: 1000 }, (_, i) => (i === 0 ? HOSTILE : `Item ${i}`))
    const id = await share(wheelOf(HOSTILE, texts.slice(0, 15)))
    const first = await send(server.app, `/api/shares/${id}/image.png`)
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('image/png')
    const png = first.rawPayload
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
    expect(first.headers['server-timing']).toMatch(/^preview;desc="drawn";dur=/)
    // The second answer is the cached image, not drawn again (its server timing says which).
    const again = await send(server.app, `/api/shares/${id}/image.png`)
    expect(again.headers['server-timing']).toBe('preview;desc="cached"')
    expect(again.rawPayload.equals(png)).toBe(true)
    expect((await send(server.app, '/api/shares/AAAAAAAAAAAA/image.png')).statusCode).toBe(404)
    // Deleted by another server process (straight in the database): within a minute the cached
    // image is no longer served.
    await server.database.db.update(shares).set({ deletedAt: new Date(), snapshot: null })
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 })
    try {
      expect((await send(server.app, `/api/shares/${id}/image.png`)).statusCode).toBe(410)
    } finally {
      vi.useRealTimers()
    }
  })

  it('the hourly purge expires visitors’ links unvisited for 30 days', async () => {
    const old = await share(wheelOf('Old', ['A', 'B']))
    const now = createShareRepository(server.database.db)
    expect(await now.purgeExpired()).toBe(0)
    const later = createShareRepository(server.database.db, () => new Date(Date.now() + 31 * 86_400_000))
    expect(await later.purgeExpired()).toBe(1)
    expect((await now.read(old)).status).toBe('gone')
    expect((await send(server.app, `/api/shares/${old}`)).statusCode).toBe(410)
    const [row] = await server.database.db.select().from(shares)
    expect(row?.snapshot).toBeNull()
  })
})
