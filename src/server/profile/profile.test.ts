import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SESSION_DAYS } from '../auth/auth'
import { profiles, sessions, users } from '../db/schema'
import { cookieFrom, register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

describe.each(DATABASE_KINDS)('profile on %s', (kind) => {
  const server = useTestApp(kind)

  const patch = (body: unknown, cookie?: string) =>
    send(server.app, '/api/profile', body, { cookie, method: 'PATCH' })
  const row = async (userId: string) =>
    (await server.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]

  it('answers the session check with null when signed out and the profile when signed in', async () => {
    const signedOut = await send(server.app, '/api/session')
    expect(signedOut.statusCode).toBe(200)
    expect(signedOut.json()).toEqual({ profile: null })
    expect(signedOut.headers['cache-control']).toBe('no-store')
    const { cookie, profile } = await register(server.app)
    expect((await send(server.app, '/api/session', undefined, { cookie })).json()).toEqual({ profile })
  })

  it('extends a session in use once a day, as better-auth does, and answers other checks from the session read', async () => {
    const { cookie, profile } = await register(server.app)
    const session = () =>
      server.database.db.select().from(sessions).where(eq(sessions.userId, profile.userId))
    const fresh = await send(server.app, '/api/session', undefined, { cookie })
    expect(fresh.json()).toEqual({ profile })
    expect(fresh.headers['set-cookie']).toBeUndefined()
    // Last extended two days ago: the next check extends it to 30 days from now, with a new cookie.
    const day = 24 * 60 * 60 * 1000
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + (SESSION_DAYS - 2) * day) })
      .where(eq(sessions.userId, profile.userId))
    await server.app.accounts.events.publish(profile.userId)
    const due = await send(server.app, '/api/session', undefined, { cookie })
    expect(due.json()).toEqual({ profile })
    expect(String(due.headers['set-cookie'])).toMatch(/session_token=/)
    const [extended] = await session()
    expect(extended?.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_DAYS - 1) * day)
    const after = await send(server.app, '/api/session', undefined, { cookie })
    expect(after.json()).toEqual({ profile })
    expect(after.headers['set-cookie']).toBeUndefined()
    expect((await session())[0]?.expiresAt).toEqual(extended?.expiresAt)
  })

  it('defaults the display name to the part of the email before the @', async () => {
    const { cookie, profile } = await register(server.app)
    await server.database.db.delete(profiles).where(eq(profiles.userId, profile.userId))
    await server.database.db.update(users).set({ name: '' }).where(eq(users.id, profile.userId))
    const res = await send(server.app, '/api/profile', undefined, { cookie })
    expect(res.json().profile.displayName).toBe(profile.email.split('@')[0])
    expect(res.json().profile.createdAt).toBe(profile.createdAt)
  })

  it('changes the display name, trimmed, in the profile and the auth user', async () => {
    const { cookie, profile } = await register(server.app)
    const res = await patch({ displayName: '  Grace Hopper  ' }, cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().profile).toMatchObject({ displayName: 'Grace Hopper', planType: 'free' })
    expect(Date.parse(res.json().profile.updatedAt)).toBeGreaterThanOrEqual(Date.parse(profile.updatedAt))
    expect((await row(profile.userId))?.displayName).toBe('Grace Hopper')
    const [user] = await server.database.db.select().from(users).where(eq(users.id, profile.userId))
    expect(user?.name).toBe('Grace Hopper')
  })

  it.each([
    [{ planType: 'monthly' }, 'Only the display name can be changed.'],
    [{ displayName: 'Sneaky', planType: 'monthly' }, 'Only the display name can be changed.'],
    [
      { displayName: 'Sneaky', subscriptionStatus: 'active', subscriptionId: 'I-FAKE' },
      'Only the display name can be changed.',
    ],
    [{ displayName: 'Sneaky', email: 'other@example.com' }, 'Only the display name can be changed.'],
    [{ displayName: '   ' }, 'Display name is required'],
    [{ displayName: 'x'.repeat(51) }, 'Display name must be at most 50 characters'],
    [{ displayName: 'Tab\tName' }, 'Display name cannot contain control characters'],
    [{ displayName: 7 }, 'The request could not be read. Please check the form and try again.'],
    [[{ displayName: 'x' }], 'The request could not be read. Please check the form and try again.'],
  ])('refuses %j and changes nothing', async (body, message) => {
    const { cookie, profile } = await register(server.app)
    const before = await row(profile.userId)
    const res = await patch(body, cookie)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: message })
    expect(await row(profile.userId)).toEqual(before)
  })

  it('checks the session on every profile endpoint', async () => {
    for (const res of [
      await send(server.app, '/api/profile'),
      await patch({ displayName: 'Nobody' }),
      await send(server.app, '/api/profile/stream'),
      await send(server.app, '/api/profile', undefined, { cookie: 'whirl.session_token=forged.value' }),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: 'Please sign in to continue.' })
    }
  })

  it('changes only the signed-in user’s own profile', async () => {
    const a = await register(server.app)
    const b = await register(server.app)
    await patch({ displayName: 'Only A' }, a.cookie)
    expect((await row(b.profile.userId))?.displayName).toBe(b.user.displayName)
  })

  it('lets the server change plan fields through updatePlan, and nothing else', async () => {
    const { cookie, profile } = await register(server.app)
    const expires = new Date(Date.now() + 30 * 86_400_000)
    const updated = await server.app.accounts.profiles.updatePlan(profile.userId, {
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: 'I-123',
      subscriptionExpiresAt: expires,
      displayName: 'Smuggled',
    } as never)
    expect(updated).toMatchObject({
      planType: 'monthly',
      subscriptionStatus: 'active',
      subscriptionId: 'I-123',
      subscriptionExpiresAt: expires.toISOString(),
      displayName: profile.displayName,
    })
    const me = await send(server.app, '/api/profile', undefined, { cookie })
    expect(me.json().profile).toEqual(updated)
    // A later display-name change leaves the plan alone.
    const renamed = await patch({ displayName: 'Still Premium' }, cookie)
    expect(renamed.json().profile).toMatchObject({ planType: 'monthly', subscriptionId: 'I-123' })
  })

  it('refreshes nothing and leaks nothing for a visitor with a stale cookie', async () => {
    const { cookie } = await register(server.app)
    await send(server.app, '/api/account/logout', {}, { cookie })
    const res = await send(server.app, '/api/session', undefined, { cookie })
    expect(res.json()).toEqual({ profile: null })
    expect(cookieFrom(res)).toBe('')
  })
})
