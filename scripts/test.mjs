// The README's test command: typecheck, lint, the layout check (no import cycles, no feature
// importing a sibling), unit tests and build with the server tests beside them, then the
// Playwright tests in Debian's Chromium and the nginx test. Runs every step, then prints one
// line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { inputsDigest, writeStamp } from './build-stamp.mjs'

const tmp = '.tmp/test-results'
rmSync(tmp, { recursive: true, force: true })
mkdirSync(tmp, { recursive: true })

// The checkout as the tests found it: the last check compares it after `npm start`.
const statusBefore = `${tmp}/git-status-before.txt`
writeFileSync(statusBefore, spawnSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).stdout ?? '')

const totals = { passed: 0, failed: 0, skipped: 0 }
const failures = []
// Printed after the summary's flaky lines, so that the end of CI's output says why a step failed.
const laterNotes = []
// Vitest tests that failed, named at the end beside the flaky browser tests.
const failedNames = []

function run(name, command, args, env = {}) {
  console.log(`\n━━ ${name}: ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  if (!ok) failures.push(name)
  return ok
}

function check(name, command, args) {
  // A check that is not a test runner counts as one test.
  if (run(name, command, args)) totals.passed += 1
  else totals.failed += 1
}

/** One vitest run of `projects`, its JSON report named after the first. */
const vitestArgs = (...projects) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${tmp}/${projects[0]}.json`,
]

function vitest(...projects) {
  run(`${projects.join(' and ')} tests`, 'npx', vitestArgs(...projects))
  countVitest(projects[0])
}

/**
 * A vitest project in the background, its output kept in a file and printed when `finish()` is
 * awaited. The server tests are the longest step before the browser tests and wait on their
 * databases part of the time: the checks, the unit tests and the build run beside them.
 */
function vitestInBackground(project) {
  const log = `${tmp}/${project}.log`
  console.log(
    `\n━━ ${project} tests (beside the steps below; their output follows the build): npx ${vitestArgs(project).join(' ')}`,
  )
  const fd = openSync(log, 'w')
  const child = spawn('npx', vitestArgs(project), {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, FORCE_COLOR: '1' },
  })
  closeSync(fd)
  const exited = new Promise((resolve) => {
    child.on('exit', (code) => resolve(code))
    child.on('error', () => resolve(1))
  })
  return {
    async finish() {
      const code = await exited
      console.log(`\n━━ ${project} tests (ran beside the steps above)`)
      const output = readFileSync(log, 'utf8')
      process.stdout.write(output)
      if (code !== 0) failures.push(`${project} tests`)
      const failedTests = countVitest(project)
      // Every test passed yet vitest failed (an unhandled error, a crashed worker): one failure,
      // and its error printed again at the end, where CI's tail of the output shows it.
      if (code !== 0 && failedTests === 0) {
        totals.failed += 1
        laterNotes.push(`${project} tests exited with ${code} with no failed test:`, errorSection(output))
      }
    },
  }
}

/** What vitest printed about errors outside the tests: from its error banner, or its last lines. */
function errorSection(output) {
  const lines = stripVTControlCharacters(output).split('\n')
  const banner = lines.findIndex((line) => /⎯{3,} .*(Unhandled|Error)/.test(line))
  return (banner >= 0 ? lines.slice(banner, banner + 60) : lines.slice(-40)).join('\n')
}

/** Adds a vitest project's JSON report to the totals; returns its failed tests. */
function countVitest(project) {
  const out = `${tmp}/${project}.json`
  if (!existsSync(out)) {
    totals.failed += 1
    return 1
  }
  const report = JSON.parse(readFileSync(out, 'utf8'))
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests + (report.numTotalTestSuites === 0 ? 1 : 0)
  totals.skipped += report.numPendingTests + report.numTodoTests
  // A suite that failed to load reports no tests: count it as a failure.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  )
  totals.failed += brokenFiles.length
  // Named again at the end, where CI's tail of the output shows them.
  for (const file of brokenFiles) failedNames.push(`${relative('.', file.name)}: did not load`)
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failedNames.push(`${relative('.', file.name)}: ${test.fullName}`)
    }
  }
  return report.numFailedTests + brokenFiles.length
}

// Browser tests that failed once and passed on CI's retry: named at the end, never hidden.
const flaky = []
function flakyTitles(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((t) => t.status === 'flaky').map(() => `${spec.file}: ${spec.title}`),
    ),
    ...flakyTitles(suite.suites ?? []),
  ])
}

function playwright() {
  const out = `${tmp}/e2e.json`
  run('browser tests', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out })
  if (!existsSync(out)) {
    totals.failed += 1
    return
  }
  const report = JSON.parse(readFileSync(out, 'utf8'))
  const { stats, errors } = report
  totals.passed += stats.expected + stats.flaky
  flaky.push(...flakyTitles(report.suites ?? []))
  totals.failed += stats.unexpected + (errors?.length ?? 0)
  totals.skipped += stats.skipped
}

function nginxTest() {
  const out = `${tmp}/nginx.json`
  run('nginx test', 'node', ['scripts/nginx-test.mjs'], { NGINX_RESULTS: out })
  if (!existsSync(out)) {
    totals.failed += 1
    return
  }
  const counts = JSON.parse(readFileSync(out, 'utf8'))
  totals.passed += counts.passed
  totals.failed += counts.failed
  totals.skipped += counts.skipped
}

const chromiumReady = run('chromium', 'bash', ['scripts/ensure-chromium.sh'])
const nginxReady = run('nginx', 'bash', ['scripts/ensure-nginx.sh'])
const serverTests = vitestInBackground('server')
check('typecheck', 'npm', ['run', '--silent', 'typecheck'])
check('lint', 'npx', ['biome', 'check', '.'])
check('structure', 'node', ['scripts/check-structure.mjs'])
check('catalogue', 'node', ['scripts/i18n.mjs', 'check'])
vitest('unit', 'web')
const built = run('build', 'npm', ['run', '--silent', 'build'])
// Stamped as `npm start` stamps its builds, so that a start after the tests does not build again.
if (built) writeStamp('.', process.env.BUILD_DIR || 'dist', inputsDigest('.'))
// Not beside the browser tests: Chromium raises its own threads' priority and starved them.
await serverTests.finish()
if (built && chromiumReady) playwright()
else totals.failed += 1
// Two built server processes behind nginx, killed and restarted (issue 20).
if (built && nginxReady) nginxTest()
else totals.failed += 1

// The README's first command on this build: no second build, and the checkout left as it was.
if (built) check('npm start', 'node', ['scripts/start-check.mjs', statusBefore])
else totals.failed += 1

console.log('')
for (const title of flaky) console.log(`flaky (passed on retry): ${title}`)
for (const name of failedNames) console.log(`failed: ${name}`)
for (const note of laterNotes) console.log(note)
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`)
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : ''
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`)
process.exit(totals.failed > 0 || failures.length > 0 ? 1 : 0)
