import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { startEnvironment } from './start-environment'

/** What `npm start` adds (--sandbox): without it a production server needs a payment setting. */
const SANDBOX = { BILLING_SANDBOX: '1' }

describe('loadConfig', () => {
  it('has embedded defaults: port 3000, PGlite in ./data, outbox mail', () => {
    const config = loadConfig(SANDBOX)
    expect(config.port).toBe(3000)
    expect(config.database.kind).toBe('pglite')
    expect(config.mail.kind).toBe('outbox')
    expect(config.supportEmail).toContain('@')
  })

  it('uses PostgreSQL when DATABASE_URL is set and SMTP when SMTP_URL is set', () => {
    const config = loadConfig({
      ...SANDBOX,
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    })
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', schema: undefined })
    expect(config.mail.kind).toBe('smtp')
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ ...SANDBOX, PORT: '', DATABASE_URL: ' ' }).database.kind).toBe('pglite')
  })

  it('has no Google sign-in and a generated secret unless configured', () => {
    const config = loadConfig(SANDBOX)
    expect(config.auth.google).toBeNull()
    expect(config.auth.secret).toBeUndefined()
    expect(config.auth.rateLimit).toEqual({ perIp: 30, perEmail: 10, windowMs: 900_000 })
  })

  it('lets browser tests sign many users in from one address, unless a limit is set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).auth.rateLimit).toEqual({
      perIp: 1000,
      perEmail: 10,
      windowMs: 900_000,
    })
    expect(loadConfig({ NODE_ENV: 'test', AUTH_RATE_LIMIT_IP: '5' }).auth.rateLimit.perIp).toBe(5)
    expect(loadConfig({ NODE_ENV: 'development' }).auth.rateLimit.perIp).toBe(30)
  })

  it('trusts PUBLIC_URL’s origin for sign-in, or every loopback name of the port without it', () => {
    expect(loadConfig({ ...SANDBOX, PUBLIC_URL: 'https://whirl.example/app/' }).auth.trustedOrigins).toEqual([
      'https://whirl.example',
    ])
    expect(loadConfig({ ...SANDBOX, PORT: '4000' }).auth.trustedOrigins).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
    ])
  })

  it('configures Google with the default issuer, or the one given', () => {
    const google = { GOOGLE_CLIENT_ID: 'id.apps', GOOGLE_CLIENT_SECRET: 'shh' }
    expect(loadConfig({ ...SANDBOX, ...google }).auth.google).toEqual({
      clientId: 'id.apps',
      clientSecret: 'shh',
      issuer: 'https://accounts.google.com',
    })
    expect(
      loadConfig({ ...SANDBOX, ...google, GOOGLE_ISSUER: 'http://127.0.0.1:4000/' }).auth.google?.issuer,
    ).toBe('http://127.0.0.1:4000')
  })

  it.each([
    [{ GOOGLE_CLIENT_ID: 'id.apps' }, 'GOOGLE_CLIENT_SECRET'],
    [{ GOOGLE_CLIENT_SECRET: 'shh' }, 'GOOGLE_CLIENT_ID'],
  ])('refuses half a Google configuration (%j)', (env, missing) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(missing)
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SUPPORT_EMAIL', 'not-an-email'],
    ['PUBLIC_URL', 'nota url'],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://mail'],
    ['TRUST_PROXY', 'yes'],
    ['AUTH_SECRET', 'too-short'],
    ['AUTH_RATE_LIMIT_IP', '0'],
    ['AUTH_RATE_LIMIT_EMAIL', 'many'],
    ['GOOGLE_ISSUER', 'not a url'],
    ['PAYPAL_ENV', 'production'],
    ['PAYPAL_API_URL', 'not a url'],
    ['BILLING_TEST_CLOCK', 'yes'],
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

  const PAYPAL = {
    PAYPAL_CLIENT_ID: 'client',
    PAYPAL_CLIENT_SECRET: 'secret',
    PAYPAL_PLAN_ID: 'P-123',
    PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
  }

  it('uses the sandbox payment provider without PayPal settings, PayPal with all four', () => {
    expect(loadConfig(SANDBOX).billing).toEqual({ provider: { kind: 'sandbox' }, testClock: false })
    expect(loadConfig({ NODE_ENV: 'test', BILLING_TEST_CLOCK: '1' }).billing.testClock).toBe(true)
    expect(loadConfig(PAYPAL).billing).toEqual({
      provider: {
        kind: 'paypal',
        clientId: 'client',
        clientSecret: 'secret',
        planId: 'P-123',
        webhookId: '8PT597110X687430LKGECATA',
        env: 'sandbox',
        apiUrl: 'https://api-m.sandbox.paypal.com',
      },
      testClock: false,
    })
    expect(loadConfig({ ...PAYPAL, PAYPAL_ENV: 'live' }).billing.provider).toMatchObject({
      apiUrl: 'https://api-m.paypal.com',
    })
    expect(loadConfig({ ...PAYPAL, PAYPAL_API_URL: 'http://127.0.0.1:9/' }).billing.provider).toMatchObject({
      apiUrl: 'http://127.0.0.1:9',
    })
  })

  it('refuses part of a PayPal configuration, and the test clock with PayPal', () => {
    const { PAYPAL_WEBHOOK_ID: _, ...partial } = PAYPAL
    expect(() => loadConfig(partial)).toThrow('PAYPAL_WEBHOOK_ID')
    expect(() => loadConfig({ ...PAYPAL, BILLING_TEST_CLOCK: '1' })).toThrow('BILLING_TEST_CLOCK')
    expect(() => loadConfig({ ...PAYPAL, NODE_ENV: 'test', BILLING_TEST_CLOCK: '1' })).toThrow(
      'BILLING_TEST_CLOCK: only allowed with the sandbox provider',
    )
  })

  it.each([
    [{}],
    [{ NODE_ENV: 'production' }],
    [{ NODE_ENV: 'development' }],
    [{ NODE_ENV: 'production', BILLING_SANDBOX: '1' }],
  ])('refuses the billing test clock outside NODE_ENV=test, naming the setting (%j)', (env) => {
    expect(() => loadConfig({ ...env, BILLING_TEST_CLOCK: '1' })).toThrow(
      'BILLING_TEST_CLOCK: only allowed with NODE_ENV=test',
    )
  })

  it.each([[{}], [{ NODE_ENV: 'production' }], [{ NODE_ENV: '' }], [{ BILLING_SANDBOX: '0' }]])(
    'a production server (NODE_ENV unset or production) with no payment setting refuses to start and names it (%j)',
    (env) => {
      let error: unknown
      try {
        loadConfig(env)
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(ConfigError)
      const message = (error as ConfigError).message
      expect(message).toContain(
        'Set BILLING_SANDBOX=1 to run with the test-mode payment sandbox (payments simulated, anyone may make themselves Premium), or set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_PLAN_ID, PAYPAL_WEBHOOK_ID for real payments',
      )
    },
  )

  it('runs the sandbox when told so, in development and tests, or with PayPal configured', () => {
    expect(loadConfig({ BILLING_SANDBOX: '1' }).billing.provider.kind).toBe('sandbox')
    expect(loadConfig({ NODE_ENV: 'production', BILLING_SANDBOX: '1' }).billing.provider.kind).toBe('sandbox')
    expect(loadConfig({ NODE_ENV: 'development' }).billing.provider.kind).toBe('sandbox')
    expect(loadConfig({ NODE_ENV: 'test' }).billing.provider.kind).toBe('sandbox')
    expect(loadConfig(PAYPAL).billing.provider.kind).toBe('paypal')
  })

  it('npm start (main.js --sandbox) runs the sandbox with no settings, unless BILLING_SANDBOX is set', () => {
    // package.json's start runs scripts/start.mjs, which starts the built main.js with --sandbox.
    const start = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).scripts
      .start as string
    expect(start).toBe('node scripts/start.mjs')
    const script = readFileSync(new URL('../../../scripts/start.mjs', import.meta.url), 'utf8')
    const argv =
      /'main\.js'\), ('--[a-z]+')/
        .exec(script)
        ?.slice(1)
        .map((flag) => flag.slice(1, -1)) ?? []
    expect(argv).toEqual(['--sandbox'])
    expect(loadConfig(startEnvironment(argv, {})).billing.provider.kind).toBe('sandbox')
    expect(() => loadConfig(startEnvironment(argv, { BILLING_SANDBOX: '0' }))).toThrow(ConfigError)
    expect(() => loadConfig(startEnvironment([], {}))).toThrow('BILLING_SANDBOX')
    expect(loadConfig(startEnvironment(argv, PAYPAL)).billing.provider.kind).toBe('paypal')
  })

  it('refuses a PAYPAL_WEBHOOK_ID that is not PayPal’s letters and digits, naming the variable', () => {
    for (const bad of ['WH-1', 'WH 1', 'x'.repeat(51)]) {
      expect(() => loadConfig({ ...PAYPAL, PAYPAL_WEBHOOK_ID: bad })).toThrow(
        /PAYPAL_WEBHOOK_ID: .*letters and digits/,
      )
    }
  })
})
