// The machine's Chromium and the flags every browser run here uses: the Playwright specs
// (playwright.config.ts) and the benchmarks (bench/support.ts, bench/lighthouse.bench.ts).
import { existsSync } from 'node:fs'

/** Debian's Chromium, or the one CHROMIUM_PATH names: the benchmarks measure the full browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The browser the Playwright specs run in: Debian's `chromium-headless-shell` (the same Chromium
 * build, without the desktop browser's shell), which `scripts/ensure-chromium.sh` installs beside
 * `chromium`. On the 2-core machine it ran all 186 specs in 502 s against 806 s for the full
 * browser, and two specs' CPU fell from 75 to 39 s (decision 0060). CHROMIUM_PATH overrides it,
 * and a machine without the shell uses the full browser.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH)

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
