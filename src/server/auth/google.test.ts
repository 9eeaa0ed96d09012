import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, users } from '../db/schema'
import { APP_ORIGIN, cookieFrom, register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { startOidcProvider } from '../testing/oidc-provider'
import { waitFor } from '../testing/smtp'
import { useTestApp } from '../testing/test-app'

const CLIENT = { clientId: 'whirl-test.apps.example', clientSecret: 'a-test-client-secret' }

/** Follows the provider's redirects like a browser (its own cookies) until they lead back to Whirl. */
async function visitProvider(start: string): Promise<URL> {
  const jar = new Map<string, string>()
  let url = new URL(start)
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const [name = '', ...value] = pair.split('=')
      jar.set(name.trim(), value.join('='))
    }
    const location = response.headers.get('location')
    if (!location)
      throw new Error(`the provider stopped at ${url}: ${response.status} ${await response.text()}`)
    url = new URL(location, url)
    if (url.origin === APP_ORIGIN) return url
  }
  throw new Error('too many redirects')
}

describe.each(DATABASE_KINDS)('Google sign-in (OpenID Connect) on %s', (kind) => {
  let op: Awaited<ReturnType<typeof startOidcProvider>>

  beforeAll(async () => {
    op = await startOidcProvider({ ...CLIENT, redirectUri: `${APP_ORIGIN}/api/auth/callback/google` })
  })
  // Registered before the app's: runs after the app is closed (afterAll hooks run last-first).
  afterAll(async () => op.close())
  const server = useTestApp(kind, {
    env: () => ({
      GOOGLE_CLIENT_ID: CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
      GOOGLE_ISSUER: op.issuer,
    }),
    cleanUp: () => {
      op.prompts.length = 0
    },
  })

  /** Starts sign-in in the app, goes through the provider, and lands on the app's callback. */
  async function signInWithGoogle(callbackURL = '/profile') {
    const start = await send(server.app, '/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL,
      errorCallbackURL: '/?auth-error=google',
    })
    expect(start.statusCode).toBe(200)
    const { url } = start.json() as { url: string }
    const back = await visitProvider(url)
    const callback = await send(server.app, `${back.pathname}${back.search}`, undefined, {
      cookie: cookieFrom(start),
    })
    return { authorizeUrl: new URL(url), callback }
  }

  it('says Google sign-in is set up', async () => {
    expect((await send(server.app, '/api/auth-config')).json()).toEqual({ google: true })
  })

  it('signs a new user in, with the account chooser, and creates the profile from Google’s name', async () => {
    op.useAccount({ sub: 'g-100', email: 'gina@gmail.test', emailVerified: true, name: 'Gina Google' })
    const { authorizeUrl, callback } = await signInWithGoogle()

    expect(authorizeUrl.origin).toBe(op.issuer)
    const params = authorizeUrl.searchParams
    expect(params.get('prompt')).toBe('select_account')
    expect(params.get('client_id')).toBe(CLIENT.clientId)
    expect(params.get('redirect_uri')).toBe(`${APP_ORIGIN}/api/auth/callback/google`)
    expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(op.prompts[0]).toBe('select_account')

    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toMatch(/\/profile$/)
    const cookie = cookieFrom(callback)
    expect(cookie).toMatch(/whirl\.session_token=/)
    const me = await send(server.app, '/api/profile', undefined, { cookie })
    expect(me.json().profile).toMatchObject({
      displayName: 'Gina Google',
      email: 'gina@gmail.test',
      planType: 'free',
      subscriptionStatus: 'inactive',
    })
  })

  it('shows the chooser again next time and signs the same user in', async () => {
    op.useAccount({ sub: 'g-200', email: 'repeat@gmail.test', emailVerified: true, name: 'Repeat' })
    const first = await signInWithGoogle()
    const firstProfile = (
      await send(server.app, '/api/profile', undefined, { cookie: cookieFrom(first.callback) })
    ).json()
    const second = await signInWithGoogle()
    expect(second.authorizeUrl.searchParams.get('prompt')).toBe('select_account')
    expect(op.prompts.filter((p) => p === 'select_account')).toHaveLength(2)
    const secondProfile = (
      await send(server.app, '/api/profile', undefined, { cookie: cookieFrom(second.callback) })
    ).json()
    expect(secondProfile.profile.userId).toBe(firstProfile.profile.userId)
    expect(await server.database.db.select().from(users)).toHaveLength(1)
    const [link] = await server.database.db.select().from(accounts).where(eq(accounts.providerId, 'google'))
    expect(link?.accountId).toBe('g-200')
  })

  it('defaults the display name to the email before the @ when Google gives no name', async () => {
    op.useAccount({ sub: 'g-300', email: 'nameless@gmail.test', emailVerified: true, name: '' })
    const { callback } = await signInWithGoogle()
    const me = await send(server.app, '/api/profile', undefined, { cookie: cookieFrom(callback) })
    expect(me.json().profile.displayName).toBe('nameless')
  })

  it('lets Google claim an unconfirmed password account: the password stops working and the owner is told', async () => {
    const squatter = await register(server.app, {
      displayName: 'Squatter',
      email: 'victim@gmail.test',
      password: 'squatter-pw',
      confirmPassword: 'squatter-pw',
    })
    // The squatter is signed in and their session is in this process's session cache.
    expect((await send(server.app, '/api/profile', undefined, { cookie: squatter.cookie })).statusCode).toBe(
      200,
    )
    op.useAccount({ sub: 'g-400', email: 'victim@gmail.test', emailVerified: true, name: 'Victim' })
    const { callback } = await signInWithGoogle()
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).not.toMatch(/auth-error/)
    expect(cookieFrom(callback)).toMatch(/session_token/)
    expect(
      await server.database.db.select().from(accounts).where(eq(accounts.providerId, 'google')),
    ).toHaveLength(1)
    expect(
      await server.database.db.select().from(accounts).where(eq(accounts.providerId, 'credential')),
    ).toHaveLength(0)
    const [owner] = await server.database.db.select().from(users).where(eq(users.email, 'victim@gmail.test'))
    expect(owner?.emailVerified).toBe(true)
    // The squatter's session ended at once (the cached copy too) and the password no longer signs in.
    expect((await send(server.app, '/api/profile', undefined, { cookie: squatter.cookie })).statusCode).toBe(
      401,
    )
    const login = await send(server.app, '/api/account/login', {
      email: 'victim@gmail.test',
      password: 'squatter-pw',
    })
    expect(login.statusCode).toBe(401)
    const outbox = path.join(server.app.config.dataDir, 'outbox')
    // The mail goes out from the job queue: waited for as every mail is (up to 10 s).
    const mail = await waitFor(() =>
      (existsSync(outbox) ? readdirSync(outbox) : [])
        .filter((f) => f.endsWith('.eml'))
        .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
        .find((m) => m.includes('Your Whirl account now signs in with Google')),
    )
    expect(mail).toContain('Your Whirl account now signs in with Google')
  })

  it('does not touch a confirmed password account’s password when Google signs in', async () => {
    const owner = await register(server.app, {
      displayName: 'Owner',
      email: 'owner@gmail.test',
      password: 'owner-secret',
      confirmPassword: 'owner-secret',
    })
    await server.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, owner.profile.userId))
    op.useAccount({ sub: 'g-401', email: 'owner@gmail.test', emailVerified: true, name: 'Owner' })
    await signInWithGoogle()
    expect(
      (await send(server.app, '/api/account/login', { email: 'owner@gmail.test', password: 'owner-secret' }))
        .statusCode,
    ).toBe(200)
  })

  it('refuses a callback without the browser’s state cookie', async () => {
    op.useAccount({ sub: 'g-500', email: 'csrf@gmail.test', emailVerified: true, name: 'Csrf' })
    const start = await send(server.app, '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' })
    const back = await visitProvider(start.json().url)
    const forged = await send(server.app, `${back.pathname}${back.search}`)
    expect(forged.statusCode).toBe(302)
    expect(forged.headers.location).toMatch(/error=/)
    expect(cookieFrom(forged)).not.toMatch(/session_token/)
    // better-auth's error page sends the browser back to the app, where the modal explains.
    const location = new URL(forged.headers.location as string, 'http://localhost:3000')
    expect(location.pathname).toBe('/api/auth/error')
    expect(location.searchParams.get('error')).toBe('state_mismatch')
    const shown = await send(server.app, `${location.pathname}${location.search}`)
    expect(shown.statusCode).toBe(302)
    const home = new URL(shown.headers.location as string, 'http://localhost:3000')
    expect(home.pathname).toBe('/')
    expect(home.searchParams.get('auth-error')).toBe('google')
    expect(home.searchParams.get('error')).toBe('state_mismatch')
    expect(await server.database.db.select().from(users)).toHaveLength(0)
  })

  it('refuses a return address outside the app', async () => {
    const res = await send(server.app, '/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: 'https://evil.example/steal',
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ error: 'That return address is not part of Whirl.' })
  })
})
