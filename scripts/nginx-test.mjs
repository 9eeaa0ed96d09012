// The nginx test (issue 20): two built server processes on the machine's PostgreSQL behind
// Debian's nginx, configured by deploy/nginx.conf.example. Prints one line per check and
// "nginx: N passed, N failed"; exits 1 when a check failed. Skips when DATABASE_URL is unset.
import { writeFileSync } from 'node:fs'
import http from 'node:http'
import { sleep, startCluster } from './nginx-cluster.mjs'
import { followRoom } from './nginx-rooms.mjs'

/** npm test reads the counts from NGINX_RESULTS. */
const report = (counts) => {
  if (process.env.NGINX_RESULTS) writeFileSync(process.env.NGINX_RESULTS, JSON.stringify(counts))
}

if (!process.env.DATABASE_URL) {
  console.log('nginx test skipped: DATABASE_URL is not set (it needs a PostgreSQL that both processes share)')
  report({ passed: 0, failed: 0, skipped: 1 })
  process.exit(0)
}

const results = []
const check = (name, ok, detail = '') => {
  results.push(ok)
  console.log(`${ok ? 'pass' : 'FAIL'}  ${name}${detail ? ` (${detail})` : ''}`)
}

/** A profile stream through nginx that reconnects as EventSource does. */
function followProfile(url, cookie, onProfile) {
  let request = null
  let stopped = false
  let connections = 0
  const connect = () => {
    if (stopped) return
    request = http.get(`${url}/api/profile/stream`, { headers: { cookie }, agent: false })
    request.on('response', (res) => {
      connections++
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        buffer += chunk
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, i)
          buffer = buffer.slice(i + 2)
          const data = /^event: profile\ndata: (.*)$/m.exec(block)?.[1]
          if (data) onProfile(JSON.parse(data))
        }
      })
      res.on('close', () => setTimeout(connect, 200))
    })
    request.on('error', () => setTimeout(connect, 200))
  }
  connect()
  return {
    connections: () => connections,
    stop() {
      stopped = true
      request?.destroy()
    },
  }
}

const cluster = await startCluster({
  count: 2,
  env: { CONTACT_RATE_LIMIT: '100000', AUTH_RATE_LIMIT_IP: '100000' },
})
const { url } = cluster
const json = (method, path, body, cookie) =>
  fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

