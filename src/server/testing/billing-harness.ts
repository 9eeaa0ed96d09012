import type { FastifyInstance } from 'fastify'
import { type BillingClock, createBillingClock } from '../billing/clock'
import { APP_ORIGIN, type TestApp } from './auth'
import type { TestDatabase } from './harness'
import { useTestApp } from './test-app'

export type SandboxBillingApp = {
  readonly database: TestDatabase
  readonly app: TestApp
  clock: BillingClock
}

/**
 * The app with the sandbox provider on a test clock, for one describe block of billing tests
 * (useTestApp): a fresh database, users and rate-limit windows removed after each test, `cleanUp`
 * for the rest.
 */
export function useSandboxBillingApp(
  kind: 'pglite' | 'postgres',
  cleanUp?: (database: TestDatabase) => Promise<void>,
): SandboxBillingApp {
  const clock = createBillingClock()
  const server = useTestApp(kind, {
    env: { BILLING_TEST_CLOCK: '1' },
    build: { billing: { clock } },
    cleanUp,
  })
  return {
    clock,
    get app() {
      return server.app
    },
    get database() {
      return server.database
    },
  }
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
