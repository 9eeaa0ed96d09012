import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { send } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase, testConfig } from '../testing/harness'
import { UNSTORABLE_MESSAGE } from './errors'
import { capLogLine, MAX_LOG_LINE_BYTES } from './logging'

// Issue 33, finding 7: each 500 logged every query parameter (a 2.1 MB draw wrote 6.3 MB of log),
// and a value PostgreSQL refuses was a 500.

const MARKER = 'PARAM-VALUE-7f3a'

describe.each(DATABASE_KINDS)('database errors in the log, on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance
  let config: ReturnType<typeof testConfig>
  const lines: string[] = []

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    config = testConfig()
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split(/(?<=\n)/))
        done()
      },
    })
    app = await buildApp(config, { database, logger: { level: 'info', stream } })
    // Routes that make the database fail as a route with a missed check would.
    app.post('/test/data-exception', async () => database.db.execute(sql`select ${MARKER}::int`))
    app.post('/test/huge-statement', async () =>
      database.db.execute(sql`select ${`${MARKER}${'x'.repeat(2_000_000)}`}::text as t from no_such_table`),
    )
    app.post('/test/long-message', async () => {
      throw new Error(`${'y'.repeat(1_000_000)}`)
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.dispose()
    config.cleanup()
  })

  const linesOf = (before: number) => lines.slice(before)
  const expectShortLines = (logged: string[]) => {
    expect(logged.length).toBeGreaterThan(0)
    for (const line of logged) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(MAX_LOG_LINE_BYTES)
      expect(line).not.toContain(MARKER)
    }
  }

  it('answers a data exception (SQLSTATE class 22) with 400, logged by its SQLSTATE and route', async () => {
    const before = lines.length
    const res = await send(app, '/test/data-exception', {})
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(UNSTORABLE_MESSAGE)
    const logged = linesOf(before)
    expectShortLines(logged)
    const refused = logged.map((l) => JSON.parse(l)).find((l) => l.msg === 'request refused by the database')
    expect(refused).toMatchObject({ sqlState: '22P02', route: '/test/data-exception', method: 'POST' })
  })

  it('logs a 500 from a 2 MB statement as one short line, without the parameters', async () => {
    const before = lines.length
    const res = await send(app, '/test/huge-statement', {})
    expect(res.statusCode).toBe(500)
    const logged = linesOf(before)
    expectShortLines(logged)
    expect(logged.join('').length).toBeLessThan(3 * MAX_LOG_LINE_BYTES)
    const failed = logged.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed')
    expect(failed).toMatchObject({ sqlState: '42P01', route: '/test/huge-statement' })
    expect(failed.err).toMatchObject({ type: 'DatabaseError', sqlState: '42P01' })
  })

  it('cuts an error with a 1 MB message, and any line over the limit', async () => {
    const before = lines.length
    const res = await send(app, '/test/long-message', {})
    expect(res.statusCode).toBe(500)
    app.log.info({ body: 'z'.repeat(100_000), userId: 'u1' }, 'something large')
    const logged = linesOf(before)
    expectShortLines(logged)
    const large = logged.map((l) => JSON.parse(l)).find((l) => l.msg === 'something large')
    expect(large).toMatchObject({ userId: 'u1', truncated: true })
    expect(large.body).toBeUndefined()
  })
})

describe('capLogLine', () => {
  it('keeps a line that fits and cuts one that does not, keeping it JSON', () => {
    const short = `${JSON.stringify({ level: 30, msg: 'ok' })}\n`
    expect(capLogLine(short)).toBe(short)
    const long = `${JSON.stringify({ level: 50, msg: 'é'.repeat(3_000), reqId: 'req-1', err: { a: 'b' } })}\n`
    const capped = capLogLine(long)
    expect(Buffer.byteLength(capped)).toBeLessThanOrEqual(MAX_LOG_LINE_BYTES)
    expect(JSON.parse(capped)).toMatchObject({ level: 50, reqId: 'req-1', truncated: true })
    expect(capped.endsWith('\n')).toBe(true)
    expect(JSON.parse(capLogLine('x'.repeat(10_000)))).toMatchObject({ truncated: true })
  })
})
