import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { authRateLimits, shares } from '../db/schema'
import { registerPremium, send, startApp, type TestApp } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'

const wheelOf = (count: number, name = 'Raffle'): Wheel => ({
  ...createDefaultWheel(),
  name,
  items: Array.from({ length: count }, (_, i) => ({
    id: `i${i}`,
    text: `Entry ${i}`,
    color: i % 2 ? '#3b82f6' : '#ef4444',
  })),
})

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A whole PNG: its signature, a 1200×630 header first and the end chunk last. */
function expectPreviewPng(png: Buffer): void {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR')
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
  expect(png.subarray(png.length - 8, png.length - 4).toString('latin1')).toBe('IEND')
}

/** The SQL each query sent to the database names, as the driver receives it. */
function recordQueries(database: TestDatabase) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
  const queries: string[] = []
  const original = client.query.bind(client)
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const [query] = args
    queries.push(typeof query === 'string' ? query : String((query as { text?: string }).text))
    return original(...args)
  })
  return { queries, restore: () => spy.mockRestore() }
}

describe.each(DATABASE_KINDS)('share preview images under load on %s', (kind) => {
  let database: TestDatabase
  let app: TestApp
  const drawn: string[] = []
  let drawing = { from: 0, to: 0 }

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await startApp(
      database,
      {},
      {
        shares: {
          perIp: 1000,
          rendersPerMinute: 2,
          onPreviewRender: (id) => {
            drawn.push(id)
            drawing.from = performance.now()
          },
        },
      },
    )
  })
  afterEach(async () => {
    await database.db.delete(shares)
    await database.db.delete(authRateLimits)
  })
  afterAll(async () => {
    await app.dispose()
    await database.dispose()
  })

  const share = async (wheel: Wheel, cookie?: string) =>
    (await send(app, '/api/shares', { wheel }, { cookie })).json().share.id as string
  const image = (id: string, ip: string) => send(app, `/api/shares/${id}/image.png`, undefined, { ip })

  it('draws a link’s preview once for 30 concurrent first requests, and each gets the same PNG', async () => {
    const id = await share(wheelOf(15))
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => image(id, `192.0.2.${i + 1}`)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200))
    expect(drawn.filter((d) => d === id)).toHaveLength(1)
    const png = answers[0]?.rawPayload as Buffer
    expectPreviewPng(png)
    for (const answer of answers) {
      expect(answer.headers['content-type']).toBe('image/png')
      expect(answer.rawPayload.equals(png)).toBe(true)
    }
    // One request drew it, the others waited for that drawing.
    const timings = answers.map((a) => String(a.headers['server-timing']))
    expect(timings.filter((t) => t.includes('desc="drawn"'))).toHaveLength(1)
    expect(timings.filter((t) => t.includes('desc="waited"'))).toHaveLength(29)
  })

  it('keeps answering /api/health quickly while a 10,000-item preview is drawn', async () => {
    const { cookie } = await registerPremium(app)
    const id = await share(wheelOf(10_000), cookie)
    // The drawing starts when the hook is called (after the link's read) and ends with the answer.
    drawing = { from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY }
    const health: { from: number; ms: number }[] = []
    let done = false
    const pending = image(id, '198.51.100.20').finally(() => {
      drawing.to = performance.now()
      done = true
    })
    while (!done) {
      const from = performance.now()
      const answer = await app.inject({ method: 'GET', url: '/api/health' })
      health.push({ from, ms: performance.now() - from })
      expect(answer.statusCode).toBe(200)
      // A pause between requests, as between visitors (back to back, the loop would starve itself).
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const drawn = await pending
    expect(drawn.statusCode).toBe(200)
    expectPreviewPng(drawn.rawPayload)
    expect(String(drawn.headers['server-timing'])).toContain('desc="drawn"')
    // Drawn on the event loop, the 10,000 items stall it 130–600 ms: no health answer could start
    // and end within the drawing.
    const during = health.filter((h) => h.from >= drawing.from && h.from + h.ms <= drawing.to)
    expect(during.length).toBeGreaterThanOrEqual(2)
    // And none waited through most of it (on a busy machine a health answer alone can take 100 ms).
    const drawingMs = drawing.to - drawing.from
    expect(Math.max(...health.filter((h) => h.from >= drawing.from).map((h) => h.ms))).toBeLessThan(
      Math.max(100, drawingMs / 2),
    )
  })

  it('refuses an address over its drawing limit without a database query; cached previews still come', async () => {
    const [a, b, c] = [
      await share(wheelOf(3, 'A')),
      await share(wheelOf(3, 'B')),
      await share(wheelOf(3, 'C')),
    ]
    const ip = '203.0.113.9'
    expect((await image(a as string, ip)).statusCode).toBe(200)
    expect((await image(b as string, ip)).statusCode).toBe(200)
    const recorded = recordQueries(database)
    try {
      const refused = await image(c as string, ip)
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error).toMatch(/^Too many attempts\. Please wait 1 minute and try again\.$/)
      expect(recorded.queries).toEqual([])
      // Drawn already: served from the cache without counting.
      expect((await image(a as string, ip)).statusCode).toBe(200)
      expect(recorded.queries).toEqual([])
      // Another address gets the third drawn; the same record sees that drawing's read of the link.
      expect((await image(c as string, '203.0.113.10')).statusCode).toBe(200)
      expect(recorded.queries.some((q) => q.includes('"shares"'))).toBe(true)
    } finally {
      recorded.restore()
    }
    expect(drawn.filter((d) => d === c)).toHaveLength(1)
  })
})
