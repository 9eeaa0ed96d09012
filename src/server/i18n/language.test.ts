import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, register, send } from '../testing/auth'
import { DATABASE_KINDS } from '../testing/harness'
import { useTestApp } from '../testing/test-app'
import { translator } from './translate'

// Issue 38: the one error body speaks the request's language (Accept-Language, which the web sends
// on every call); without the header, or in a language Whirl does not speak, it stays English.

describe.each(DATABASE_KINDS)('errors in the request language, on %s', (kind) => {
  const server = useTestApp(kind)

  const profile = (language?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: language ? { 'accept-language': language } : {},
    })

  it('answers the same refused request in Spanish, in English without the header', async () => {
    const spanish = await profile('es')
    expect(spanish.statusCode).toBe(401)
    expect(spanish.json()).toEqual({ error: 'Inicia sesión para continuar.' })
    const english = await profile()
    expect(english.statusCode).toBe(401)
    expect(english.json()).toEqual({ error: 'Please sign in to continue.' })
  })

  it('matches regional and weighted languages, and falls back to English', async () => {
    expect((await profile('es-MX,en;q=0.8')).json().error).toBe('Inicia sesión para continuar.')
    expect((await profile('fr;q=0.2, ja')).json().error).toBe('続けるにはログインしてください。')
    expect((await profile('nl, sv')).json().error).toBe('Please sign in to continue.')
    expect((await profile('en-XA')).json().error).toMatch(/^⟦.+⟧$/)
  })

  it('words body errors and sign-in errors in the request language', async () => {
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', origin: APP_ORIGIN, 'accept-language': 'de' },
      payload: '{"name":',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().error).toBe('Der Inhalt der Anfrage ist kein gültiges JSON.')

    const { user } = await register(server.app)
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { origin: APP_ORIGIN, 'accept-language': 'pt-BR' },
      payload: { email: user.email, password: 'not-the-password' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error).toBe('O e-mail ou a senha não estão corretos. Tente de novo.')
    const english = await send(server.app, '/api/account/login', { email: user.email, password: 'nope-nope' })
    expect(english.json().error).toBe('The email or password is not correct. Please try again.')
  })
})

describe('messages with values', () => {
  const wait =
    'Too many attempts. Please wait {count, plural, one {# minute} other {# minutes}} and try again.'

  it('formats English as the source says and other languages with their plurals', () => {
    expect(translator('en')(wait, { count: 1 })).toBe(
      'Too many attempts. Please wait 1 minute and try again.',
    )
    expect(translator('en')(wait, { count: 15 })).toBe(
      'Too many attempts. Please wait 15 minutes and try again.',
    )
    expect(translator('es')(wait, { count: 15 })).toBe(
      'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.',
    )
    expect(translator('ar')(wait, { count: 2 })).toContain('دقيقتين')
  })

  it('returns a text that is not a message of the catalogue as it is', () => {
    expect(translator('es')('PayPal said {no}')).toBe('PayPal said {no}')
  })
})
