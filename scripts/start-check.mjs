// The README's first command leaves the checkout as it found it (issue 34): `npm start` (the same
// scripts/start.mjs) starts the server built by `npm test` without building again, on a free port
// with the default data folder, answers /api/health, and stops on SIGTERM; `git status` is then what
// it was before `npm test` began (argv[2]: a file holding that status). Exits 1 with the reason.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { freePort, waitHealthy } from './nginx-cluster.mjs'

const gitStatus = () => spawnSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).stdout ?? ''
const before = readFileSync(process.argv[2] ?? '', 'utf8')

const port = await freePort()
let output = ''
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'pipe'],
  // A process group of its own: a failed check stops start.mjs and the server it started.
  detached: true,
})
for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => (output += chunk))
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)))

const fail = (reason) => {
  console.log(`npm start: ${reason}\n${output}`)
  try {
    process.kill(-server.pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
  process.exit(1)
}

// A server that dies while starting is reported at once, not after the whole wait.
const healthy = await Promise.race([
  waitHealthy(`http://127.0.0.1:${port}`, 60_000).then(
    () => 'healthy',
    () => 'the server did not answer /api/health within 60 s',
  ),
  exited.then((code) => `it exited with ${code} before answering /api/health`),
])
if (healthy !== 'healthy') fail(healthy)
if (/Building Whirl/.test(output)) fail('it built again, though npm test had just built the same files')
server.kill('SIGTERM')
const code = await exited
if (code !== 0) fail(`the server exited with ${code} on SIGTERM`)
const after = gitStatus()
if (after !== before) fail(`git status changed:\nbefore:\n${before || '(clean)\n'}after:\n${after}`)
const line = output.split('\n').find((l) => l.includes(`:${port}`)) ?? ''
console.log(
  `npm start: started without building, said "${line.trim()}", answered /api/health, stopped cleanly on SIGTERM; git status unchanged (${after ? 'as it was' : 'clean'})`,
)
