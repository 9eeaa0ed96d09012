import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { APP_ORIGIN, register } from '../testing/auth'
import { DATABASE_KINDS, testConfig } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

/** A body larger than any of these routes accepts: a route that reads it first answers 413. */
const HUGE = 'x'.repeat(17 * 1024 * 1024)

describe.each(DATABASE_KINDS)('large-body routes check the session first on %s', (kind) => {
  const server = useTestApp(kind, { clean: [] })

  const post = (url: string, cookie?: string) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { origin: APP_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: HUGE,
    })

  it('refuses a visitor with 401 before reading a huge body (sync, draws)', async () => {
    for (const url of ['/api/wheels/sync', '/api/draws']) {
      const res = await post(url)
      expect(res.statusCode, url).toBe(401)
    }
  })

  it('refuses a free user’s sync with 403 before reading the body', async () => {
    const { cookie } = await register(server.app)
    const res = await post('/api/wheels/sync', cookie)
    expect(res.statusCode).toBe(403)
  })

  it('counts share creations against the rate limit before reading the body', async () => {
    const answers: number[] = []
    for (let i = 0; i < 25; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/shares',
        remoteAddress: '10.9.9.9',
        headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
        payload: HUGE.slice(0, 4 * 1024 * 1024),
      })
      answers.push(res.statusCode)
    }
    expect(answers).toContain(429)
  })
})

describe('socket timeouts', () => {
  it('closes a connection whose body does not arrive within the request timeout', async () => {
    const config = testConfig({ PORT: '0', HOST: '127.0.0.1' })
    const app = await buildApp(config, { logger: false, timeouts: { requestMs: 300, connectionMs: 2_000 } })
    await app.listen({ host: '127.0.0.1', port: 0 })
    try {
      const { port } = app.server.address() as net.AddressInfo
      expect(app.server.requestTimeout).toBe(300)
      const started = Date.now()
      const answer = await new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a',
          )
        })
        let data = ''
        socket.on('data', (chunk) => {
          data += String(chunk)
        })
        socket.on('close', () => resolve(data))
        setTimeout(() => {
          socket.destroy()
          resolve('still open')
        }, 5_000)
      })
      expect(answer).not.toBe('still open')
      expect(Date.now() - started).toBeLessThan(4_000)
    } finally {
      await app.close()
      config.cleanup()
    }
  })
})
