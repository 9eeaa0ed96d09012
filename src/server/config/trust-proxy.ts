import { isIP } from 'node:net'

/** TRUST_PROXY: false, a hop count ("true" is one hop), or proxy addresses; null when unreadable. */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const text = value.trim().toLowerCase()
  if (text === 'false' || text === '0') return false
  if (text === 'true') return 1
  if (/^\d+$/.test(text)) return Math.min(Number(text), 10)
  const list = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const named = ['loopback', 'linklocal', 'uniquelocal']
  const valid = (part: string) => {
    const [address = '', bits, ...rest] = part.split('/')
    if (named.includes(part)) return true
    const version = isIP(address)
    if (version === 0 || rest.length > 0) return false
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))
  }
  return list.length > 0 && list.every(valid) ? list : null
}
