import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3210)
export const BASE_URL = `http://127.0.0.1:${PORT}`
process.env.E2E_DATA_DIR ??= path.resolve('.tmp/e2e-data')

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // CI runs the browser on a shared 2-core machine, where a timing-sensitive test can lose a race
  // with the machine rather than with the product. One retry there; a test that passes only on the
  // retry is still reported by name as "flaky" in the run's output, and a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    // Tests start with cookie consent given, so the dialog does not cover the page; consent tests reset it.
    storageState: {
      cookies: [],
      origins: [{ origin: BASE_URL, localStorage: [{ name: 'cookieConsent', value: 'accepted' }] }],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
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
      DATABASE_URL: '',
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
