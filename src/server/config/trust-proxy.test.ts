import { describe, expect, it } from 'vitest'
import { useTestApp } from '../testing/test-app'
import { parseTrustProxy } from './trust-proxy'

describe('TRUST_PROXY', () => {
  it('reads false, a hop count (true is one hop) or a list of proxy addresses', () => {
    expect(parseTrustProxy('false')).toBe(false)
    expect(parseTrustProxy('true')).toBe(1)
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1'])
    expect(parseTrustProxy('loopback')).toEqual(['loopback'])
    for (const bad of ['yes', 'bad', '10.0.0.0/40', '300.1.1.1']) expect(parseTrustProxy(bad)).toBeNull()
  })

  describe('behind one proxy', () => {
    const server = useTestApp('pglite', {
      env: {
        TRUST_PROXY: 'true',
        CONTACT_RATE_LIMIT: '2',
        SUPPORT_EMAIL: 's@whirl.test',
      },
      clean: [],
    })

    it('a client cannot choose its own address with X-Forwarded-For', async () => {
      const message = {
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Hi',
        message: 'Long enough text.',
        type: 'general',
      }
      const statuses: number[] = []
      for (let i = 1; i <= 4; i++) {
        // The proxy (127.0.0.1) appends the address it saw; the client forged the first entry.
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.50` },
          payload: message,
        })
        statuses.push(res.statusCode)
      }
      expect(statuses).toEqual([200, 200, 429, 429])
    })
  })
})
