import http from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client'
import { openStreams, users } from '../db/schema'
import { STREAM_CAPS } from '../limits/stream-leases'
import { newUser, register, startApp, type TestApp } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { waitFor } from '../testing/smtp'
import { TOO_MANY_STREAMS } from './stream'

/** Opens a profile stream and resolves once the answer's status is known. */
async function openStream(baseUrl: string, cookie: string) {
  const request = http.get(`${baseUrl}/api/profile/stream`, { headers: { cookie }, agent: false })
  request.on('error', () => {})
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve)
    request.once('error', reject)
  })
  let body = ''
  res.setEncoding('utf8')
  res.on('data', (chunk: string) => {
    body += chunk
  })
  let ended = false
  res.on('close', () => {
    ended = true
  })
  return {
    status: res.statusCode,
    body: () => body,
    close: async () => {
      request.destroy()
      await waitFor(() => ended)
    },
  }
}

describe.each(DATABASE_KINDS)('profile stream caps across two processes on %s', (kind) => {
  let database: TestDatabase
  let second: TestDatabase
  const apps: TestApp[] = []
  const streams: { close(): Promise<void> }[] = []

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    second =
      kind === 'postgres'
        ? Object.assign(
            await openDatabase({
              kind: 'postgres',
              url: process.env.DATABASE_URL ?? '',
              schema: database.schema,
            }),
            { dispose: async () => {} },
          )
        : database
  })
  afterEach(async () => {
    for (const stream of streams.splice(0)) await stream.close()
    for (const app of apps.splice(0)) await app.dispose()
    await database.db.delete(users)
    await database.db.delete(openStreams)
  })
  afterAll(async () => {
    if (second !== database) await second.close()
    await database.dispose()
  })

  async function twoProcesses() {
    const a = await startApp(database)
    const b = await startApp(second)
    apps.push(a, b)
    const urls = [
      await a.listen({ port: 0, host: '127.0.0.1' }),
      await b.listen({ port: 0, host: '127.0.0.1' }),
    ]
    return { a, urls }
  }

  async function open(url: string, cookie: string) {
    const stream = await openStream(url, cookie)
    streams.push(stream)
    return stream
  }

  it(`a user may hold ${STREAM_CAPS.perUser} streams in all; one more gets 429 until one closes`, async () => {
    const { a, urls } = await twoProcesses()
    const { cookie } = await register(a)
    const opened = []
    for (let i = 0; i < STREAM_CAPS.perUser; i++) opened.push(await open(urls[i % 2] ?? '', cookie))
    expect(opened.map((s) => s.status)).toEqual(Array(STREAM_CAPS.perUser).fill(200))
    for (const url of urls) {
      const refused = await open(url, cookie)
      expect(refused.status).toBe(429)
      await waitFor(() => refused.body().includes(TOO_MANY_STREAMS))
    }
    await opened[0]?.close()
    await waitFor(async () => {
      const again = await open(urls[1] ?? '', cookie)
      return again.status === 200
    })
  })

  it(`one address may hold ${STREAM_CAPS.perClient} streams in all, whoever signs in`, async () => {
    const { a, urls } = await twoProcesses()
    const perUser = STREAM_CAPS.perUser
    const accounts = Math.ceil(STREAM_CAPS.perClient / perUser)
    let opened = 0
    for (let u = 0; u < accounts; u++) {
      const { cookie } = await register(a, newUser(`cap-${u}`))
      for (let i = 0; i < perUser && opened < STREAM_CAPS.perClient; i++, opened++) {
        expect((await open(urls[opened % 2] ?? '', cookie)).status).toBe(200)
      }
    }
    const { cookie } = await register(a, newUser('cap-extra'))
    expect((await open(urls[0] ?? '', cookie)).status).toBe(429)
    expect((await open(urls[1] ?? '', cookie)).status).toBe(429)
  })
})
