import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { ConfigError, loadConfig } from '../config/config'
import { startEnvironment } from '../config/start-environment'
import { register, send } from '../testing/auth'
import { DATABASE_KINDS, testConfig } from '../testing/harness'
import { useTestApp } from '../testing/test-app'

const PAYPAL = {
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_PLAN_ID: 'P-1',
  PAYPAL_WEBHOOK_ID: 'WH1',
}

describe('payment mode settings', () => {
  it('starts in sandbox mode with no settings at all through npm start (main.js --sandbox) on a fresh machine', () => {
    expect(loadConfig(startEnvironment(['--sandbox'], {})).billing.provider.kind).toBe('sandbox')
  })

  it('refuses NODE_ENV=production with the sandbox unless BILLING_SANDBOX=1, naming the settings', () => {
    let error: unknown
    try {
      loadConfig({ NODE_ENV: 'production' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect(String((error as Error).message)).toMatch(/NODE_ENV unset or production/)
    expect(String((error as Error).message)).toMatch(/BILLING_SANDBOX=1/)
    expect(loadConfig({ NODE_ENV: 'production', BILLING_SANDBOX: '1' }).billing.provider.kind).toBe('sandbox')
    expect(loadConfig({ NODE_ENV: 'production', ...PAYPAL }).billing.provider.kind).toBe('paypal')
  })
})

describe.each(DATABASE_KINDS)('payment mode on %s', (kind) => {
  const server = useTestApp(kind, { env: { BILLING_TEST_CLOCK: '1' }, clean: [] })

  it('says mode "sandbox" in /api/health', async () => {
    const res = await send(server.app, '/api/health')
    expect(res.json()).toMatchObject({ status: 'ok', mode: 'sandbox' })
  })

  it('logs a loud warning at start while the sandbox is active', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const config = testConfig({ LOG_LEVEL: 'info' })
    const other = await buildApp(config, { database: server.database, logger: { level: 'info', stream } })
    await other.ready()
    await other.close()
    config.cleanup()
    const warning = lines.map((l) => JSON.parse(l)).find((l) => /TEST MODE/.test(l.msg))
    expect(warning?.level).toBe(40)
    expect(warning?.msg).toMatch(/payments are simulated/)
  })

  it('moves the test clock only for a signed-in user', async () => {
    expect((await send(server.app, '/api/billing/test/clock')).statusCode).toBe(401)
    expect((await send(server.app, '/api/billing/test/clock', { advanceMs: 0 })).statusCode).toBe(401)
    const { cookie } = await register(server.app)
    expect((await send(server.app, '/api/billing/test/clock', { advanceMs: 0 }, { cookie })).statusCode).toBe(
      200,
    )
  })

  it('a signed-in user marks the email verified through the test shortcut (NODE_ENV=test only)', async () => {
    const { cookie } = await register(server.app)
    const res = await send(server.app, '/api/billing/test/verify-email', {}, { cookie })
    expect(res.statusCode).toBe(200)
  })

  it.each(['production', 'development'] as const)(
    'has no billing clock and no verify shortcut under NODE_ENV=%s, even with the test clock switched on',
    async (env) => {
      const config = testConfig({ BILLING_TEST_CLOCK: '1' })
      const other = await buildApp({ ...config, env }, { database: server.database, logger: false })
      try {
        await other.ready()
        const { cookie } = await register(other)
        for (const url of ['/api/billing/test/clock', '/api/billing/test/verify-email']) {
          const res = await send(other, url, url.endsWith('clock') ? { advanceMs: 0 } : {}, { cookie })
          expect(res.statusCode, url).toBe(404)
        }
        expect((await send(other, '/api/billing/test/clock', undefined, { cookie })).statusCode).toBe(404)
      } finally {
        await other.close()
        config.cleanup()
      }
    },
  )
})
