import { describe, expect, it } from 'vitest'
import { clientKey } from './client-address'

describe('clientKey', () => {
  it('keeps IPv4 addresses, also mapped into IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('groups IPv6 clients by their /64 network', () => {
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'))
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
  })
})
