import { randomBytes } from 'node:crypto'
import { SHARE_ID_LENGTH } from '../../core/share/protocol'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** The largest multiple of 62 that fits in a byte: bytes at or above it are thrown away, so every character is equally likely. */
const LIMIT = 248

/** A share id: SHARE_ID_LENGTH base62 characters from the CSPRNG, without modulo bias (rejection sampling). */
export function newShareId(length = SHARE_ID_LENGTH, bytes: (n: number) => Buffer = randomBytes): string {
  let id = ''
  while (id.length < length) {
    for (const b of bytes(length * 2)) {
      if (b >= LIMIT) continue
      id += ALPHABET[b % 62]
      if (id.length === length) break
    }
  }
  return id
}
