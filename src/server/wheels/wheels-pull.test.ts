import { describe, expect, it } from 'vitest'
import { PULL_PAGE_BYTES, type SyncChange, type SyncResponse } from '../../core/sync/protocol'
import { createDefaultWheel, type Wheel } from '../../core/wheel/model'
import { registerPremium, send, startApp, type TestApp } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString()
/** A wheel of `items` items of 150 characters: about 0.2 KB an item as JSON. */
const big = (id: string, items: number, updated = 0): Wheel => ({
  ...createDefaultWheel(),
  id,
  name: `Big ${id}`,
  items: Array.from({ length: items }, (_, i) => ({
    id: `${id}i${i}`,
    text: `${i} ${'y'.repeat(146)}`,
    color: '#3b82f6',
  })),
  createdAt: at(0),
  updatedAt: at(updated),
})
const upsert = (w: Wheel, base: string | null = null): SyncChange => ({ id: w.id as string, base, wheel: w })
type Page = SyncResponse & { bytes: number; lastRowBytes: number }

describe.each(DATABASE_KINDS)('sync pulls in bounded pages on %s', (kind) => {
  const server = useTestApp(kind)

  const push = async (cookie: string, changes: SyncChange[], since: number) => {
    const res = await send(server.app, '/api/wheels/sync', { since, changes }, { cookie })
    expect(res.statusCode).toBe(200)
    return res.json() as SyncResponse
  }
  const pull = async (target: TestApp, cookie: string, since: number, limit?: number) => {
    const url = `/api/wheels?since=${since}${limit ? `&limit=${limit}` : ''}`
    return send(target, url, undefined, { cookie })
  }
  const page = async (target: TestApp, cookie: string, since: number): Promise<Page> => {
    const res = await pull(target, cookie, since, 500)
    expect(res.statusCode).toBe(200)
    const body = res.json() as SyncResponse
    const last = body.wheels[body.wheels.length - 1]
    return { ...body, bytes: res.body.length, lastRowBytes: JSON.stringify(last ?? null).length }
  }
  /** 12 wheels of 3,000 items (about 0.6 MB each, 7 MB in all), pushed 4 at a time. */
  async function bigAccount() {
    const user = await registerPremium(server.app)
    const all = Array.from({ length: 12 }, (_, i) => big(`b${i}`, 3_000))
    let cursor = 0
    for (let i = 0; i < all.length; i += 4) {
      cursor = (
        await push(
          user.cookie,
          all.slice(i, i + 4).map((w) => upsert(w)),
          cursor,
        )
      ).cursor
    }
    return { ...user, all, cursor }
  }

  it('a pull of more than 4 MB comes in pages of at most 4 MB, whose union is the whole account', async () => {
    const { cookie, all, cursor } = await bigAccount()
    const pages: Page[] = []
    for (let since = 0; pages.length < 20; ) {
      const next = await page(server.app, cookie, since)
      pages.push(next)
      if (!next.more) break
      expect(next.cursor).toBe(next.wheels[next.wheels.length - 1]?.revision)
      // A wheel changed between two pages comes in a later page, with its new revision.
      if (pages.length === 1) {
        const [first] = all
        const renamed = { ...big('b0', 3_000, 5), name: 'Renamed between pages' }
        expect(first?.id).toBe(next.wheels[0]?.id)
        await push(cookie, [upsert(renamed, at(0))], cursor)
      }
      since = next.cursor
    }
    expect(pages.length).toBeGreaterThan(1)
    for (const p of pages) {
      // At most 4 MB, but for the row that makes a page end (plus the answer's own few bytes).
      expect(p.bytes - p.lastRowBytes).toBeLessThanOrEqual(PULL_PAGE_BYTES)
    }
    const last = pages[pages.length - 1] as Page
    expect(last).toMatchObject({ more: false, cursor: cursor + 1 })
    const pulled = new Map(pages.flatMap((p) => p.wheels.map((w) => [w.id, w.wheel as Wheel] as const)))
    expect([...pulled.keys()].sort()).toEqual(all.map((w) => w.id).sort())
    expect(pulled.get('b0')?.name).toBe('Renamed between pages')
    expect(pulled.get('b7')?.items).toEqual(all[7]?.items)
    // Asked again from the end, nothing follows.
    expect(await page(server.app, cookie, last.cursor)).toMatchObject({ wheels: [], more: false })
  }, 60_000)

  it('a wheel larger than a page still comes through, on a page of its own', async () => {
    const small = await startApp(server.database, {}, { wheels: { pageBytes: 100_000 } })
    try {
      const { cookie } = await registerPremium(small)
      const wheels = [big('s1', 10), big('l1', 1_000), big('s2', 10), big('s3', 10)]
      const res = await send(
        small,
        '/api/wheels/sync',
        { since: 0, changes: wheels.map((w) => upsert(w)) },
        { cookie },
      )
      expect(res.statusCode).toBe(200)
      const ids: string[][] = []
      for (let since = 0, more = true; more && ids.length < 10; ) {
        const next = await page(small, cookie, since)
        ids.push(next.wheels.map((w) => w.id))
        more = next.more === true
        since = next.cursor
      }
      expect(ids).toEqual([['s1'], ['l1'], ['s2', 's3']])
    } finally {
      await small.dispose()
    }
  })

  it('refuses a user’s third concurrent pull with 429 and Retry-After, and serves the next one', async () => {
    const { cookie } = await bigAccount()
    const answers = await Promise.all([0, 0, 0].map((since) => pull(server.app, cookie, since, 500)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429])
    const refused = answers.find((a) => a.statusCode === 429)
    expect(refused?.headers['retry-after']).toBe('2')
    expect(refused?.json().error).toBe(
      'Your wheels are being fetched on other devices right now. This one tries again in a moment.',
    )
    // Another user is not held up, and the slots are free again.
    const other = await registerPremium(server.app)
    expect((await pull(server.app, other.cookie, 0)).statusCode).toBe(200)
    expect((await pull(server.app, cookie, 0, 500)).statusCode).toBe(200)
  }, 60_000)

  // PGlite has no statement timer (statement_timeout = 5 ms lets pg_sleep(0.5) finish there).
  it.skipIf(kind !== 'postgres')(
    'a pull cut off by the statement timeout answers 503 with Retry-After, not 500',
    async () => {
      const { cookie } = await bigAccount()
      const hurried = await startApp(server.database, {}, { wheels: { pullTimeoutMs: 1 } })
      try {
        const res = await pull(hurried, cookie, 0, 500)
        expect(res.statusCode).toBe(503)
        expect(res.headers['retry-after']).toBe('5')
        expect(res.json().error).toBe('The server is busy right now. Your wheels sync again in a moment.')
      } finally {
        await hurried.dispose()
      }
      expect((await pull(server.app, cookie, 0, 500)).statusCode).toBe(200)
    },
    60_000,
  )
})
