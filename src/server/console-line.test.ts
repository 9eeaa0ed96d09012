import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app'
import { loadConfig } from './config/config'
import { startEnvironment } from './config/start-environment'
import { consoleMode, peopleLogStream, startLine } from './console-line'
import { send } from './testing/auth'
import { openTestDatabase, type TestDatabase, testConfig } from './testing/harness'

const PAYPAL = {
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_PLAN_ID: 'P-1',
  PAYPAL_WEBHOOK_ID: 'WH1',
}

describe('what npm start prints', () => {
  it('one line with the address, the payment mode and where the data is', () => {
    const config = loadConfig(startEnvironment(['--sandbox'], {}))
    expect(startLine(config, process.cwd())).toBe(
      'Whirl is running at http://localhost:3000 (test-mode payments; data in ./data)',
    )
    const elsewhere = loadConfig(
      startEnvironment(['--sandbox'], {
        PORT: '8080',
        DATA_DIR: '/srv/whirl',
        ...PAYPAL,
        PAYPAL_ENV: 'live',
      }),
    )
    expect(startLine(elsewhere, '/home/ada/whirl')).toBe(
      'Whirl is running at http://localhost:8080 (real payments through PayPal; data in /srv/whirl)',
    )
    const postgres = loadConfig(startEnvironment(['--sandbox'], { DATABASE_URL: 'postgres://db/whirl' }))
    expect(startLine(postgres)).toMatch(/\(test-mode payments; data in PostgreSQL\)$/)
  })

  it('talks to people for npm start without LOG_LEVEL; JSON lines with LOG_LEVEL set or without --sandbox', () => {
    expect(consoleMode(['--sandbox'], {})).toBe('people')
    expect(loadConfig(startEnvironment(['--sandbox'], {})).logLevel).toBe('warn')
    expect(consoleMode(['--sandbox'], { LOG_LEVEL: 'info' })).toBe('json')
    expect(loadConfig(startEnvironment(['--sandbox'], { LOG_LEVEL: 'info' })).logLevel).toBe('info')
    expect(consoleMode([], {})).toBe('json')
    expect(loadConfig(startEnvironment([], { BILLING_SANDBOX: '1' })).logLevel).toBe('info')
  })

  it('writes a log line as words: the message, and an error’s type and message', () => {
    const out: string[] = []
    const stream = peopleLogStream((text) => out.push(text))
    stream.write('{"level":40,"time":1,"msg":"*** TEST MODE ***"}\n')
    stream.write(
      '{"level":50,"msg":"plan check failed","err":{"type":"TypeError","message":"x is undefined"}}\n',
    )
    stream.write('not json')
    expect(out).toEqual([
      '*** TEST MODE ***\n',
      'Error: plan check failed (TypeError: x is undefined)\n',
      'not json\n',
    ])
  })
})

describe('the console of npm start, on pglite', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
  })
  afterAll(async () => database.dispose())

  /** The console output of a server started as main.ts starts it, after one request. */
  async function consoleAfterARequest(env: Record<string, string>) {
    const out: string[] = []
    const argv = ['--sandbox']
    const base = testConfig()
    const config = loadConfig(
      startEnvironment(argv, { DATA_DIR: base.dataDir, WEB_DIR: base.webDir, ...env }),
    )
    const stream =
      consoleMode(argv, env) === 'people'
        ? peopleLogStream((text) => out.push(text))
        : { write: (line: string) => void out.push(line) }
    const app = await buildApp(config, { database, logger: { stream } })
    try {
      await app.ready()
      expect((await send(app, '/api/health')).statusCode).toBe(200)
    } finally {
      await app.close()
      base.cleanup()
    }
    return out
  }

  it('prints the test-mode warning in words and no line per request', async () => {
    expect(await consoleAfterARequest({})).toEqual([
      expect.stringMatching(/^\*\*\* TEST MODE: payments are simulated .* \*\*\*\n$/),
    ])
  })

  it('with LOG_LEVEL=info, logs every request as JSON, as in production', async () => {
    const lines = (await consoleAfterARequest({ LOG_LEVEL: 'info' })).map((line) => JSON.parse(line))
    expect(lines.some((line) => line.msg === 'incoming request' && line.req?.url === '/api/health')).toBe(
      true,
    )
    expect(lines.some((line) => line.level === 40 && /TEST MODE/.test(line.msg))).toBe(true)
  })
})
