import path from 'node:path'
import { z } from 'zod'
import { parseTrustProxy } from './trust-proxy'

/** PayPal's webhook ids: letters and digits only, at most 50 (`verify_webhook_signature.webhook_id`). */
export const WEBHOOK_ID_PATTERN = /^[a-zA-Z0-9]{1,50}$/

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_SCHEMA: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
      .optional(),
  ),
  SUPPORT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email('must be an email address').default('support@whirl.localhost'),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url('must be a URL such as https://whirl.example').optional()),
  BODY_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1024).max(50_000_000).default(1_048_576),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default('Whirl <no-reply@whirl.localhost>')),
  CONTACT_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(5)),
  WEB_DIR: z.preprocess(emptyToUndefined, z.string().default('./dist/web')),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('false')
      .refine((value) => parseTrustProxy(value) !== null, {
        message:
          'must be false, a number of proxies in front (true means 1), or a comma-separated list of proxy addresses or CIDR ranges',
      }),
  ),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(10_000)),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
  ),
  AUTH_RATE_LIMIT_IP: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).optional(),
  ),
  AUTH_RATE_LIMIT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(10),
  ),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_PLAN_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_TRIAL_PLAN_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_WEBHOOK_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(WEBHOOK_ID_PATTERN, "must be PayPal's webhook id: letters and digits only, at most 50")
      .optional(),
  ),
  PAYPAL_ENV: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'live']).default('sandbox')),
  PAYPAL_API_URL: z.preprocess(
    emptyToUndefined,
    z.url('must be a URL such as https://api-m.paypal.com').optional(),
  ),
  BILLING_SANDBOX: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  BILLING_TEST_CLOCK: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  DRAWS_TEST_TAMPER: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  GOOGLE_ISSUER: z.preprocess(
    emptyToUndefined,
    z.url('must be a URL such as https://accounts.google.com').default('https://accounts.google.com'),
  ),
})

export type Config = {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  dataDir: string
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; schema?: string }
  supportEmail: string
  publicUrl: string
  bodyLimit: number
  /** Contact messages accepted per IP address per 15 minutes. */
  contactRateLimit: number
  mail: { kind: 'smtp'; url: string; from: string } | { kind: 'outbox'; dir: string; from: string }
  logLevel: string
  webDir: string
  shutdownTimeoutMs: number
  /**
   * Behind reverse proxies: false, how many proxies stand in front (the client address is the one
   * the outermost of them saw), or the proxies' addresses. Never "trust every hop", which would let
   * a client choose its own address with X-Forwarded-For.
   */
  trustProxy: false | number | string[]
  auth: {
    /** Signs session cookies; when unset the server generates one and keeps it in the database. */
    secret?: string
    /** Sign-in, sign-up and reset attempts allowed per 15 minutes, per IP address and per email. */
    rateLimit: { perIp: number; perEmail: number; windowMs: number }
    /** Password hashes: better-auth's scrypt, or a cheaper scrypt under NODE_ENV=test (test-password-hash.ts). */
    passwordHash: 'scrypt' | 'test'
    /** Google sign-in (OpenID Connect); null when not configured. */
    google: { clientId: string; clientSecret: string; issuer: string } | null
    /**
     * Origins whose pages may sign in and change things: PUBLIC_URL's; without PUBLIC_URL, every
     * loopback name of the port, so a local user may open http://127.0.0.1:3000 as well.
     */
    trustedOrigins: string[]
  }
  billing: BillingConfig
  /** Browser tests only: a route that overwrites a draw's stored server seed (NODE_ENV=test). */
  drawsTestTamper: boolean
}

/** The payment provider: PayPal when configured, else the built-in sandbox that charges nothing. */
export type BillingConfig = {
  provider:
    | { kind: 'sandbox' }
    | {
        kind: 'paypal'
        clientId: string
        clientSecret: string
        planId: string
        /** A plan with a 7-day TRIAL cycle at 0 before the monthly cycle (docs/decisions/0018); unset: no trial. */
        trialPlanId?: string
        webhookId: string
        env: 'sandbox' | 'live'
        apiUrl: string
      }
  /** Sandbox and NODE_ENV=test only: POST /api/billing/test/clock may move the billing clock forward. */
  testClock: boolean
}

const PAYPAL_KEYS = [
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_PLAN_ID',
  'PAYPAL_WEBHOOK_ID',
] as const

