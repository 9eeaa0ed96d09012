import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './e2e/chromium'

const PORT = Number(process.env.E2E_PORT ?? 3210)
export const BASE_URL = `http://127.0.0.1:${PORT}`
process.env.E2E_DATA_DIR ??= path.resolve('.tmp/e2e-data')

// The machine's Chromium with the flags every browser run here uses (e2e/chromium.ts, as the benchmarks).
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS },
}

export default defineConfig({
  testDir: 'e2e',
  // CI's machine can be several times slower than a desk's (a new page took 0.5-1 s there):
  // twice the time before a step counts as failed. A test that waits on a promise of the product
  // ("within 5 s") names its own limit.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  fullyParallel: true,
  workers: process.env.CI ? 3 : undefined,
  // CI runs the browser on a shared 2-core machine, where a timing-sensitive test can lose a race
  // with the machine rather than with the product. One retry there; a test that passes only on the
  // retry is still reported by name as "flaky" in the run's output, and a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: BASE_URL,
    // A trace records screenshots and DOM snapshots at every step: about 30% of the run's CPU on
    // 2 cores (docs/decisions/0055-ci-time.md). CI records it on the retry of a failed test, which
    // a real failure always has; a desk run keeps it for any failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The service worker precaches the whole app (about a hundred files) in every new context,
    // which on a 2-core machine took seconds of CPU per test. Only the specs about it allow it
    // (offline.spec.ts); every other journey runs as a first visit that is not yet controlled.
    serviceWorkers: 'block',
    // Tests start with cookie consent given, so the dialog does not cover the page; consent tests reset it.
    storageState: {
      cookies: [],
      origins: [{ origin: BASE_URL, localStorage: [{ name: 'cookieConsent', value: 'accepted' }] }],
    },
  },
  // The server's billing clock is one for all tests. A test that moves it (tagged @clock) lapses
  // every plan it passes, a parallel test's just-simulated month included, so the @clock tests run
  // after all the others, one project after the other (a project's dependencies finish first).
  projects: [
    { name: 'chromium', use: chromium, grepInvert: /@clock/ },
    { name: 'clock: billing', use: chromium, grep: /@clock billing/, dependencies: ['chromium'] },
    { name: 'clock: trial', use: chromium, grep: /@clock trial/, dependencies: ['clock: billing'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // With DATABASE_URL set (CI sets it), the app runs on that PostgreSQL, in a schema of its own
      // that e2e-server.mjs empties first; without it, on PGlite in the data folder, as `npm start`.
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DATABASE_SCHEMA: `e2e_${PORT}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SUPPORT_EMAIL: 'support@whirl.test',
      // The billing spec moves the sandbox provider's clock past a subscription's end (sandbox only).
      BILLING_TEST_CLOCK: '1',
      // The draws spec overwrites a stored server seed, as an attacker with the database would (test only).
      DRAWS_TEST_TAMPER: '1',
    },
  },
})
