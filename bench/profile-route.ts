// A CPU profile of the built server while autocannon loads one signed-in route:
// `npx tsx bench/profile-route.ts /api/profile` writes a .cpuprofile to PROFILE_DIR (default
// .tmp/profile) and prints the functions with the most self time. For finding where a request's time goes.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { autocannon, signUp } from './http-load'
import { startBuiltServer } from './support'

type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const route = process.argv[2] ?? '/api/profile'
const dir = path.resolve(process.env.PROFILE_DIR ?? '.tmp/profile')
mkdirSync(dir, { recursive: true })
const pgUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const server = await startBuiltServer(
  { DATABASE_URL: pgUrl, DATABASE_SCHEMA: `bench_profile_${Date.now()}` },
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
)
try {
  const cookie = await signUp(server.url)
  const result = await autocannon({
    url: server.url + route,
    connections: 50,
    duration: 8,
    headers: { cookie },
  })
  console.log(`${route}: ${Math.round(result.requests.average)} requests/s`)
} finally {
  await server.stop()
}
const file = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort()
  .at(-1)
if (!file) throw new Error('no profile written')
const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile
const self = new Map<number, number>()
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
})
const byName = new Map<string, number>()
let total = 0
for (const node of profile.nodes) {
  const t = self.get(node.id) ?? 0
  total += t
  const { functionName, url, lineNumber } = node.callFrame
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber}`
  byName.set(key, (byName.get(key) ?? 0) + t)
}
console.log(`profile: ${path.join(dir, file)}`)
for (const [key, t] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  console.log(`${((100 * t) / total).toFixed(1).padStart(5)} %  ${key}`)
}
