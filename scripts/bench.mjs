// npm run bench: builds the app, then runs the benchmarks in bench/ (pass names to run only some).
import { spawnSync } from 'node:child_process'

const step = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
step('bash', ['scripts/ensure-chromium.sh'])
step('npm', ['run', '--silent', 'build'])
step('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)])
