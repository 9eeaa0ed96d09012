// A PostgreSQL of the bench's own: initdb in a temporary folder, its own port, started and stopped
// with pg_ctl, never the machine's shared server. As root, every PostgreSQL program runs as the
// user postgres (runuser), which owns the folder.
import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './support'

function binDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0]) throw new Error(`no PostgreSQL server binaries under ${root}/*/bin`)
  return path.join(root, versions[0], 'bin')
}

export type PrivatePostgres = {
  url: string
  port: number
  /** Stops the server (pg_ctl stop -m fast: open connections are ended). */
  stop(): Promise<void>
  /** Starts it again and resolves once it accepts connections (pg_ctl start -w). */
  start(): Promise<void>
  /** Stops it and removes its folder. */
  destroy(): Promise<void>
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir()
  const dir = mkdtempSync(path.join(tmpdir(), 'whirl-bench-pg-'))
  const data = path.join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  // Asynchronous, so a bench that drives load meanwhile is not held up.
  const run = (program: string, args: string[]) =>
    asRoot
      ? promisify(execFile)('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
      : promisify(execFile)(path.join(bin, program), args)
  const port = await freePort()
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'])
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  await start()
  let running = true
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await stop()
      running = false
    },
    async start() {
      await start()
      running = true
    },
    async destroy() {
      try {
        if (running) await stop()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
