import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('has embedded defaults: port 3000, PGlite in ./data, outbox mail', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.database.kind).toBe('pglite')
    expect(config.mail.kind).toBe('outbox')
    expect(config.supportEmail).toContain('@')
  })

  it('uses PostgreSQL when DATABASE_URL is set and SMTP when SMTP_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', SMTP_URL: 'smtp://127.0.0.1:2525' })
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', schema: undefined })
    expect(config.mail.kind).toBe('smtp')
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).database.kind).toBe('pglite')
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SUPPORT_EMAIL', 'not-an-email'],
    ['PUBLIC_URL', 'nota url'],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://mail'],
  ])('names the bad variable %s=%s', (name, value) => {
    let error: unknown
    try {
      loadConfig({ [name]: value })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).message).toContain(name)
  })
})
