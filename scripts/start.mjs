// `npm start`: builds only when a build input changed since the last successful build
// (scripts/build-stamp.mjs), then starts the built server with the test-mode payment sandbox
// (`--sandbox`; BILLING_SANDBOX set in the environment wins). `npm run build` always rebuilds.
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { inputsDigest, rebuildReason, writeStamp } from './build-stamp.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const buildDir = process.env.BUILD_DIR || 'dist'

const digest = inputsDigest(root)
const reason = rebuildReason(root, buildDir, digest)
if (reason) {
  console.info(`Building Whirl (${reason}); this takes a little while…`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const build = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) {
    console.error('The build failed: see the messages above.')
    process.exit(build.status ?? 1)
  }
  writeStamp(root, buildDir, digest)
}

const server = spawn(
  process.execPath,
  [path.join(root, buildDir, 'server', 'main.js'), '--sandbox', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { WEB_DIR: path.join(root, buildDir, 'web'), ...process.env } },
)
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