/**
 * The words of the refusal to start a production server that was told nothing about payments
 * (NODE_ENV unset or production, no PAYPAL_* settings, no BILLING_SANDBOX=1).
 */
export const NO_PAYMENT_SETTING =
  'BILLING_SANDBOX: no payment setting for a production server (NODE_ENV unset or production). ' +
  'Set BILLING_SANDBOX=1 to run with the test-mode payment sandbox (payments simulated, anyone may make themselves Premium), ' +
  `or set ${PAYPAL_KEYS.join(', ')} for real payments through PayPal ` +
  '(`npm start` sets BILLING_SANDBOX=1 itself; NODE_ENV=development also runs the sandbox).'

function billingConfig(e: z.infer<typeof envSchema>): BillingConfig {
  const missing = PAYPAL_KEYS.filter((key) => !e[key])
  if (e.BILLING_TEST_CLOCK === '1' && e.NODE_ENV !== 'test') {
    throw new ConfigError(['BILLING_TEST_CLOCK: only allowed with NODE_ENV=test (browser and server tests)'])
  }
  if (missing.length === PAYPAL_KEYS.length) {
    // A production server simulates payments only when told so: else anyone could be Premium.
    if (e.NODE_ENV === 'production' && e.BILLING_SANDBOX !== '1') throw new ConfigError([NO_PAYMENT_SETTING])
    return { provider: { kind: 'sandbox' }, testClock: e.BILLING_TEST_CLOCK === '1' }
  }
  if (missing.length > 0) {
    throw new ConfigError(missing.map((key) => `${key}: set all of ${PAYPAL_KEYS.join(', ')} to use PayPal`))
  }
  if (e.BILLING_TEST_CLOCK === '1') {
    throw new ConfigError([
      'BILLING_TEST_CLOCK: only allowed with the sandbox provider (no PAYPAL_* settings)',
    ])
  }
  return {
    provider: {
      kind: 'paypal',
      clientId: e.PAYPAL_CLIENT_ID as string,
      clientSecret: e.PAYPAL_CLIENT_SECRET as string,
      planId: e.PAYPAL_PLAN_ID as string,
      ...(e.PAYPAL_TRIAL_PLAN_ID ? { trialPlanId: e.PAYPAL_TRIAL_PLAN_ID } : {}),
      webhookId: e.PAYPAL_WEBHOOK_ID as string,
      env: e.PAYPAL_ENV,
      apiUrl: (
        e.PAYPAL_API_URL ??
        (e.PAYPAL_ENV === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')
      ).replace(/\/+$/, ''),
    },
    testClock: false,
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Reads and validates the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    )
  }
  const e = parsed.data
  if (!!e.GOOGLE_CLIENT_ID !== !!e.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError([
      `${e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'}: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together`,
    ])
  }
  if (e.DRAWS_TEST_TAMPER === '1' && e.NODE_ENV !== 'test') {
    throw new ConfigError(['DRAWS_TEST_TAMPER: only allowed with NODE_ENV=test'])
  }
  const billing = billingConfig(e)
  const dataDir = path.resolve(e.DATA_DIR)
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
      : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    supportEmail: e.SUPPORT_EMAIL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    bodyLimit: e.BODY_LIMIT,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    mail: e.SMTP_URL
      ? { kind: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM }
      : { kind: 'outbox', dir: path.join(dataDir, 'outbox'), from: e.MAIL_FROM },
    logLevel: e.LOG_LEVEL,
    webDir: path.resolve(e.WEB_DIR),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    auth: {
      secret: e.AUTH_SECRET,
      trustedOrigins: e.PUBLIC_URL
        ? [new URL(e.PUBLIC_URL).origin]
        : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${e.PORT}`),
      // Browser tests sign many users up and in from 127.0.0.1: under NODE_ENV=test the per-IP
      // default is high enough not to get in their way (the per-email limit stays).
      rateLimit: {
        perIp: e.AUTH_RATE_LIMIT_IP ?? (e.NODE_ENV === 'test' ? 1000 : 30),
        perEmail: e.AUTH_RATE_LIMIT_EMAIL,
        windowMs: 15 * 60 * 1000,
      },
      passwordHash: e.NODE_ENV === 'test' ? 'test' : 'scrypt',
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              issuer: e.GOOGLE_ISSUER.replace(/\/+$/, ''),
            }
          : null,
    },
    billing,
    drawsTestTamper: e.DRAWS_TEST_TAMPER === '1',
  }
}
