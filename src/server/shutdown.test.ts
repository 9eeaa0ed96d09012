import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from './app'
import { testConfig } from './testing/harness'

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

describe('graceful shutdown', () => {
  const config = testConfig()
  afterAll(() => config.cleanup())

  it('finishes requests in flight, then refuses new ones and closes the database', async () => {
    const app = await buildApp(config, { logger: false })
    app.get('/api/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 400))
      return { done: true }
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no address')
    const base = `http://127.0.0.1:${address.port}`

    const inFlight = fetch(`${base}/api/test/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const closing = app.close()

    expect(await inFlight).toEqual({ status: 200, body: { done: true } })
    await closing
    await expect(fetch(`${base}/api/health`)).rejects.toThrow()
    await expect(app.database.ping()).rejects.toThrow()
  })
})

function collect(child: ChildProcess): () => string {
  let out = ''
  child.stdout?.on('data', (d) => {
    out += d
  })
  child.stderr?.on('data', (d) => {
    out += d
  })
  return () => out
}

describe('the server process', () => {
  const config = testConfig()
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL')
    config.cleanup()
  })

  const start = (env: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', DATA_DIR: config.dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    return child
  }

  it('stops at start-up with a message naming a bad variable', async () => {
    const child = start({ PORT: 'not-a-port' })
    const output = collect(child)
    const [code] = await once(child, 'exit')
    expect(code).toBe(1)
    expect(output()).toMatch(/PORT/)
  })

  it('exits cleanly on SIGTERM', async () => {
    const port = await freePort()
    const child = start({ PORT: String(port), HOST: '127.0.0.1' })
    const output = collect(child)
    let healthy = false
    for (let i = 0; i < 150 && !healthy; i++) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(healthy).toBe(true)
    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    expect(code).toBe(0)
    expect(output()).toContain('shutdown complete')
  }, 60_000)
})
