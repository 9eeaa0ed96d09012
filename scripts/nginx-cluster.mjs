// Two built server processes on one PostgreSQL behind Debian's nginx, configured with
// deploy/nginx.conf.example (ports changed). Used by the nginx test and the nginx bench.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx'

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export async function waitHealthy(url, timeoutMs = 30_000) {
  const started = Date.now()
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {}
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not become healthy`)
    await sleep(100)
  }
}

/** The example config with its ports replaced, wrapped in a main config that runs in `dir`. */
function nginxConfig(dir, listen, ports) {
  let example = readFileSync('deploy/nginx.conf.example', 'utf8')
  example = example.replace('listen 8080;', `listen 127.0.0.1:${listen};`)
  example = example
    .replace('127.0.0.1:3001', `127.0.0.1:${ports[0]}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${ports[1]}`)
  writeFileSync(path.join(dir, 'whirl.conf'), example)
  const main = `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  # A load generator keeps each connection for tens of thousands of requests. nginx's default closes
  # a client connection after 1,000, and autocannon counts the request it had already sent on it as
  # an error (1-5 in 100,000); browsers simply reconnect.
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/whirl.conf;
}
`
  writeFileSync(path.join(dir, 'nginx.conf'), main)
  return path.join(dir, 'nginx.conf')
}

/**
 * Starts `count` (1 or 2) server processes and nginx in front. Returns the nginx URL, the
 * processes' URLs, kill(i) (SIGKILL) and restart(i), and stop().
 */
export async function startCluster({ count = 2, env = {} } = {}) {
  const buildDir = process.env.BUILD_DIR || 'dist'
  const main = path.join(buildDir, 'server', 'main.js')
  if (!existsSync(main)) throw new Error(`${main} is missing: build first (npm run build)`)
  if (!existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX}: run scripts/ensure-nginx.sh`)
  const dir = path.join(tmpdir(), `whirl-nginx-${randomBytes(4).toString('hex')}`)
  mkdirSync(dir, { recursive: true })
  const schema = `nginx_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  const ports = [await freePort(), await freePort()]
  const listen = await freePort()
  const url = `http://127.0.0.1:${listen}`
  const children = []
  const logs = ['', '']

  const start = async (i) => {
    const child = spawn(process.execPath, [main], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        DATABASE_SCHEMA: schema,
        DATA_DIR: path.join(dir, `data-${i}`),
        WEB_DIR: path.join(buildDir, 'web'),
        PUBLIC_URL: url,
        TRUST_PROXY: '1',
        AUTH_SECRET: 'nginx-test-secret-0123456789abcdefghijklmnop',
        ...env,
      },
    })
    child.stdout.on('data', (chunk) => {
      logs[i] += chunk
    })
    child.stderr.on('data', (chunk) => {
      logs[i] += chunk
    })
    children[i] = child
    await waitHealthy(`http://127.0.0.1:${ports[i]}`)
  }
  // One at a time: the first applies the migrations to the new schema.
  for (let i = 0; i < count; i++) await start(i)
  const configFile = nginxConfig(dir, listen, count === 2 ? ports : [ports[0], ports[0]])
  const nginx = spawn(NGINX, ['-p', dir, '-c', configFile, '-g', 'daemon off;'], { stdio: 'inherit' })
  await waitHealthy(url)

  return {
    url,
    ports,
    logs,
    kill(i) {
      children[i]?.kill('SIGKILL')
    },
    /** The processes' ids (the live bench reads their memory). */
    pids: () => children.map((child) => child?.pid),
    restart: (i) => start(i),
    async stop() {
      nginx.kill('SIGTERM')
      for (const child of children) child?.kill('SIGTERM')
      await sleep(300)
      spawnSync('psql', [process.env.DATABASE_URL, '-qc', `drop schema if exists "${schema}" cascade`], {
        stdio: 'ignore',
      })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
