// Where an added item's time goes at 10,000 items: the spin bench's "add → wheel" step (another
// tab's change arrives as a storage event), repeated, with a CPU profile summed by self time.
// Not a bench: run it by hand, `npx tsx bench/add-profile.ts`, after `npm run build`.
import { whirl } from './spin.bench'
import { launchChromium, startBuiltServer } from './support'

type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const COUNT = Number(process.env.ITEMS ?? 10_000)
const server = await startBuiltServer()
const browser = await launchChromium()
try {
  const context = await browser.newContext()
  const page = await context.newPage()
  // The spin bench's Whirl: the wheel opened from storage, then room made for the adds.
  const target = whirl(server.url)
  await target.open(page, COUNT)
  await target.shrink?.(page, 20)
  await page.waitForTimeout(1000)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 })
  const add = async (n: number) => {
    await page.evaluate(() => performance.clearMeasures())
    return target.add(page, n)
  }
  console.log('opened')
  for (let i = 0; i < 3; i++) {
    console.log('warm', await add(i))
    await page.waitForTimeout(300)
  }
  if (process.env.TRACE === '1') {
    // Style, layout and script time inside the measured adds, from a performance trace.
    await browser.startTracing(page, { categories: ['devtools.timeline'] })
    const traced: number[] = []
    for (let i = 3; i < 13; i++) {
      traced.push(await add(i))
      await page.waitForTimeout(200)
    }
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: { name: string; ph: string; dur?: number }[]
    }
    const sums = new Map<string, number>()
    for (const e of trace.traceEvents)
      if (e.ph === 'X' && e.dur) sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000 / traced.length)
    console.log('adds', traced.map((t) => t.toFixed(1)).join(' '))
    for (const [n, t] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`${t.toFixed(2).padStart(8)}  ${n}`)
    process.exit(0)
  }
  const profiling = process.env.PROFILE !== '0'
  if (profiling) await cdp.send('Profiler.start')
  const times: number[] = []
  for (let i = 3; i < 20; i++) {
    times.push(await add(i))
    const m = await page.evaluate(() =>
      performance
        .getEntriesByType('measure')
        .map((e) => `${e.name} ${e.duration.toFixed(1)}`)
        .join(', '),
    )
    console.log(times.at(-1)?.toFixed(1), m)
    await page.waitForTimeout(300)
  }
  console.log(
    'sorted',
    times
      .sort((a, b) => a - b)
      .map((t) => t.toFixed(1))
      .join(' '),
  )
  if (!profiling) process.exit(0)
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const totals = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)?.callFrame
    if (!f || f.functionName === '(idle)' || f.functionName === '(program)') return
    const name = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000 / 17)
  })
  for (const [n, t] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${t.toFixed(2).padStart(8)}  ${n}`)
  // Inclusive time of components (capitalised names), each counted once per sample.
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const inclusive = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)?.callFrame
      if (!f?.functionName || !/^[A-Z]/.test(f.functionName)) continue
      const name = `${f.functionName} ${f.url.split('/').pop()}:${f.lineNumber}`
      if (seen.has(name)) continue
      seen.add(name)
      inclusive.set(name, (inclusive.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000 / 17)
    }
  })
  console.log('inclusive, components:')
  for (const [n, t] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${t.toFixed(2).padStart(8)}  ${n}`)
} finally {
  await browser.close()
  await server.stop()
}
