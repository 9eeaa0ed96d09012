import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { type BillingClock, createBillingClock } from '../billing/clock'
import { authRateLimits, users } from '../db/schema'
import { APP_ORIGIN, startApp, type TestApp } from './auth'
import { openTestDatabase, type TestDatabase } from './harness'

export type SandboxBillingApp = { database: TestDatabase; app: TestApp; clock: BillingClock }

/**
 * The app with the sandbox provider on a test clock, for one describe block of billing tests: a
 * fresh database, users and rate-limit windows removed after each test, `cleanUp` for the rest.
 */
export function useSandboxBillingApp(
  kind: 'pglite' | 'postgres',
  cleanUp?: (database: TestDatabase) => Promise<void>,
): SandboxBillingApp {
  const context = { clock: createBillingClock() } as SandboxBillingApp
  beforeAll(async () => {
    context.database = await openTestDatabase(kind)
    context.app = await startApp(
      context.database,
      { BILLING_TEST_CLOCK: '1' },
      { billing: { clock: context.clock } },
    )
  })
  afterEach(async () => {
    await context.database.db.delete(users)
    await context.database.db.delete(authRateLimits)
    await cleanUp?.(context.database)
  })
  afterAll(async () => {
    await context.app.dispose()
    await context.database.dispose()
  })
  return context
}

/** The sandbox approval page's form, as a browser on the page submits it. */
export function decideOnSandbox(
  app: FastifyInstance,
  field: 'subscription_id' | 'order_id',
  id: string,
  decision: 'approve' | 'cancel' = 'approve',
) {
  return app.inject({
    method: 'POST',
    url: '/billing/sandbox/approve',
    headers: { origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ [field]: id, decision }).toString(),
  })
}