try {
  // 1. Requests and the live profile stream work through nginx.
  const email = `nginx-${Date.now()}@example.com`
  const reg = await json('POST', '/api/account/register', {
    displayName: 'Nginx User',
    email,
    password: 'wheel-secret',
    confirmPassword: 'wheel-secret',
  })
  const cookie = (reg.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ')
  check('sign-up through nginx', reg.status === 201, `status ${reg.status}`)
  const seen = [[], []]
  // Two streams: nginx gives them one process each, so one of them loses its process below.
  const streams = [0, 1].map((i) => followProfile(url, cookie, (p) => seen[i].push(p.displayName)))
  await sleep(1000)
  await json('PATCH', '/api/profile', { displayName: 'Before' }, cookie)
  await sleep(1000)
  check(
    'profile stream through nginx',
    seen.every((names) => names.includes('Before')),
  )

  // A live room (issue 35): its host on one process, six viewers spread over both by nginx.
  const roomRes = await json('POST', '/api/rooms', {
    wheel: {
      name: 'Nginx room',
      mode: 'normal',
      spinDuration: 1000,
      items: ['Ann', 'Bo', 'Cy'].map((text, i) => ({ id: `i${i}`, text, color: '#3b82f6' })),
    },
  })
  const room = await roomRes.json()
  check('a live room opens through nginx', roomRes.status === 201, `status ${roomRes.status}`)
  const viewers = Array.from({ length: 6 }, () => followRoom(url, room.code))
  await sleep(1000)
  check(
    'room viewers connect through nginx',
    viewers.every((v) => v.isOpen()),
  )

  // 2. Load, then kill -9 of one process.
  let acknowledged = null
  let writes = 0
  let failedAfterKill = 0
  let okAfterKill = 0
  let killedAt = 0
  let running = true
  const reader = (async () => {
    while (running) {
      const res = await fetch(`${url}/api/health`).catch(() => null)
      if (killedAt && Date.now() - killedAt > 1000) {
        if (res?.ok) okAfterKill++
        else failedAfterKill++
      }
    }
  })()
  const writer = (async () => {
    while (running) {
      const name = `Write ${++writes}`
      const res = await json('PATCH', '/api/profile', { displayName: name }, cookie).catch(() => null)
      if (res?.ok) acknowledged = name
      // Profile edits are limited to 30 a minute per user: stay under it, so the change after
      // the kill is accepted and its event can be heard.
      await sleep(200)
    }
  })()
  await sleep(1500)
  cluster.kill(0)
  killedAt = Date.now()
  let viewersBackIn = null
  while (Date.now() - killedAt < 3000) {
    if (viewers.every((v) => v.isOpen()) && viewers.some((v) => v.opens() > 1)) {
      viewersBackIn = Date.now() - killedAt
      break
    }
    await sleep(25)
  }
  check(
    'every room viewer is back within 3 s of the kill',
    viewersBackIn !== null,
    viewersBackIn === null
      ? `${viewers.filter((v) => v.isOpen()).length} of ${viewers.length} open`
      : `${viewersBackIn} ms; ${viewers.filter((v) => v.opens() > 1).length} reconnected`,
  )
  const spun = await fetch(`${url}/api/rooms/${room.code}/spin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${room.hostToken}` },
  })
  let spinHeardIn = null
  const spunAt = Date.now()
  while (Date.now() - spunAt < 3000) {
    if (viewers.every((v) => v.heard(1))) {
      spinHeardIn = Date.now() - spunAt
      break
    }
    await sleep(25)
  }
  check(
    'every room viewer sees the next spin',
    spun.status === 200 && spinHeardIn !== null,
    `spin ${spun.status}; ${spinHeardIn === null ? 'not heard by all' : `heard by all in ${spinHeardIn} ms`}`,
  )
  for (const viewer of viewers) viewer.stop()
  await sleep(Math.max(0, 2500 - (Date.now() - killedAt)))
  running = false
  await Promise.all([reader, writer])
  check(
    'requests carry on through the other process after kill -9',
    okAfterKill > 0 && failedAfterKill === 0,
    `${okAfterKill} ok, ${failedAfterKill} failed, from 1 s after the kill`,
  )

  // No acknowledged write lost: the profile holds the last acknowledged name (or the one after it,
  // whose answer the kill may have cut off).
  const stored = (await (await json('GET', '/api/profile', undefined, cookie)).json()).profile.displayName
  check(
    'no acknowledged write lost',
    acknowledged !== null && (stored === acknowledged || stored === `Write ${writes}`),
    `stored "${stored}", last acknowledged "${acknowledged}" of ${writes} writes`,
  )

  // The stream that lost its process reconnects and hears the next change within 5 s.
  const changedAt = Date.now()
  await json('PATCH', '/api/profile', { displayName: 'After the kill' }, cookie)
  let heardIn = null
  while (Date.now() - changedAt < 5000) {
    if (seen.every((names) => names.includes('After the kill'))) {
      heardIn = Date.now() - changedAt
      break
    }
    await sleep(50)
  }
  check(
    'open profile streams receive the next change within 5 s',
    heardIn !== null,
    heardIn === null
      ? 'not heard'
      : `${heardIn} ms after the change, ${Date.now() - killedAt} ms after the kill`,
  )

  const reconnections = streams.reduce((sum, stream) => sum + stream.connections(), 0) - streams.length
  check(
    'a stream whose process died reconnected through nginx',
    reconnections >= 1,
    `${reconnections} reconnection(s)`,
  )

  // 3. The restarted process rejoins: nginx sends it requests again.
  await cluster.restart(0)
  const before = cluster.logs[0].length
  await sleep(2500)
  for (let i = 0; i < 20; i++) await fetch(`${url}/api/health`)
  const served = (cluster.logs[0].slice(before).match(/"url":"\/api\/health"/g) ?? []).length
  check('the restarted process rejoins', served > 0, `${served} of 20 requests served by it`)
  for (const stream of streams) stream.stop()
} catch (error) {
  check('scenario ran', false, error instanceof Error ? error.message : String(error))
} finally {
  await cluster.stop()
}
const passed = results.filter(Boolean).length
console.log(`nginx: ${passed} passed, ${results.length - passed} failed`)
report({ passed, failed: results.length - passed, skipped: 0 })
process.exit(passed === results.length ? 0 : 1)
