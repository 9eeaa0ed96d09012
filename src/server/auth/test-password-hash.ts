import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashes for tests only (NODE_ENV=test, the server and browser tests): scrypt with
 * N = 1,024 and r = 8 instead of better-auth's N = 16,384 and r = 16, about a hundredth of the
 * work. better-auth's hash took 117 ms of CPU on this machine, and the server tests made 661 of
 * them: some 77 of their 303 CPU-seconds (decision 0060). Sign-up, sign-in, a wrong password and
 * a reset go through better-auth's same code with this pair; production keeps better-auth's own
 * (password-hash.test.ts signs up under NODE_ENV=development and reads the stored hash's form).
 */
const N = 1024
const R = 8
const KEY_BYTES = 64

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r: R, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )

export const testPasswordHash = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex')
    return `test:${salt}:${(await derive(password, salt)).toString('hex')}`
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [kind, salt, key] = hash.split(':')
    if (kind !== 'test' || !salt || !key) return false
    const expected = Buffer.from(key, 'hex')
    const actual = await derive(password, salt)
    return expected.length === actual.length && timingSafeEqual(expected, actual)
  },
}
