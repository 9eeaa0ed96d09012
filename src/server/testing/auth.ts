import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { type BuildOptions, buildApp } from '../app'
import { openDatabase } from '../db/client'
import type { TestDatabase } from './harness'
import { testConfig } from './harness'

/** The origin of testConfig()'s PUBLIC_URL: what a browser on the app would send. */
export const APP_ORIGIN = 'http://localhost:3000'

export type TestApp = FastifyInstance & { dispose(): Promise<void> }

/** A built app on the shared test database, with its own throw-away config. */
export async function startApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const config = testConfig(env)
  const app = await buildApp(config, { database, logger: false, ...options })
  await app.ready()
  return Object.assign(app, {
    async dispose() {
      await app.close()
      config.cleanup()
    },
  })
}

type SendOptions = { cookie?: string; origin?: string | null; ip?: string; method?: 'POST' | 'PATCH' | 'GET' }

/** A JSON request as the web app sends it (same-origin, with its cookie). */
export function send(app: FastifyInstance, url: string, body?: unknown, options: SendOptions = {}) {
  const headers: Record<string, string> = {}
  if (options.origin !== null) headers.origin = options.origin ?? APP_ORIGIN
  if (options.cookie) headers.cookie = options.cookie
  return app.inject({
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    url,
    headers,
    remoteAddress: options.ip ?? '10.1.0.1',
    ...(body === undefined ? {} : { payload: body as object }),
  })
}

/** The name=value pairs a response sets, as one Cookie header (cleared cookies left out). */
export function cookieFrom(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie']
  const list = Array.isArray(raw) ? raw : raw ? [raw] : []
  return list
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair.split('=')[1] !== '')
    .join('; ')
}

export const newUser = (n: number | string = Math.random().toString(36).slice(2, 8)) => ({
  displayName: `Player ${n}`,
  email: `player-${n}@example.com`,
  password: 'wheel-secret',
  confirmPassword: 'wheel-secret',
})

/** Registers a user and returns the session cookie and the profile. */
export async function register(app: FastifyInstance, user = newUser(), ip?: string) {
  const response = await send(app, '/api/account/register', user, { ip })
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`)
  return { cookie: cookieFrom(response), profile: response.json().profile, user }
}

/** Registers a user and gives them an active monthly plan (as a paid subscription would). */
export async function registerPremium(app: TestApp) {
  const user = await register(app)
  await app.accounts.profiles.updatePlan(user.profile.userId, {
    planType: 'monthly',
    subscriptionStatus: 'active',
    subscriptionId: 'TEST-1',
    subscriptionExpiresAt: new Date(Date.now() + 30 * 86_400_000),
  })
  return user
}

/**
 * Another server process on the test's PostgreSQL schema: its own pool, listening connections and
 * caches. `cleanups` gets what stops it.
 */
export async function startSecondProcess(
  database: TestDatabase,
  cleanups: (() => Promise<unknown>)[],
): Promise<TestApp> {
  const own = await openDatabase({
    kind: 'postgres',
    url: process.env.DATABASE_URL as string,
    schema: database.schema,
  })
  const app = await startApp({ ...own, dispose: () => own.close() })
  cleanups.push(
    () => app.dispose(),
    () => own.close(),
  )
  return app
}
