/**
 * The environment as `node dist/server/main.js --sandbox` (what `npm start`, scripts/start.mjs,
 * runs) sees it: the flag says BILLING_SANDBOX=1 unless the environment sets BILLING_SANDBOX
 * itself, so the README's `npm install && npm start` runs in test mode with no setup while a
 * production server started any other way must name its payment setting; and LOG_LEVEL=warn unless
 * set, so a person trying Whirl sees one line with the address, not a line per request.
 */
export function startEnvironment(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  if (!argv.includes('--sandbox')) return env
  return {
    ...env,
    BILLING_SANDBOX: env.BILLING_SANDBOX ?? '1',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  }
}
