import { describe, expect, it } from 'vitest'
import { securityHeaders } from './security'

describe('securityHeaders', () => {
  it('gives the headers helmet sets for the options, worked out once', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    })
    expect(headers).toEqual({
      'content-security-policy': "default-src 'self';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    })
  })

  it('refuses a policy helmet refuses, at start rather than on a request', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ['a;b'] } } }),
    ).toThrow()
  })
})
