// Starts the built server for the Playwright run on a fresh data folder.
import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'

const dataDir = process.env.DATA_DIR
if (!dataDir) throw new Error('DATA_DIR must be set')
rmSync(dataDir, { recursive: true, force: true })
// BUILD_DIR (default dist) lets a private build run beside the shared one.
const buildDir = process.env.BUILD_DIR || 'dist'
const main = path.join(buildDir, 'server', 'main.js')
if (!existsSync(path.join(buildDir, 'web', 'index.html')) || !existsSync(main)) {
  console.error('The app is not built: run `npm run build` first (npm test does).')
  process.exit(1)
}
// On PostgreSQL, the schema of an earlier run goes, as the data folder does.
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query(`drop schema if exists "${process.env.DATABASE_SCHEMA}" cascade`)
  } finally {
    await client.end()
  }
}
const child = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: { ...process.env, WEB_DIR: path.join(buildDir, 'web') },
})
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
