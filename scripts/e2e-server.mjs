// Starts the built server for the Playwright run on a fresh data folder.
import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'

const dataDir = process.env.DATA_DIR
if (!dataDir) throw new Error('DATA_DIR must be set')
rmSync(dataDir, { recursive: true, force: true })
if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.js')) {
  console.error('The app is not built: run `npm run build` first (npm test does).')
  process.exit(1)
}
const child = spawn(process.execPath, ['dist/server/main.js'], { stdio: 'inherit', env: process.env })
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
