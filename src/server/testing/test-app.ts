import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { BuildOptions } from '../app'
import { authRateLimits, users } from '../db/schema'
import { startApp, type TestApp } from './auth'
import { openTestDatabase, type TestDatabase } from './harness'

/** What most server tests remove after each test: the users (and all that is theirs) and rate-limit windows. */
export const USER_TABLES: readonly PgTable[] = [users, authRateLimits]

type Given<T> = T | (() => T)
const resolved = <T>(given: Given<T>): T => (typeof given === 'function' ? (given as () => T)() : given)

export type TestAppSetup = {
  /** Environment overrides for the app's config; a function is read in beforeAll (after the file's own). */
  env?: Given<Record<string, string>>
  /** buildApp's options (a mailer, a clock, short intervals…). */
  build?: Given<Omit<BuildOptions, 'database'>>
  /** Tables emptied after each test, in this order; [] keeps every row for the next test. */
  clean?: readonly PgTable[]
  /** Runs after each test, once the tables are emptied. */
  cleanUp?: (database: TestDatabase) => Promise<void> | void
}

/** The app and its database, there from the describe block's beforeAll until its afterAll. */
export type AppUnderTest = { readonly app: TestApp; readonly database: TestDatabase }

/**
 * The server test kit: for one describe block, a fresh migrated database of `kind` (in-memory PGlite,
 * or a schema of its own on DATABASE_URL's PostgreSQL), the app built on it, the tables of `clean`
 * emptied after each test (users and rate-limit windows unless told otherwise), and both disposed
 * at the end. Read `app` and `database` inside tests and hooks.
 *
 *   describe.each(DATABASE_KINDS)('wheels on %s', (kind) => {
 *     const server = useTestApp(kind)
 *     it('…', async () => { await send(server.app, '/api/wheels') })
 *   })
 */
export function useTestApp(kind: 'pglite' | 'postgres', setup: TestAppSetup = {}): AppUnderTest {
  const { env = {}, build = {}, clean = USER_TABLES, cleanUp } = setup
  let app: TestApp | undefined
  let database: TestDatabase | undefined
  const started = () => {
    if (!app || !database)
      throw new Error('the test app starts in beforeAll: read it inside a test or a hook')
    return { app, database }
  }
  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await startApp(database, resolved(env), resolved(build))
  })
  if (clean.length > 0 || cleanUp) {
    afterEach(async () => {
      const { database } = started()
      for (const table of clean) await database.db.delete(table)
      await cleanUp?.(database)
    })
  }
  afterAll(async () => {
    await app?.dispose()
    await database?.dispose()
  })
  return {
    get app() {
      return started().app
    },
    get database() {
      return started().database
    },
  }
}
