import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ORIGIN, cookieFrom, newUser, send, startApp, type TestApp } from '../testing/auth'
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../testing/harness'
import { parseWithPython } from '../testing/mail-capture'
import { startSmtpServer, waitFor } from '../testing/smtp'

// Issue 38: the user's language is kept on the profile (from the sign-up request, then the profile
// form), and the mails to the user are written in it, subjects included, whatever the language of
// the request that causes them.

describe.each(DATABASE_KINDS)('the user language and mails on %s', (kind) => {
  let database: TestDatabase
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let app: TestApp

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    smtp = await startSmtpServer()
    app = await startApp(database, { SMTP_URL: smtp.url })
  })
  afterAll(async () => {
    await app.dispose()
    await smtp.close()
    await database.dispose()
  })

  const mailTo = (email: string, subject: string) =>
    waitFor(() =>
      smtp.received
        .filter((m) => m.to.includes(email))
        .map((m) => parseWithPython(Buffer.from(m.raw)))
        .find((m) => m.subject === subject),
    )

  it('signs up in Spanish and mails the confirmation and a later reset in Spanish', async () => {
    const user = newUser()
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { origin: APP_ORIGIN, 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
      payload: user,
    })
    expect(signUp.statusCode).toBe(201)
    expect(signUp.json().profile.locale).toBe('es')

    const confirmation = await mailTo(user.email, 'Confirma tu correo de Whirl')
    expect(confirmation.plain).toContain(`Hola, ${user.displayName}:`)
    expect(confirmation.plain).toContain('Confirma que esta dirección es tuya')

    // Asked without any language: the stored one decides.
    expect((await send(app, '/api/account/forgot-password', { email: user.email })).statusCode).toBe(200)
    const reset = await mailTo(user.email, 'Restablece tu contraseña de Whirl')
    expect(reset.plain).toContain('abre este enlace en menos de una hora')
    expect(reset.plain).toMatch(/\/es\/reset-password\?token=/)
    expect(reset.html).toContain('<html lang="es">')
    expect(reset.html).toContain('Elige una contraseña nueva')
  })

  it('changes the language on the profile, and refuses one Whirl does not speak', async () => {
    const user = newUser()
    const signUp = await send(app, '/api/account/register', user)
    expect(signUp.json().profile.locale).toBeNull()
    const cookie = cookieFrom(signUp)
    const patch = (body: unknown) => send(app, '/api/profile', body, { cookie, method: 'PATCH' })

    const french = await patch({ locale: 'fr' })
    expect(french.statusCode).toBe(200)
    expect(french.json().profile).toMatchObject({ locale: 'fr', displayName: user.displayName })
    expect((await send(app, '/api/profile', undefined, { cookie })).json().profile.locale).toBe('fr')

    expect((await patch({ locale: 'xx' })).statusCode).toBe(400)
    expect((await patch({ locale: 'en-XA' })).statusCode).toBe(400)
    expect((await send(app, '/api/profile', undefined, { cookie })).json().profile.locale).toBe('fr')

    await send(app, '/api/account/forgot-password', { email: user.email })
    const reset = await mailTo(user.email, 'Réinitialisez votre mot de passe Whirl')
    expect(reset.plain).toMatch(/\/fr\/reset-password\?token=/)
  })
})
