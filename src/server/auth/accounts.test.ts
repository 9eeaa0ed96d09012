import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accounts, profiles, serverSecrets, sessions, users } from '../db/schema'
import { cookieFrom, newUser, register, send, startApp } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  const server = useTestApp(kind)

  describe('sign-up', () => {
    it('creates the user, a free profile and a session cookie', async () => {
      const res = await send(server.app, '/api/account/register', {
        displayName: '  Ada Lovelace ',
        email: 'Ada@Example.com',
        password: 'engine-1843',
        confirmPassword: 'engine-1843',
      })
      expect(res.statusCode).toBe(201)
      const profile = res.json().profile
      expect(profile).toMatchObject({
        displayName: 'Ada Lovelace',
        email: 'ada@example.com',
        planType: 'free',
        subscriptionStatus: 'inactive',
        subscriptionId: null,
        subscriptionExpiresAt: null,
      })
      expect(Date.parse(profile.createdAt)).toBeGreaterThan(Date.now() - 60_000)

      const setCookie = String(res.headers['set-cookie'])
      expect(setCookie).toMatch(/whirl\.session_token=/)
      expect(setCookie).toMatch(/HttpOnly/i)
      expect(setCookie).toMatch(/SameSite=Lax/i)
      expect(setCookie).not.toMatch(/Secure/i)

      const [row] = await server.database.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, profile.userId))
      expect(row?.providerId).toBe('credential')
      expect(row?.password).toBeTruthy()
      expect(row?.password).not.toContain('engine-1843')

      const me = await send(server.app, '/api/profile', undefined, { cookie: cookieFrom(res) })
      expect(me.statusCode).toBe(200)
      expect(me.json().profile.userId).toBe(profile.userId)
    })

    it('refuses an email that already has an account, whatever its case, and changes nothing', async () => {
      await register(server.app, { ...newUser(1), email: 'taken@example.com' })
      const res = await send(server.app, '/api/account/register', {
        ...newUser(2),
        email: 'TAKEN@example.com',
      })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({
        error: 'An account with this email already exists. Sign in instead, or use another email.',
      })
      expect(res.headers['set-cookie']).toBeUndefined()
      expect(await server.database.db.select().from(users)).toHaveLength(1)
    })

    it.each([
      [{ displayName: '   ' }, 'Display name is required'],
      [{ displayName: 'x'.repeat(51) }, 'Display name must be at most 50 characters'],
      [{ displayName: 'Bad\u0000Name' }, 'Text cannot contain the character U+0000.'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'no-at-sign' }, 'Please enter a valid email address'],
      [{ email: 'two@@example.com' }, 'Please enter a valid email address'],
      [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 8 characters long'],
      [
        { password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
        'Password must be at most 128 characters long',
      ],
      [{ confirmPassword: 'something-else' }, 'Passwords do not match'],
      [{ displayName: '', email: '', password: '' }, 'Display name is required'],
      [{ planType: 'monthly' }, 'The request could not be read. Please check the form and try again.'],
      [{ email: 42 }, 'The request could not be read. Please check the form and try again.'],
    ])('refuses bad input %j with its message and creates nothing', async (change, message) => {
      const res = await send(server.app, '/api/account/register', { ...newUser(), ...change })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: message })
      expect(await server.database.db.select().from(users)).toHaveLength(0)
    })
  })

  describe('sign-in', () => {
    it('signs in with the right password (email in any case) and out again', async () => {
      const { user } = await register(server.app)
      const res = await send(server.app, '/api/account/login', {
        email: user.email.toUpperCase(),
        password: user.password,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().profile).toMatchObject({ email: user.email, displayName: user.displayName })
      const cookie = cookieFrom(res)
      expect((await send(server.app, '/api/profile', undefined, { cookie })).statusCode).toBe(200)

      const out = await send(server.app, '/api/account/logout', {}, { cookie })
      expect(out.statusCode).toBe(200)
      expect(String(out.headers['set-cookie'])).toMatch(/whirl\.session_token=;/)
      const after = await send(server.app, '/api/profile', undefined, { cookie })
      expect(after.statusCode).toBe(401)
      expect(after.json()).toEqual({ error: 'Please sign in to continue.' })
    })

    it('refuses a wrong password and an unknown email with the same words', async () => {
      const { user } = await register(server.app)
      const wrong = await send(server.app, '/api/account/login', { email: user.email, password: 'not-it' })
      const unknown = await send(server.app, '/api/account/login', {
        email: 'nobody@example.com',
        password: 'x',
      })
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual({ error: 'The email or password is not correct. Please try again.' })
        expect(res.headers['set-cookie']).toBeUndefined()
      }
    })

    it.each([
      [{ email: '', password: 'x' }, 'Please fill in all fields'],
      [{ email: 'ada@example.com', password: '' }, 'Please fill in all fields'],
      [{ email: 'ada', password: 'x' }, 'Please enter a valid email address'],
      [{ email: 'ada@example.com' }, 'The request could not be read. Please check the form and try again.'],
    ])('refuses incomplete input %j', async (body, message) => {
      const res = await send(server.app, '/api/account/login', body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ error: message })
    })

    it('creates a missing profile on sign-in', async () => {
      const { user, profile } = await register(server.app)
      await server.database.db.delete(profiles).where(eq(profiles.userId, profile.userId))
      const res = await send(server.app, '/api/account/login', { email: user.email, password: user.password })
      expect(res.json().profile).toMatchObject({ userId: profile.userId, displayName: user.displayName })
    })
  })

  describe('security', () => {
    it('refuses state-changing requests from another site', async () => {
      const { cookie, user } = await register(server.app)
      const forged = [
        send(
          server.app,
          '/api/account/login',
          { email: user.email, password: user.password },
          { origin: 'https://evil.example' },
        ),
        send(server.app, '/api/account/logout', {}, { cookie, origin: 'https://evil.example' }),
        send(
          server.app,
          '/api/profile',
          { displayName: 'Hacked' },
          { cookie, origin: 'null', method: 'PATCH' },
        ),
        send(server.app, '/api/auth/sign-out', {}, { cookie, origin: 'https://evil.example' }),
      ]
      for (const res of await Promise.all(forged)) {
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual({ error: 'This request came from another site and was refused.' })
      }
      expect((await send(server.app, '/api/profile', undefined, { cookie })).json().profile.displayName).toBe(
        user.displayName,
      )
    })

    it('takes a local address for localhost when no PUBLIC_URL is set, and only PUBLIC_URL when it is', async () => {
      const { user } = await register(server.app)
      const body = { email: user.email, password: user.password }
      const local = await send(server.app, '/api/account/login', body, { origin: 'http://127.0.0.1:3000' })
      expect(local.statusCode).toBe(200)
      expect(cookieFrom(local)).toMatch(/session_token=/)
      const otherPort = await send(server.app, '/api/account/login', body, {
        origin: 'http://127.0.0.1:4000',
      })
      expect(otherPort.statusCode).toBe(403)

      const deployed = await startApp(server.database, { PUBLIC_URL: 'https://whirl.example' })
      try {
        const loopback = await send(deployed, '/api/account/login', body, { origin: 'http://127.0.0.1:3000' })
        expect(loopback.statusCode).toBe(403)
        const own = await send(deployed, '/api/account/login', body, { origin: 'https://whirl.example' })
        expect(own.statusCode).toBe(200)
      } finally {
        await deployed.dispose()
      }
    })

    it('exposes only the better-auth endpoints the app uses', async () => {
      const direct = await send(server.app, '/api/auth/sign-up/email', {
        name: 'x',
        email: 'direct@example.com',
        password: '123456',
      })
      expect(direct.statusCode).toBe(404)
      expect(await server.database.db.select().from(users)).toHaveLength(0)
      const { cookie } = await register(server.app)
      const session = await send(server.app, '/api/auth/get-session', undefined, { cookie })
      expect(session.statusCode).toBe(200)
      expect(session.json().user.email).toMatch(/@example\.com$/)
    })

    it('marks the session cookie Secure when served over https', async () => {
      const https = await startApp(server.database, { PUBLIC_URL: 'https://whirl.example' })
      try {
        const res = await send(https, '/api/account/register', newUser(), { origin: 'https://whirl.example' })
        expect(res.statusCode).toBe(201)
        expect(String(res.headers['set-cookie'])).toMatch(/__Secure-whirl\.session_token=.*Secure/i)
      } finally {
        await https.dispose()
      }
    })

    it('keeps one generated signing secret in the database for every process', async () => {
      const rows = await server.database.db.select().from(serverSecrets)
      expect(rows).toHaveLength(1)
      const { cookie } = await register(server.app)
      const second = await startApp(server.database)
      try {
        expect((await send(second, '/api/profile', undefined, { cookie })).statusCode).toBe(200)
      } finally {
        await second.dispose()
      }
    })

    it('refuses a forged or tampered session cookie', async () => {
      const { cookie } = await register(server.app)
      const tampered = cookie.replace(/=([^.]*)\./, '=$1x.')
      expect((await send(server.app, '/api/profile', undefined, { cookie: tampered })).statusCode).toBe(401)
      const [session] = await server.database.db.select().from(sessions)
      const unsigned = `whirl.session_token=${session?.token}`
      expect((await send(server.app, '/api/profile', undefined, { cookie: unsigned })).statusCode).toBe(401)
    })

    it('reads sessions the same way better-auth does: valid, tampered, expired, revoked', async () => {
      const { cookie, profile } = await register(server.app)
      const both = async (c: string) => {
        const request = { headers: { cookie: c } } as never
        const fast = await server.app.accounts.readSession(request)
        const full = await server.app.accounts.auth.api.getSession({ headers: new Headers({ cookie: c }) })
        return { fast: fast?.userId ?? null, full: full?.user.id ?? null, profile: fast?.profile ?? null }
      }
      expect(await both(cookie)).toEqual({ fast: profile.userId, full: profile.userId, profile })
      const [name, value = ''] = cookie.split('=')
      const [token, signature = ''] = decodeURIComponent(value).split('.')
      const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`
      for (const bad of [
        `${name}=${encodeURIComponent(`${token}.${flipped}`)}`,
        `${name}=${token}`,
        `${name}=${encodeURIComponent(`other.${signature}`)}`,
        `other.session_token=${value}`,
      ]) {
        expect(await both(bad)).toEqual({ fast: null, full: null, profile: null })
      }
      // Sessions are cached per process until their user's event (session-cache.ts): every server path
      // that ends a session publishes one; these writes behind the server's back announce themselves.
      const announce = async () => {
        await server.app.accounts.events.publish(profile.userId)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await server.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) })
      await announce()
      expect(await both(cookie)).toEqual({ fast: null, full: null, profile: null })
      const again = await send(server.app, '/api/account/login', {
        email: profile.email,
        password: 'wheel-secret',
      })
      const fresh = cookieFrom(again)
      expect((await both(fresh)).fast).toBe(profile.userId)
      await server.database.db.delete(sessions)
      await announce()
      expect(await both(fresh)).toEqual({ fast: null, full: null, profile: null })
    })

    it('says whether Google sign-in is set up', async () => {
      expect((await send(server.app, '/api/auth-config')).json()).toEqual({ google: false })
      const res = await send(server.app, '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ error: 'Google sign-in is not set up on this server.' })
    })
  })

  describe('rate limits', () => {
    it('limits sign-ups and reset requests per IP address', async () => {
      const limited = await startApp(server.database, { AUTH_RATE_LIMIT_IP: '2' })
      try {
        await register(limited, newUser(), '10.8.0.1')
        await register(limited, newUser(), '10.8.0.1')
        const third = await send(limited, '/api/account/register', newUser(), { ip: '10.8.0.1' })
        expect(third.statusCode).toBe(429)
        expect(third.json().error).toMatch(/^Too many attempts/)
        await register(limited, newUser(), '10.8.0.2')
        expect(await server.database.db.select().from(users)).toHaveLength(3)

        const reset = (email: string) =>
          send(limited, '/api/account/forgot-password', { email }, { ip: '10.8.0.3' })
        expect((await reset('a@example.com')).statusCode).toBe(200)
        expect((await reset('b@example.com')).statusCode).toBe(200)
        expect((await reset('c@example.com')).statusCode).toBe(429)
      } finally {
        await limited.dispose()
      }
    })
  })
})
