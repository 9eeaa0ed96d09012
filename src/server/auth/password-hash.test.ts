import { verifyPassword } from '@better-auth/utils/password'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accounts, users } from '../db/schema'
import { register, send } from '../testing/auth'
import { useTestApp } from '../testing/test-app'
import { testPasswordHash } from './test-password-hash'

/** The stored password hash of the email login of the user with this address. */
async function storedHash(server: ReturnType<typeof useTestApp>, email: string) {
  const [row] = await server.database.db
    .select({ password: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(users.email, email))
  return row?.password ?? ''
}

// PGlite only: the hash is made in the app, whatever the database.
describe('password hashes outside tests', () => {
  const server = useTestApp('pglite', { env: { NODE_ENV: 'development' } })

  it('are better-auth’s own scrypt, which its verifier reads', async () => {
    const { user } = await register(server.app)
    const hash = await storedHash(server, user.email)
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
    expect(await verifyPassword(hash, user.password)).toBe(true)
    expect(await verifyPassword(hash, 'not-the-password')).toBe(false)
  })
})

describe('password hashes under NODE_ENV=test', () => {
  const server = useTestApp('pglite')

  it('are the tests’ cheaper scrypt; the right password signs in, a wrong one does not', async () => {
    const { user } = await register(server.app)
    const hash = await storedHash(server, user.email)
    expect(hash).toMatch(/^test:[0-9a-f]{32}:[0-9a-f]{128}$/)
    expect(await testPasswordHash.verify({ hash, password: user.password })).toBe(true)
    const login = (password: string) =>
      send(server.app, '/api/account/login', { email: user.email, password })
    expect((await login('not-the-password')).statusCode).toBe(401)
    expect((await login(user.password)).statusCode).toBe(200)
  })

  it('never accept a hash of another form', async () => {
    const other = await storedHash(server, (await register(server.app)).user.email)
    expect(await testPasswordHash.verify({ hash: other.replace(/^test:/, ''), password: 'x' })).toBe(false)
    expect(await testPasswordHash.verify({ hash: 'test::', password: '' })).toBe(false)
  })
})
