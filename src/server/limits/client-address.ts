import { isIPv6 } from 'node:net'

/**
 * The address a limit counts a client under: IPv4 as it is (also when mapped into IPv6), IPv6 by
 * its /64 network, since one household or one server usually holds a whole /64 and could otherwise
 * rotate through billions of addresses.
 */
export function clientKey(ip: string): string {
  const address = ip.trim().toLowerCase()
  if (!isIPv6(address)) return address
  const mapped =
    /^(?:0*:)*(?:0*:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address) ??
    /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (mapped?.[1]) return mapped[1]
  const [head = '', tail = ''] = address.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const missing = address.includes('::') ? 8 - headGroups.length - tailGroups.length : 0
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups]
  const network = groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16))
  return `${network.join(':')}::/64`
}
